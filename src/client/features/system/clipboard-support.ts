/** One line of the support table: what was checked and what the browser answered. */
export type SupportCheck = { label: string; status: 'yes' | 'no' | 'unknown'; detail: string };

type ClipboardItemWithSupports = typeof ClipboardItem & { supports?: (type: string) => boolean };

function itemSupports(type: string): SupportCheck {
  const label = `ClipboardItem.supports('${type}')`;
  if (typeof ClipboardItem === 'undefined') return { label, status: 'no', detail: 'ClipboardItem is missing' };
  const supports = (ClipboardItem as ClipboardItemWithSupports).supports;
  if (typeof supports !== 'function') {
    return { label, status: 'unknown', detail: 'This browser cannot say; the copy test below will tell' };
  }
  return supports.call(ClipboardItem, type)
    ? { label, status: 'yes', detail: 'Can be written' }
    : { label, status: 'no', detail: 'This type cannot be written' };
}

const check = (label: string, ok: boolean, yes: string, no: string): SupportCheck => ({
  label,
  status: ok ? 'yes' : 'no',
  detail: ok ? yes : no,
});

/** What this browser offers for copying a signature as rich HTML (run in the browser only). */
export function detectClipboardSupport(): SupportCheck[] {
  const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
  return [
    check('Secure context (HTTPS)', window.isSecureContext, 'Yes', 'The Clipboard API only works on HTTPS pages'),
    check(
      'Clipboard API (navigator.clipboard)',
      !!clipboard,
      'Available',
      'Missing: only the legacy copy command can be used',
    ),
    check(
      'Rich copy (clipboard.write)',
      typeof clipboard?.write === 'function',
      'Available',
      'Missing: signatures would be copied as plain text',
    ),
    check('Plain text copy (clipboard.writeText)', typeof clipboard?.writeText === 'function', 'Available', 'Missing'),
    check(
      'Reading (clipboard.read)',
      typeof clipboard?.read === 'function',
      'Available',
      'Missing: use the paste area instead',
    ),
    check('ClipboardItem', typeof ClipboardItem !== 'undefined', 'Available', 'Missing: rich HTML cannot be written'),
    itemSupports('text/html'),
    itemSupports('text/plain'),
  ];
}

/** Writes html + text with the Clipboard API, or falls back to the legacy copy of a selected element. */
export async function writeSignatureToClipboard(
  html: string,
  text: string,
  fallbackNode: HTMLElement | null,
): Promise<string> {
  if (navigator.clipboard?.write && typeof ClipboardItem !== 'undefined') {
    await navigator.clipboard.write([
      new ClipboardItem({
        'text/html': new Blob([html], { type: 'text/html' }),
        'text/plain': new Blob([text], { type: 'text/plain' }),
      }),
    ]);
    return 'Copied as text/html and text/plain with the Clipboard API. Paste it below, or into Gmail.';
  }
  if (!fallbackNode) throw new Error('Nothing to copy');
  const selection = window.getSelection();
  const range = document.createRange();
  range.selectNodeContents(fallbackNode);
  selection?.removeAllRanges();
  selection?.addRange(range);
  // The legacy command is deprecated but is the only rich copy some browsers still offer.
  const copied = document.execCommand('copy');
  selection?.removeAllRanges();
  if (!copied) throw new Error('The browser refused the legacy copy command');
  return 'Copied with the legacy copy command (the Clipboard API is not available here).';
}
