import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A received mail, parsed the way a mail client would, with the envelope (who really gets a copy),
 * the raw message, and the links and 6-digit code a person would act on.
 */
export type CapturedMail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  messageId: string | undefined;
  links: string[];
  code: string | undefined;
  envelopeFrom: string;
  envelopeTo: string[];
  raw: string;
  parsed: ParsedMail;
};

function summariseMail(parsed: ParsedMail, raw: string, envelopeFrom: string, envelopeTo: string[]): CapturedMail {
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
    envelopeFrom,
    envelopeTo,
    raw,
    parsed,
  };
}

/**
 * The one SMTP server of the tests: real SMTP on loopback (port 0: any free port) that the app's
 * nodemailer talks to, keeping every message it receives.
 */
export async function startSmtpTestServer(port = 0) {
  const mails: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    // A self-signed STARTTLS would make nodemailer refuse the connection; loopback needs no TLS.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw).then(
          (parsed) => {
            const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
            mails.push(
              summariseMail(
                parsed,
                raw,
                envelopeFrom,
                session.envelope.rcptTo.map((r) => r.address),
              ),
            );
            waiters.forEach((w) => w());
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;

  /** Resolves once `ready()` answers something (checked at once and at every new mail). */
  function waitUntil<T>(ready: () => T | undefined, timeoutMs: number, expected: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = ready();
        if (found === undefined) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        const received = mails.map((m) => `${m.to} "${m.subject}"`).join('; ') || 'none';
        reject(new Error(`${expected} within ${timeoutMs} ms; received: ${received}`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  }

  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    mails,
    /** Resolves with the first mail (already received or yet to come) that matches. */
    waitFor(match: (mail: CapturedMail) => boolean, timeoutMs = 10_000): Promise<CapturedMail> {
      return waitUntil(() => mails.find(match), timeoutMs, 'no matching mail');
    },
    /** Resolves with every mail once at least `count` have arrived. */
    waitForCount(count: number, timeoutMs = 10_000): Promise<CapturedMail[]> {
      return waitUntil(() => (mails.length >= count ? mails : undefined), timeoutMs, `fewer than ${count} mail(s)`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpTestServer = Awaited<ReturnType<typeof startSmtpTestServer>>;
