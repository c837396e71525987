import type { MailMessage } from '../mailer';
import { renderMailHtml, renderMailText, type MailLayout } from './mail-layout';

const greeting = (name: string) => (name.trim() ? `Hi ${name.trim()},` : 'Hi,');

function message(kind: string, to: string, subject: string, layout: MailLayout): MailMessage {
  return { kind, to, subject, html: renderMailHtml(layout), text: renderMailText(layout) };
}

/** Links into the app are built from PUBLIC_URL only. */
export const planAndBillingUrl = (publicUrl: string) => `${publicUrl}/account/billing`;

/** The success page's words, by e-mail: what was bought, when the first charge comes, where to cancel. */
export function purchaseMessage(input: {
  to: string;
  name: string;
  heading: string;
  message: string;
  publicUrl: string;
}): MailMessage {
  return message('purchase', input.to, input.heading, {
    preheader: input.message,
    heading: input.heading,
    blocks: [
      { type: 'paragraph', text: greeting(input.name) },
      { type: 'paragraph', text: input.message },
      { type: 'button', label: 'Open Plan & Billing', href: planAndBillingUrl(input.publicUrl) },
    ],
    footer: 'You receive this e-mail because you bought a SignaturePro plan.',
    publicUrl: input.publicUrl,
  });
}
