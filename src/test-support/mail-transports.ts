import type { MailTransport } from '../server/mail/mailer';

/** Mail transports for the outbox tests (the outbox takes any MailTransport). */

/** Sends every message at once and keeps its Message-ID, in order, in `sent`. */
export function recordingTransport(): MailTransport & { sent: string[] } {
  const sent: string[] = [];
  return { sent, deliver: async (m) => void sent.push(m.messageId!) };
}

/**
 * An SMTP server that takes a message and never answers: `hung()` is the Message-ID of the last
 * one it took (undefined before the first), for waiting until a send hangs.
 */
export function hangingTransport(): MailTransport & { hung(): string | undefined } {
  let hung: string | undefined;
  return {
    hung: () => hung,
    deliver: (m) => {
      hung = m.messageId;
      return new Promise(() => undefined);
    },
  };
}
