import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

/** The messages the local mailbox (DATA_DIR/mailbox/*.eml) holds, oldest first. */
export async function readMailbox(dataDir: string): Promise<ParsedMail[]> {
  const dir = path.join(dataDir, 'mailbox');
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  return Promise.all(files.map((f) => simpleParser(readFileSync(path.join(dir, f)))));
}

/** Waits until a message to `to` whose subject matches arrives. */
export async function waitForMail(
  dataDir: string,
  to: string,
  subject: RegExp,
  timeoutMs = 10_000,
): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readMailbox(dataDir)).reverse().find((m) => {
      const recipients = [m.to].flat().flatMap((a) => (a ? a.value.map((v) => v.address?.toLowerCase()) : []));
      return recipients.includes(to.toLowerCase()) && subject.test(m.subject ?? '');
    });
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${subject} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first link (href) in a message's HTML whose address contains `part`, entities decoded. */
export function linkIn(mail: ParsedMail, part: string): string {
  for (const match of String(mail.html).matchAll(/href="([^"]+)"/g))
    if (match[1]!.includes(part)) return match[1]!.replaceAll('&amp;', '&');
  throw new Error(`no ${part} link in "${mail.subject}"`);
}

/** The invitation link in a message's text, if there is one. */
export const invitationLinkIn = (mail: ParsedMail): string | undefined =>
  /https?:\/\/\S+\/invitations\/[^\s"<>]+/.exec(mail.text ?? '')?.[0];

/** The six-digit code in a message's text. */
export const codeIn = (mail: ParsedMail): string => /\b(\d{6})\b/.exec(mail.text ?? '')![1]!;

/** The `mailbox` fixture: the messages the server under test sent, read from its mailbox folder. */
export type Mailbox = {
  /** Waits until a message to `to` whose subject matches arrives (10 s unless told). */
  waitFor(to: string, subject: RegExp, timeoutMs?: number): Promise<ParsedMail>;
  /** Everything sent so far, oldest first. */
  all(): Promise<ParsedMail[]>;
};

export const mailboxOf = (dataDir: string): Mailbox => ({
  waitFor: (to, subject, timeoutMs) => waitForMail(dataDir, to, subject, timeoutMs),
  all: () => readMailbox(dataDir),
});
