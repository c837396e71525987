import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SendMailOptions, Transporter } from 'nodemailer';
import type { Logger } from '../http';
import type { AppConfig } from '../config';

export type MailMessage = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** verification, magic-link, password-reset, invitation, contact… */
  kind: string;
  replyTo?: string;
  /** A code or link worth printing in the log when mail stays local. */
  logHint?: string;
  /** Stable per recorded message, so a receiver can drop the copy of a retried send. */
  messageId?: string;
};

export interface MailTransport {
  deliver(message: MailMessage): Promise<void>;
}

/** What nodemailer is given for a message, by SMTP and by the mailbox alike. */
function mailOptions(config: AppConfig, message: MailMessage): SendMailOptions {
  return {
    messageId: message.messageId,
    from: config.mailFrom,
    to: message.to,
    replyTo: message.replyTo,
    subject: message.subject,
    html: message.html,
    text: message.text,
  };
}

/** SMTP when SMTP_URL is set. */
export function createSmtpTransport(config: AppConfig): MailTransport {
  // nodemailer is loaded with the first message, not at start-up (decision 0092).
  let transporter: Promise<Transporter> | null = null;
  const connect = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: config.smtpUrl!,
        // nodemailer waits minutes by default; the outbox retries instead of hanging on a dead server.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      }),
    ));
  return {
    async deliver(message) {
      await (await connect()).sendMail(mailOptions(config, message));
    },
  };
}

/** The embedded default: each message becomes an .eml file under DATA_DIR/mailbox, and the log says what it holds. */
export function createMailboxTransport(config: AppConfig, log: Pick<Logger, 'info'>): MailTransport {
  const dir = path.join(config.dataDir, 'mailbox');
  return {
    async deliver(message) {
      // nodemailer builds the MIME text, so header values are encoded and cannot inject headers.
      // Loaded with the first message, not at start-up (decision 0092).
      const { default: MailComposer } = await import('nodemailer/lib/mail-composer/index.js');
      const raw = await new MailComposer(mailOptions(config, message)).compile().build();
      await mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.kind}-${randomUUID().slice(0, 8)}.eml`;
      const tmp = path.join(dir, `.${name}.tmp`);
      await writeFile(tmp, raw);
      await rename(tmp, path.join(dir, name));
      // Codes and links are printed only for a local trial (http): on a public https server they stay in the file.
      const hint = config.publicUrl.startsWith('https://') ? undefined : message.logHint;
      log.info(
        { mail: { to: message.to, subject: message.subject, hint, file: path.join(dir, name) } },
        `mail written to the local mailbox: "${message.subject}" to ${message.to}${hint ? ` — ${hint}` : ''}`,
      );
    },
  };
}

export function createMailTransport(config: AppConfig, log: Pick<Logger, 'info'>): MailTransport {
  return config.smtpUrl ? createSmtpTransport(config) : createMailboxTransport(config, log);
}
