import type { RenderedSignature } from '../../../shared/signature/render-signature';

export const GMAIL_SETTINGS_URL = 'https://mail.google.com/mail/u/0/#settings/general';

/** Rich copy needs both the async clipboard write and ClipboardItem (older Firefox has neither). */
export function canWriteRichClipboard(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    typeof navigator.clipboard?.write === 'function' &&
    typeof globalThis.ClipboardItem === 'function'
  );
}

/**
 * Puts the signature on the clipboard as text/html (Gmail's signature box takes a rich paste)
 * and text/plain (for plain-text editors). Throws when the browser refuses.
 */
export async function writeSignatureToClipboard(signature: RenderedSignature): Promise<void> {
  const item = new ClipboardItem({
    'text/html': new Blob([signature.html], { type: 'text/html' }),
    'text/plain': new Blob([signature.text], { type: 'text/plain' }),
  });
  await navigator.clipboard.write([item]);
}

/** Copies the HTML source itself, for people who paste it into another tool. */
export async function writeHtmlSourceToClipboard(html: string): Promise<void> {
  if (typeof navigator !== 'undefined' && typeof navigator.clipboard?.writeText === 'function') {
    await navigator.clipboard.writeText(html);
    return;
  }
  // Without the async clipboard (http pages, old browsers) the legacy copy command still works.
  const area = document.createElement('textarea');
  area.value = html;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('The browser refused to copy.');
}

/** Opens Gmail's settings in a new tab; the opener link is cut so Gmail cannot reach this page. */
export function openGmailSettings(): void {
  const tab = window.open(GMAIL_SETTINGS_URL, '_blank', 'noopener,noreferrer');
  if (tab) tab.opener = null;
}

function manualCopyPage(html: string): string {
  const step = 'margin:0 0 8px';
  return `<main style="font-family:Arial,Helvetica,sans-serif;max-width:720px;margin:40px auto;padding:0 24px;color:#1f2937">
<h1 style="font-size:22px;margin:0 0 12px">Copy your Gmail signature</h1>
<p style="margin:0 0 16px;color:#4b5563">Your browser does not let SignaturePro write to the clipboard, so please copy it by hand:</p>
<ol style="padding-left:20px;margin:0 0 24px;line-height:1.5">
<li style="${step}">Select the signature in the box below (drag across it, or click inside it and press Ctrl+A / &#8984;A).</li>
<li style="${step}">Copy it with Ctrl+C / &#8984;C.</li>
<li style="${step}">Open <a href="${GMAIL_SETTINGS_URL}" target="_blank" rel="noopener noreferrer" style="color:#1a73e8">Gmail settings</a> &rarr; General, paste it into the Signature box and click Save Changes.</li>
</ol>
<div contenteditable="true" aria-label="Your signature" style="border:1px solid #d1d5db;border-radius:8px;padding:20px;outline:none">${html}</div>
</main>`;
}

/**
 * The fallback when the clipboard cannot be written: a new tab showing the signature with
 * instructions. The HTML is the renderer's output, already escaped. Returns false if blocked.
 */
export function openManualCopyTab(html: string): boolean {
  const tab = window.open('', '_blank');
  if (!tab) return false;
  tab.opener = null;
  tab.document.title = 'Copy your Gmail signature';
  tab.document.body.innerHTML = manualCopyPage(html);
  return true;
}
