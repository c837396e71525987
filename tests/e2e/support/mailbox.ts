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
