import { shouldShowWatermark } from '../../../shared/billing/watermark';
import { escapeHtml } from '../../../shared/signature/escape-html';
import { checkGmailSize } from '../../../shared/signature/gmail-size-advice';
import { renderSignature, type RenderedSignature } from '../../../shared/signature/render-signature';
import { AppError, forbidden, invalid } from '../../errors';
import type { MailMessage } from '../../mail/mailer';
import type { LimitRule, RateLimiter } from '../../rate-limit/rate-limiter';
import { consumeOrThrow } from '../../rate-limit/limit-or-throw';
import type { SignaturesRepository } from './signatures.repository';
import type { TestEmailRepository } from './test-email.repository';
import { toSavedSignature } from './saved-signature';

/** Enough to try Gmail, Outlook and Apple Mail a few times; too few to use us as a mailer. */
export const TEST_EMAIL_LIMIT: LimitRule = { name: 'mail-signature-test', limit: 5, windowMs: 60 * 60_000 };

export const TEST_EMAIL_SUBJECT = 'Test email: your SignaturePro signature';

export type TestEmailResult = { to: string; message: string };

const FONT = 'Arial,Helvetica,sans-serif';

/**
 * A plain message with the signature under it, as a recipient gets it: no branded frame around it,
 * so that Gmail, Outlook and Apple Mail draw the signature in the setting it is used in.
 */
export function testEmailMessage(to: string, name: string, rendered: RenderedSignature): MailMessage {
  const greeting = name.trim() ? `Hi ${name.trim()},` : 'Hi,';
  const intro =
    'This is the test email you asked for from the SignaturePro editor. Below is your signature as your recipients will get it: check the images, the links and the colours, in light and dark mode.';
  const html = [
    `<div style="font-family:${FONT};font-size:14px;line-height:20px;color:#202124">`,
    `<p style="margin:0 0 12px">${escapeHtml(greeting)}</p>`,
    `<p style="margin:0 0 12px">${escapeHtml(intro)}</p>`,
    '<p style="margin:0 0 12px">Best regards,</p>',
    '</div>',
    `<div>${rendered.html}</div>`,
  ].join('');
  const text = [greeting, '', intro, '', 'Best regards,', '', '-- ', rendered.text].join('\n');
  return { kind: 'signature-test', to, subject: TEST_EMAIL_SUBJECT, html, text, logHint: 'signature test email' };
}

export function createTestEmailService(deps: {
  signatures: SignaturesRepository;
  recipients: TestEmailRepository;
  limiter: RateLimiter;
  sendMail(message: MailMessage): Promise<void>;
  /** PUBLIC_URL: the same origin generate-html renders with. */
  publicUrl: string;
}) {
  const { signatures, recipients } = deps;

  return {
    /** Mails the saved signature, rendered here, to the signed-in person's own verified address. */
    async sendTestEmail(userId: string, signatureId: string): Promise<TestEmailResult> {
      const person = await recipients.findRecipient(userId);
      if (!person) throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
      const row = await signatures.findOwnedSignature(signatureId, userId);
      if (!row) {
        throw new AppError(
          'NOT_FOUND',
          'We could not find that signature. It may have been deleted, or it belongs to another account.',
        );
      }
      if (!person.emailVerified) {
        throw forbidden(
          `Verify your email address first: we only send test emails to a confirmed address. Look for the code we sent to ${person.email}.`,
        );
      }
      const saved = toSavedSignature(row);
      const showWatermark = shouldShowWatermark(await signatures.findSubscriptionStatus(userId));
      const options = { publicUrl: deps.publicUrl, showWatermark };
      const rendered = renderSignature(saved, options);
      if (rendered.text.trim() === '' || (!saved.name.trim() && !saved.email.trim() && !saved.title.trim())) {
        throw invalid('Your signature is empty: add your name in the Details tab, then send the test email.');
      }
      // A signature Gmail would refuse is not tried out on recipients either: the same words as the copy buttons.
      const { refusal } = checkGmailSize(saved, options, rendered);
      if (refusal) throw invalid(refusal.message);
      await consumeOrThrow(
        deps.limiter,
        TEST_EMAIL_LIMIT,
        userId,
        (wait) => `You can send ${TEST_EMAIL_LIMIT.limit} test emails an hour. Please try again ${wait}.`,
      );
      await deps.sendMail(testEmailMessage(person.email, saved.name || person.name, rendered));
      return { to: person.email, message: `Test email sent to ${person.email}.` };
    },
  };
}
export type TestEmailService = ReturnType<typeof createTestEmailService>;
