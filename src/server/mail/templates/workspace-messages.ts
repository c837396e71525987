import type { MailMessage } from '../mailer';
import { renderMailHtml, renderMailText, type MailLayout } from './mail-layout';

/**
 * The one alert of a stopped Workspace connection (docs/decisions/0133): sent once per stop to the
 * owner and each admin, saying what Google refused and the one thing that resumes the pushes.
 */
export function workspaceStoppedMessage(input: {
  to: string;
  name: string;
  organizationName: string;
  reason: string;
  publicUrl: string;
}): MailMessage {
  const page = `${input.publicUrl}/account/workspace`;
  const layout: MailLayout = {
    preheader: 'Google refused SignaturePro’s access; nothing more is sent until the connection is checked.',
    heading: 'Pushes to Gmail have stopped',
    blocks: [
      { type: 'paragraph', text: input.name.trim() ? `Hi ${input.name.trim()},` : 'Hi,' },
      {
        type: 'paragraph',
        text: `Google refused SignaturePro’s access to the Google Workspace of ${input.organizationName} in a way every later call would repeat, so the push stopped at the first refusal instead of trying everyone:`,
      },
      { type: 'paragraph', text: input.reason },
      {
        type: 'paragraph',
        text: 'Nothing more is sent to Google for your organization until someone presses “Check connection” on the Workspace page and it passes. The stopped pushes then start again by themselves.',
      },
      { type: 'button', label: 'Open the Workspace page', href: page },
      { type: 'link', intro: 'If the button does not work, paste this link into your browser:', href: page },
    ],
    footer: `You receive this because you are an owner or admin of ${input.organizationName} on SignaturePro. We send it once per stop.`,
    publicUrl: input.publicUrl,
  };
  return {
    kind: 'workspace-stopped',
    to: input.to,
    subject: `Signatures are no longer pushed to Gmail for ${input.organizationName}`,
    html: renderMailHtml(layout),
    text: renderMailText(layout),
  };
}
