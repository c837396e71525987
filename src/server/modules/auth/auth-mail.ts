import type { AppConfig } from '../../config';
import type { MailOutbox } from '../../mail/mail-outbox';
import {
  accountExistsMessage,
  magicLinkMessage,
  passwordResetMessage,
  verificationMessage,
} from '../../mail/templates/auth-messages';

/** The account flows' mail, recorded in the outbox and sent in the background. */
export function createAuthMail(outbox: MailOutbox, config: Pick<AppConfig, 'publicUrl'>) {
  const { publicUrl } = config;
  return {
    verification: (to: string, name: string, code: string, token: string) =>
      outbox.enqueue(verificationMessage({ to, name, code, token, publicUrl })),
    magicLink: (to: string, token: string) => outbox.enqueue(magicLinkMessage({ to, token, publicUrl })),
    passwordReset: (to: string, name: string, token: string) =>
      outbox.enqueue(passwordResetMessage({ to, name, token, publicUrl })),
    accountExists: (to: string) => outbox.enqueue(accountExistsMessage({ to, publicUrl })),
  };
}
export type AuthMail = ReturnType<typeof createAuthMail>;
