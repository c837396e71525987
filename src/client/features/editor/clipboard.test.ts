/** @vitest-environment jsdom */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  canWriteRichClipboard,
  copySelectedPreview,
  openGmailSettings,
  selectPreviewSignature,
  writeHtmlSourceToClipboard,
  writeSignatureToClipboard,
} from './clipboard';

/** Stands in for the browser's ClipboardItem: keeps what it was given (Blobs or promises of Blobs). */
class FakeClipboardItem {
  constructor(readonly items: Record<string, Blob | Promise<Blob>>) {}
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
  it('calls clipboard.write before returning, with one item of promised text/html and text/plain', async () => {
    const { write } = installClipboard();
    let answer!: (signature: { html: string; text: string }) => void;
    const signature = new Promise<{ html: string; text: string }>((resolve) => (answer = resolve));
    const written = writeSignatureToClipboard(signature);
    // Synchronously, inside the gesture: the server's answer is still out.
    expect(write).toHaveBeenCalledTimes(1);
    const [items] = write.mock.calls[0] ?? [[]];
    expect(items).toHaveLength(1);
    const item = items[0]!;
    expect(item.types.sort()).toEqual(['text/html', 'text/plain']);
    expect(item.items['text/html']).toBeInstanceOf(Promise);
    expect(item.items['text/plain']).toBeInstanceOf(Promise);
    answer({ html: '<table><tr><td>Jane</td></tr></table>', text: 'Jane' });
    await written;
    const html = await item.items['text/html'];
    const text = await item.items['text/plain'];
    expect(html?.type).toBe('text/html');
    expect(text?.type).toBe('text/plain');
    expect(await html?.text()).toBe('<table><tr><td>Jane</td></tr></table>');
    expect(await text?.text()).toBe('Jane');
  });

  it('throws when the browser refuses, so the caller can say so', async () => {
    installClipboard(
      vi.fn(async () => Promise.reject(new DOMException('Document is not focused.', 'NotAllowedError'))),
    );
    await expect(writeSignatureToClipboard(Promise.resolve({ html: '<b>x</b>', text: 'x' }))).rejects.toThrow(
      'not focused',
    );
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
  it('writes the promised HTML source as plain text, inside the gesture', async () => {
    const { write } = installClipboard();
    const written = writeHtmlSourceToClipboard(Promise.resolve('<table></table>'), '<local/>');
    expect(write).toHaveBeenCalledTimes(1);
    await written;
    const item = write.mock.calls[0]?.[0][0];
    expect(item?.types).toEqual(['text/plain']);
    expect(await (await item?.items['text/plain'])?.text()).toBe('<table></table>');
  });

  it('falls back to writeText with the local render without ClipboardItem', async () => {
    const { writeText } = installClipboard();
    vi.stubGlobal('ClipboardItem', undefined);
    await writeHtmlSourceToClipboard(Promise.resolve('<server/>'), '<table></table>');
    expect(writeText).toHaveBeenCalledWith('<table></table>');
  });

  it('falls back to the copy command without the async clipboard', async () => {
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    await writeHtmlSourceToClipboard(Promise.resolve('<p>hi</p>'), '<p>hi</p>');
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(document.querySelector('textarea')).toBeNull();
  });
});

describe('the manual copy fallback', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('selects the rendered signature in the preview for Ctrl+C', () => {
    document.body.innerHTML =
      '<p>Best regards,</p><div data-testid="signature-preview"><table><tbody><tr><td>Jane Smith</td></tr></tbody></table></div>';
    expect(selectPreviewSignature()).toBe(true);
    const selection = window.getSelection();
    expect(selection?.toString()).toBe('Jane Smith');
    const range = selection?.getRangeAt(0);
    expect(range?.commonAncestorContainer).toBe(document.querySelector('[data-testid="signature-preview"]'));
  });

  it('never selects the dark-mode preview: while it shows, the signature as sent is selected', () => {
    document.body.innerHTML =
      '<div data-testid="signature-preview"><span style="color:#cccccc">Dark Jane</span></div>' +
      '<div data-testid="signature-light-copy"><span style="color:#333333">Jane</span></div>';
    expect(selectPreviewSignature()).toBe(true);
    expect(window.getSelection()?.toString()).toBe('Jane');
    expect(window.getSelection()?.getRangeAt(0).commonAncestorContainer).toBe(
      document.querySelector('[data-testid="signature-light-copy"]'),
    );
  });

  it('reports that there is no preview to select', () => {
    expect(selectPreviewSignature()).toBe(false);
  });

  it('copies the selected preview with the copy command when that is all the browser has', () => {
    document.body.innerHTML = '<div data-testid="signature-preview"><b>Jane</b></div>';
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    expect(copySelectedPreview()).toBe(true);
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(window.getSelection()?.toString()).toBe('Jane');
    execCommand.mockReturnValue(false);
    expect(copySelectedPreview()).toBe(false);
  });
});

describe('openGmailSettings', () => {
  it("opens Gmail's general settings in a new tab", () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    openGmailSettings();
    expect(open).toHaveBeenCalledWith(
      'https://mail.google.com/mail/u/0/#settings/general',
      '_blank',
      'noopener,noreferrer',
    );
  });
});
