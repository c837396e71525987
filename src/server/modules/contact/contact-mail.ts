import { escapeHtml } from '../../../shared/signature/escape-html';
import type { ContactMessage } from '../../../shared/validation/contact-schema';
import type { MailMessage } from '../../mail/mailer';

/**
 * The copy of a contact message that goes to the support address. Reply-To is the bare, validated
 * address (never "name <address>": a name with commas would parse as several addresses); every
 * value reaches the headers through nodemailer, which encodes them, and the HTML escapes them.
 */
export function buildContactMail(message: ContactMessage, supportEmail: string, id: string): MailMessage {
  const lines = message.message.split(/\r\n?|\n/);
  const html = [
    '<div style="font-family:Arial,sans-serif;font-size:14px;color:#1f2937">',
    '<p style="margin:0 0 12px">New message from the SignaturePro contact form.</p>',
    '<table cellpadding="4" cellspacing="0" style="border-collapse:collapse">',
    `<tr><td style="color:#6b7280">From</td><td>${escapeHtml(message.name)} &lt;${escapeHtml(message.email)}&gt;</td></tr>`,
    `<tr><td style="color:#6b7280">Subject</td><td>${escapeHtml(message.subject)}</td></tr>`,
    `<tr><td style="color:#6b7280">Reference</td><td>${escapeHtml(id)}</td></tr>`,
    '</table>',
    `<p style="margin:16px 0 0;white-space:pre-wrap">${lines.map(escapeHtml).join('<br>')}</p>`,
    '<p style="margin:16px 0 0;color:#6b7280">Reply to this email to answer the sender directly.</p>',
    '</div>',
  ].join('');
  const text = [
    'New message from the SignaturePro contact form.',
    '',
    `From: ${message.name} <${message.email}>`,
    `Subject: ${message.subject}`,
    `Reference: ${id}`,
    '',
    message.message,
    '',
    'Reply to this email to answer the sender directly.',
  ].join('\n');
  return {
    to: supportEmail,
    subject: `[Contact] ${message.subject}`,
    html,
    text,
    kind: 'contact',
    replyTo: message.email,
    logHint: `contact message ${id} from ${message.email}`,
  };
}
