import type { RenderedSignature } from '../../../shared/signature/render-signature';

export const GMAIL_SETTINGS_URL = 'https://mail.google.com/mail/u/0/#settings/general';

/** The element that shows the rendered signature in the Gmail preview. */
export const SIGNATURE_PREVIEW_SELECTOR = '[data-testid="signature-preview"]';
/** The signature as sent, present while the preview shows a dark theme (gmail-preview.tsx). */
export const LIGHT_COPY_TEST_ID = 'signature-light-copy';

/** Rich copy needs both the async clipboard write and ClipboardItem (older Firefox has neither). */
export function canWriteRichClipboard(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    typeof navigator.clipboard?.write === 'function' &&
    typeof globalThis.ClipboardItem === 'function'
  );
}

/** Marks a promise as handled: the ClipboardItem reads it, and its failure is reported by write(). */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/**
 * Puts the signature on the clipboard as text/html (Gmail's signature box takes a rich paste)
 * and text/plain. Not async on purpose: navigator.clipboard.write is called before this returns,
 * inside the click, with a ClipboardItem built from promises, so the browser keeps the click's
 * permission while the server answers (Safari refuses a write made after an await). The
 * returned promise rejects when the browser refuses or the signature could not be produced.
 */
export function writeSignatureToClipboard(signature: Promise<RenderedSignature>): Promise<void> {
  const item = new ClipboardItem({
    'text/html': quiet(signature.then((s) => new Blob([s.html], { type: 'text/html' }))),
    'text/plain': quiet(signature.then((s) => new Blob([s.text], { type: 'text/plain' }))),
  });
  return navigator.clipboard.write([item]);
}

/**
 * Copies the HTML source itself, as plain text, for people who paste it into another tool. Like
 * the rich copy, the write starts inside the click; without ClipboardItem the already rendered
 * `fallback` goes through writeText or the legacy copy command.
 */
export function writeHtmlSourceToClipboard(html: Promise<string>, fallback: string): Promise<void> {
  if (canWriteRichClipboard()) {
    const item = new ClipboardItem({
      'text/plain': quiet(html.then((source) => new Blob([source], { type: 'text/plain' }))),
    });
    return navigator.clipboard.write([item]);
  }
  if (typeof navigator !== 'undefined' && typeof navigator.clipboard?.writeText === 'function') {
    return navigator.clipboard.writeText(fallback);
  }
  // Without the async clipboard (http pages, old browsers) the legacy copy command still works.
  const area = document.createElement('textarea');
  area.value = fallback;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  return copied ? Promise.resolve() : Promise.reject(new Error('The browser refused to copy.'));
}

/** Opens Gmail's settings in a new tab; the opener link is cut so Gmail cannot reach this page. */
export function openGmailSettings(): void {
  const tab = window.open(GMAIL_SETTINGS_URL, '_blank', 'noopener,noreferrer');
  if (tab) tab.opener = null;
}

/**
 * The fallback when the clipboard cannot be written: selects the rendered signature in the
 * preview, so that Ctrl+C / Cmd+C copies it as it looks (a rich copy Gmail accepts), and brings
 * it into view. Returns false when there is no preview to select. While the preview shows a dark
 * theme it selects the signature as sent instead: a dark-mode copy must never reach Gmail.
 */
export function selectPreviewSignature(): boolean {
  const preview =
    document.querySelector<HTMLElement>(`[data-testid="${LIGHT_COPY_TEST_ID}"]`) ??
    document.querySelector<HTMLElement>(SIGNATURE_PREVIEW_SELECTOR);
  const selection = window.getSelection();
  if (!preview || !selection) return false;
  const range = document.createRange();
  range.selectNodeContents(preview);
  selection.removeAllRanges();
  selection.addRange(range);
  preview.scrollIntoView?.({ block: 'nearest' });
  return true;
}

/**
 * Without the async clipboard (older browsers, http pages), the selected preview can still be
 * copied with the legacy copy command inside the click: a rich copy of what the person sees.
 */
export function copySelectedPreview(): boolean {
  if (!selectPreviewSignature()) return false;
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}
