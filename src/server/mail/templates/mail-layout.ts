import { escapeHtml } from '../../../shared/signature/escape-html';

const FONT = "-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const BRAND = '#1a73e8';

export type MailBlock =
  | { type: 'paragraph'; text: string; muted?: boolean }
  | { type: 'code'; code: string; caption: string }
  | { type: 'button'; label: string; href: string }
  | { type: 'link'; intro: string; href: string };

export type MailLayout = {
  /** Shown by mail clients beside the subject; never holds the code itself. */
  preheader: string;
  heading: string;
  blocks: MailBlock[];
  footer: string;
  publicUrl: string;
};

function renderBlock(block: MailBlock): string {
  switch (block.type) {
    case 'paragraph':
      return `<p style="margin:0 0 16px;font:${block.muted ? '13px/1.6' : '15px/1.6'} ${FONT};color:${block.muted ? '#64748b' : '#334155'}">${escapeHtml(block.text)}</p>`;
    case 'code':
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:8px 0 20px"><tr><td align="center" style="background:#f1f5f9;border:1px solid #e2e8f0;border-radius:10px;padding:18px 12px">
<div style="font:700 34px/1 'SFMono-Regular',Menlo,Consolas,'Courier New',monospace;letter-spacing:10px;color:#0f172a;padding-left:10px">${escapeHtml(block.code)}</div>
<div style="margin-top:10px;font:12px/1.4 ${FONT};color:#64748b">${escapeHtml(block.caption)}</div>
</td></tr></table>`;
    case 'button':
      return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr><td style="border-radius:8px;background:${BRAND}">
<a href="${escapeHtml(block.href)}" style="display:inline-block;padding:13px 28px;font:600 15px/1 ${FONT};color:#ffffff;text-decoration:none;border-radius:8px">${escapeHtml(block.label)}</a>
</td></tr></table>`;
    case 'link':
      return `<p style="margin:0 0 16px;font:13px/1.6 ${FONT};color:#64748b">${escapeHtml(block.intro)}<br><a href="${escapeHtml(block.href)}" style="color:${BRAND};word-break:break-all">${escapeHtml(block.href)}</a></p>`;
  }
}

/** Table layout with inline styles only: what every mail client, Gmail and Outlook included, renders alike. */
export function renderMailHtml(layout: MailLayout): string {
  const host = new URL(layout.publicUrl).host;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light"><title>${escapeHtml(layout.heading)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9">
<div style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(layout.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9"><tr><td align="center" style="padding:40px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;background:#ffffff;border:1px solid #e2e8f0;border-radius:14px">
<tr><td style="padding:28px 36px 0">
<table role="presentation" cellpadding="0" cellspacing="0"><tr>
<td style="width:32px;height:32px;background:${BRAND};border-radius:8px;text-align:center;vertical-align:middle;font:700 17px/32px ${FONT};color:#ffffff">S</td>
<td style="padding-left:10px;font:700 17px/1 ${FONT};color:#0f172a">SignaturePro</td>
</tr></table>
</td></tr>
<tr><td style="padding:28px 36px 4px"><h1 style="margin:0 0 16px;font:700 22px/1.3 ${FONT};color:#0f172a">${escapeHtml(layout.heading)}</h1>
${layout.blocks.map(renderBlock).join('\n')}
</td></tr>
<tr><td style="padding:0 36px 28px"><div style="border-top:1px solid #e2e8f0;padding-top:16px;font:12px/1.6 ${FONT};color:#94a3b8">${escapeHtml(layout.footer)}</div></td></tr>
</table>
<p style="margin:16px 0 0;font:12px/1.5 ${FONT};color:#94a3b8">SignaturePro · <a href="${escapeHtml(layout.publicUrl)}" style="color:#94a3b8">${escapeHtml(host)}</a></p>
</td></tr></table>
</body></html>`;
}

/** The plain-text part: the same words and the full links, for clients that show no HTML. */
export function renderMailText(layout: MailLayout): string {
  const lines: string[] = [layout.heading, ''];
  for (const block of layout.blocks) {
    if (block.type === 'paragraph') lines.push(block.text, '');
    if (block.type === 'code') lines.push(`    ${block.code}`, `(${block.caption})`, '');
    if (block.type === 'button') lines.push(`${block.label}:`, block.href, '');
    if (block.type === 'link') continue;
  }
  lines.push('--', layout.footer, '', `SignaturePro · ${layout.publicUrl}`);
  return lines.join('\n');
}
