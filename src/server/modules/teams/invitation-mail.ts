import type { MailMessage } from '../../mail/mailer';
import { renderMailHtml, renderMailText, type MailLayout } from '../../mail/templates/mail-layout';
import { ROLE_LABELS, type TeamRole } from '../../../shared/validation/account-schemas';

/** The team invitation: who invites, to which organization, as what, and the accept link (built from PUBLIC_URL). */
export function invitationMessage(input: {
  to: string;
  organizationName: string;
  inviterName: string;
  /** A verified address (only verified people invite): the one sender detail the subject names. */
  inviterEmail: string;
  role: TeamRole;
  token: string;
  expiresAt: Date;
  publicUrl: string;
}): MailMessage {
  const link = `${input.publicUrl}/invitations/${encodeURIComponent(input.token)}`;
  const role = ROLE_LABELS[input.role].toLowerCase();
  const expires = input.expiresAt.toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const layout: MailLayout = {
    preheader: `${input.inviterName} invited you to ${input.organizationName} on SignaturePro.`,
    heading: `Join ${input.organizationName} on SignaturePro`,
    blocks: [
      { type: 'paragraph', text: 'Hi,' },
      {
        type: 'paragraph',
        text: `${input.inviterName} invited you to join ${input.organizationName} as ${role === 'admin' ? 'an admin' : 'a member'}. Your team uses SignaturePro to keep everyone's Gmail signature consistent.`,
      },
      { type: 'button', label: `Join ${input.organizationName}`, href: link },
      { type: 'link', intro: 'If the button does not work, paste this link into your browser:', href: link },
      {
        type: 'paragraph',
        text: `The invitation works until ${expires}. You can sign up or log in on the page it opens.`,
        muted: true,
      },
    ],
    footer:
      "If you weren't expecting this invitation, you can ignore this email; nothing happens unless you accept it.",
    publicUrl: input.publicUrl,
  };
  return {
    kind: 'invitation',
    to: input.to,
    // Free text (the organization's or the inviter's name) stays out of the subject: it would turn
    // invitations into a way to send any words to any inbox from our address.
    subject: input.inviterEmail
      ? `${input.inviterEmail} invited you to join their team on SignaturePro`
      : 'You are invited to join a team on SignaturePro',
    html: renderMailHtml(layout),
    text: renderMailText(layout),
    logHint: `accept link ${link}`,
  };
}
