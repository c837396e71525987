import type { MailMessage } from '../mailer';
import { renderMailHtml, renderMailText, type MailLayout } from './mail-layout';
import { shortDate } from '../../../shared/billing/purchase-words';

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

/** 3 days and 1 day before the trial ends with nothing bought: what changes then, and where to choose a plan. */
export function trialEndingMessage(input: {
  to: string;
  name: string;
  organizationName: string;
  trialEndsAt: Date;
  kind: '3-days' | '1-day';
  publicUrl: string;
}): MailMessage {
  const when = input.kind === '1-day' ? 'tomorrow' : 'in 3 days';
  const subject = `Your SignaturePro trial ends ${when}`;
  return message('trial-ending', input.to, subject, {
    preheader: `The trial of ${input.organizationName} ends on ${shortDate(input.trialEndsAt)}.`,
    heading: subject,
    blocks: [
      { type: 'paragraph', text: greeting(input.name) },
      {
        type: 'paragraph',
        text:
          `The 7-day trial of ${input.organizationName} ends on ${shortDate(input.trialEndsAt)}. After that it is on the ` +
          'Free plan: 1 seat, the SignaturePro watermark, and no team features. Nothing anyone made is deleted.',
      },
      {
        type: 'paragraph',
        text: 'To keep your team and signatures without the watermark, choose Standard or Pro in Plan & Billing.',
      },
      { type: 'button', label: 'Open Plan & Billing', href: planAndBillingUrl(input.publicUrl) },
    ],
    footer: 'You receive this e-mail because you are an owner or admin of this SignaturePro organization.',
    publicUrl: input.publicUrl,
  });
}
