import nodemailer from 'nodemailer';
import { gmailRgb } from '../shared/signature/gmail-size';

/**
 * A signature as Gmail stores it, built from what public Gmail-produced HTML shows (the rules in
 * src/shared/signature/gmail-size.ts, written out here independently so a test can hold the model
 * against them): a `<div dir="ltr">` around it, a `<tbody>` in every table, `target="_blank"` on
 * every link, every image on a proxy URL of 122–127 characters, colours as `rgb(r,g,b)`, quoted font
 * names as `&quot;`.
 */
export function gmailStoredCopy(html: string, proxyLength: (index: number) => number = () => 127): string {
  let image = 0;
  const rewritten = html
    .replace(/(<table\b[^>]*>)/gi, '$1<tbody>')
    .replace(/<\/table>/gi, '</tbody></table>')
    .replace(/<a\b([^>]*)>/gi, '<a$1 target="_blank">')
    .replace(/(<img\b[^>]*?\ssrc=")([^"]*)"/gi, (_, head: string) => `${head}${proxyUrl(image, proxyLength(image++))}"`)
    .replace(/\sstyle="([^"]*)"/gi, (_, style: string) => {
      const gmailStyle = style
        .replace(/#([0-9a-f]{6}|[0-9a-f]{3})\b/gi, (hex) => gmailRgb(hex))
        .replace(/'/g, '&quot;');
      return ` style="${gmailStyle}"`;
    });
  return `<div dir="ltr">${rewritten}</div>`;
}

function proxyUrl(index: number, length: number): string {
  const head = `https://ci3.googleusercontent.com/meips/ADKq_N${index}`;
  const tail = '=s0-d-e1-ft';
  return head + 'x'.repeat(Math.max(0, length - head.length - tail.length)) + tail;
}

/** A message sent from Gmail with `stored` as its signature, as "Show original" shows it (MIME, quoted-printable). */
export async function gmailSentMessage(stored: string, body = 'Hello Ada,'): Promise<string> {
  const html =
    `<div dir="ltr">${body}<br clear="all"><div><br></div><span class="gmail_signature_prefix">-- </span><br>` +
    `<div dir="ltr" class="gmail_signature" data-smartmail="gmail_signature">${stored}</div></div>`;
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await transport.sendMail({
    from: 'Ada Lovelace <ada@example.com>',
    to: 'ada@example.com',
    subject: 'What Gmail stored',
    text: body,
    html,
  });
  return (info.message as Buffer).toString('utf8');
}
