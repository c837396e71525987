import type { MailMessage } from '../mailer';
import { renderMailHtml, renderMailText, type MailLayout } from './mail-layout';

/** Every link in a mail is built from PUBLIC_URL; a request's Host header never reaches this file. */
export type AuthLinks = { publicUrl: string };

function message(kind: string, to: string, subject: string, layout: MailLayout, logHint: string): MailMessage {
  return { kind, to, subject, html: renderMailHtml(layout), text: renderMailText(layout), logHint };
}

const greeting = (name: string) => (name.trim() ? `Hi ${name.trim()},` : 'Hi,');

export function verificationMessage(
  input: { to: string; name: string; code: string; token: string } & AuthLinks,
): MailMessage {
  const link = `${input.publicUrl}/verify-email/${encodeURIComponent(input.token)}`;
  return message(
    'verification',
    input.to,
    'Verify your email for SignaturePro',
    {
      preheader: 'Your verification code and link are inside.',
      heading: 'Confirm your email address',
      blocks: [
        { type: 'paragraph', text: greeting(input.name) },
        {
          type: 'paragraph',
          text: 'Enter this code on the verification page to finish setting up your SignaturePro account:',
        },
        { type: 'code', code: input.code, caption: 'This code expires in 10 minutes.' },
        { type: 'paragraph', text: 'Or confirm with one click. The button works for 24 hours.' },
        { type: 'button', label: 'Verify my email', href: link },
        { type: 'link', intro: 'If the button does not work, paste this link into your browser:', href: link },
      ],
      footer:
        "If you didn't create a SignaturePro account, ignore this email and nothing will happen. Never share this code with anyone.",
      publicUrl: input.publicUrl,
    },
    `code ${input.code}, link ${link}`,
  );
}

export function magicLinkMessage(input: { to: string; token: string } & AuthLinks): MailMessage {
  const link = `${input.publicUrl}/magic-link/${encodeURIComponent(input.token)}`;
  return message(
    'magic-link',
    input.to,
    'Your SignaturePro sign-in link',
    {
      preheader: 'Sign in to SignaturePro without a password.',
      heading: 'Sign in to SignaturePro',
      blocks: [
        { type: 'paragraph', text: 'Use the button below to sign in. The link works once and expires in 10 minutes.' },
        { type: 'button', label: 'Sign in to SignaturePro', href: link },
        { type: 'link', intro: 'If the button does not work, paste this link into your browser:', href: link },
      ],
      footer:
        "If you didn't ask to sign in, ignore this email: without the link nobody can use it, and your account stays as it is.",
      publicUrl: input.publicUrl,
    },
    `link ${link}`,
  );
}

export function passwordResetMessage(input: { to: string; name: string; token: string } & AuthLinks): MailMessage {
  const link = `${input.publicUrl}/reset-password/${encodeURIComponent(input.token)}`;
  return message(
    'password-reset',
    input.to,
    'Reset your SignaturePro password',
    {
      preheader: 'Choose a new password for your account.',
      heading: 'Reset your password',
      blocks: [
        { type: 'paragraph', text: greeting(input.name) },
        {
          type: 'paragraph',
          text: 'We received a request to reset the password of your SignaturePro account. Choose a new one here:',
        },
        { type: 'button', label: 'Choose a new password', href: link },
        {
          type: 'paragraph',
          text: 'The link works once and expires in 60 minutes. Asking for another link makes this one stop working.',
          muted: true,
        },
        { type: 'link', intro: 'If the button does not work, paste this link into your browser:', href: link },
      ],
      footer: "If you didn't ask for this, ignore this email: your password stays the same.",
      publicUrl: input.publicUrl,
    },
    `link ${link}`,
  );
}

/** Sent instead of a second account: the person at the form learns nothing, the owner learns everything. */
export function accountExistsMessage(input: { to: string } & AuthLinks): MailMessage {
  const login = `${input.publicUrl}/login`;
  return message(
    'account-exists',
    input.to,
    'Someone tried to sign up with your email',
    {
      preheader: 'You already have a SignaturePro account.',
      heading: 'You already have an account',
      blocks: [
        {
          type: 'paragraph',
          text: `Someone, perhaps you, just tried to create a SignaturePro account with ${input.to}. That address already has an account, so no new one was made.`,
        },
        {
          type: 'paragraph',
          text: 'If it was you, log in instead. On the login page you can also get a sign-in link by email or reset your password.',
        },
        { type: 'button', label: 'Log in to SignaturePro', href: login },
      ],
      footer: "If it wasn't you, you can ignore this email. Nothing about your account has changed.",
      publicUrl: input.publicUrl,
    },
    `login ${login}`,
  );
}
