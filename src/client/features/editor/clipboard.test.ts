/** @vitest-environment jsdom */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  GMAIL_SETTINGS_URL,
  canWriteRichClipboard,
  openGmailSettings,
  openManualCopyTab,
  writeHtmlSourceToClipboard,
  writeSignatureToClipboard,
} from './clipboard';

/** Stands in for the browser's ClipboardItem: keeps what it was given. */
class FakeClipboardItem {
  constructor(readonly items: Record<string, Blob>) {}
  get types() {
    return Object.keys(this.items);
  }
}

function installClipboard(write = vi.fn(async (_items: FakeClipboardItem[]) => undefined)) {
  const writeText = vi.fn(async (_text: string) => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { write, writeText }, configurable: true });
  vi.stubGlobal('ClipboardItem', FakeClipboardItem);
  return { write, writeText };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('writeSignatureToClipboard', () => {
  it('writes one item carrying both text/html and text/plain', async () => {
    const { write } = installClipboard();
    await writeSignatureToClipboard({ html: '<table><tr><td>Jane</td></tr></table>', text: 'Jane' });
    expect(write).toHaveBeenCalledTimes(1);
    const [items] = write.mock.calls[0] ?? [[]];
    expect(items).toHaveLength(1);
    const item = items[0]!;
    expect(item.types.sort()).toEqual(['text/html', 'text/plain']);
    expect(item.items['text/html']?.type).toBe('text/html');
    expect(item.items['text/plain']?.type).toBe('text/plain');
    expect(await item.items['text/html']?.text()).toBe('<table><tr><td>Jane</td></tr></table>');
    expect(await item.items['text/plain']?.text()).toBe('Jane');
  });

  it('throws when the browser refuses, so the caller can say so', async () => {
    installClipboard(vi.fn(async () => Promise.reject(new DOMException('Document is not focused.', 'NotAllowedError'))));
    await expect(writeSignatureToClipboard({ html: '<b>x</b>', text: 'x' })).rejects.toThrow('not focused');
  });
});

describe('canWriteRichClipboard', () => {
  it('needs both navigator.clipboard.write and ClipboardItem', () => {
    expect(canWriteRichClipboard()).toBe(false);
    installClipboard();
    expect(canWriteRichClipboard()).toBe(true);
    vi.stubGlobal('ClipboardItem', undefined);
    expect(canWriteRichClipboard()).toBe(false);
  });
});

describe('writeHtmlSourceToClipboard', () => {
  it('copies the HTML source as plain text', async () => {
    const { writeText } = installClipboard();
    await writeHtmlSourceToClipboard('<table></table>');
    expect(writeText).toHaveBeenCalledWith('<table></table>');
  });

  it('falls back to the copy command without the async clipboard', async () => {
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    await writeHtmlSourceToClipboard('<p>hi</p>');
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(document.querySelector('textarea')).toBeNull();
  });
});

describe('openManualCopyTab (no clipboard support)', () => {
  it('opens a new tab showing the signature with copy instructions', () => {
    const tabDocument = document.implementation.createHTMLDocument('');
    const tab = { document: tabDocument, opener: window as unknown };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    expect(openManualCopyTab('<table><tr><td>Jane Smith</td></tr></table>')).toBe(true);
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(tabDocument.title).toBe('Copy your Gmail signature');
    expect(tabDocument.body.textContent).toContain('Jane Smith');
    expect(tabDocument.body.textContent).toContain('Ctrl+C');
    expect(tabDocument.querySelector(`a[href="${GMAIL_SETTINGS_URL}"]`)).not.toBeNull();
  });

  it('reports a blocked popup', () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    expect(openManualCopyTab('<b>x</b>')).toBe(false);
  });
});

describe('openGmailSettings', () => {
  it("opens Gmail's general settings in a new tab", () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    openGmailSettings();
    expect(open).toHaveBeenCalledWith('https://mail.google.com/mail/u/0/#settings/general', '_blank', 'noopener,noreferrer');
  });
});
