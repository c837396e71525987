import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A received mail, parsed, with the links and 6-digit code a person would act on. */
export type CapturedMail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  messageId: string | undefined;
  links: string[];
  code: string | undefined;
  parsed: ParsedMail;
};

export function summariseMail(parsed: ParsedMail): CapturedMail {
  const html = typeof parsed.html === 'string' ? parsed.html : '';
  const text = parsed.text ?? '';
  const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(', ') : (parsed.to?.text ?? '');
  const links = [...new Set([...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&')))];
  return {
    to,
    subject: parsed.subject ?? '',
    html,
    text,
    messageId: parsed.messageId,
    links,
    code: /\b(\d{6})\b/.exec(text)?.[1],
    parsed,
  };
}

/**
 * A real SMTP server on loopback for tests: the app's nodemailer talks SMTP to it, and each
 * message is parsed the way a mail client would.
 */
export async function startSmtpTestServer(port = 0) {
  const mails: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push(summariseMail(parsed));
          waiters.forEach((w) => w());
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;

  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    mails,
    /** Resolves with the first mail (already received or yet to come) that matches. */
    waitFor(match: (mail: CapturedMail) => boolean, timeoutMs = 10_000): Promise<CapturedMail> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = mails.find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no matching mail within ${timeoutMs} ms; received: ${mails.map((m) => `${m.to} "${m.subject}"`).join('; ') || 'none'}`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpTestServer = Awaited<ReturnType<typeof startSmtpTestServer>>;
