/** @vitest-environment jsdom */
import { NO_LOCKS } from '../../../shared/signature/organization-locks';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '../../../test-support/current-user';
import { NO_REQUIREMENTS } from '../../../shared/signature/export-checks';
import { checkGmailSize } from '../../../shared/signature/gmail-size-advice';
import {
  SOCIAL_PLATFORMS,
  createEmptySignature,
  type SignatureFields,
} from '../../../shared/signature/signature-schema';
import type { ToastInput } from '../../lib/toast-store';
import { setUnappliedImageUrl } from './pending-edits';
import { MANUAL_COPY_TOAST, useExportActions } from './use-export-actions';
import { signatureRenderOptions, useRenderedSignature } from './use-rendered-signature';
import type { SignatureDraft } from './use-signature-draft';
import { SOCIAL_PLATFORM_HOSTS } from '../../../shared/signature/social-hosts';

const toasts: ToastInput[] = [];
vi.mock('../../lib/toast-store', () => ({
  toast: (input: ToastInput) => {
    toasts.push(input);
    return toasts.length;
  },
}));
const openAuthDialog = vi.fn();
vi.mock('../../components/auth-dialog/auth-dialog-store', () => ({
  openAuthDialog: (tab: string) => openAuthDialog(tab),
}));

const user = testUser({ subscriptionStatus: 'active', subscriptionPlan: 'Pro' });

function fakeDraft(fields: SignatureFields, overrides: Partial<SignatureDraft> = {}): SignatureDraft {
  return {
    fields,
    signatureId: 'sig-1',
    savedHtml: null,
    status: 'saved',
    refusals: {},
    requirements: NO_REQUIREMENTS,
    locks: NO_LOCKS,
    update: vi.fn(),
    flushEdits: vi.fn(),
    persistNow: vi.fn(async () => ({ id: 'sig-1', created: false })),
    ...overrides,
  };
}

const complete = createEmptySignature({ name: 'Jane Smith', email: 'jane@acme.com' });
/** An organization that requires a job title and a phone number. */
const titleAndPhone = { requiredTitle: true, requiredPhone: true, requiredAddress: false };
const MISSING_TITLE_AND_PHONE = {
  title: 'Missing required information',
  description: 'Please fill in Job Title and Phone before exporting.',
  variant: 'destructive',
};
const events: string[] = [];

type FakeItem = { items: Record<string, Blob | Promise<Blob>> };

/** What a browser would put on the clipboard from these items, per MIME type. */
async function readItems(items: unknown[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const item of items as FakeItem[]) {
    for (const [type, value] of Object.entries(item.items)) out[type] = await (await value).text();
  }
  return out;
}

/** Like a browser: write() is recorded when called, then reads every (promised) Blob, failing if one fails. */
function installClipboard(write: (items: unknown[]) => Promise<void> = async () => undefined) {
  const writeText = vi.fn(async (_text: string) => undefined);
  const written: Record<string, string>[] = [];
  const writeSpy = vi.fn(async (items: unknown[]) => {
    events.push('clipboard');
    written.push(await readItems(items));
    await write(items);
  });
  Object.defineProperty(navigator, 'clipboard', { value: { write: writeSpy, writeText }, configurable: true });
  vi.stubGlobal(
    'ClipboardItem',
    class {
      constructor(readonly items: Record<string, Blob | Promise<Blob>>) {}
    },
  );
  return { writeText, write: writeSpy, written };
}

const PUBLIC_URL = 'https://sig.example.com';
/** A signature longer than Gmail keeps: every & is five characters once escaped. */
const tooLong = {
  ...complete,
  address: '&'.repeat(300),
  customFields: Array.from({ length: 5 }, (_, i) => ({ label: `Note ${i + 1}`, value: '&'.repeat(200) })),
  socialLinks: Object.fromEntries(
    SOCIAL_PLATFORMS.map((p) => [p, `https://${SOCIAL_PLATFORM_HOSTS[p][0]}/?ref=sig${'&'.repeat(100)}`]),
  ),
};

function showPreview(html: string) {
  document.body.innerHTML = `<div data-testid="signature-preview">${html}</div>`;
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  toasts.length = 0;
  events.length = 0;
  vi.spyOn(window, 'open').mockImplementation((url) => {
    events.push(`open ${String(url)}`);
    return null;
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      events.push(`fetch ${path}`);
      return new Response(
        JSON.stringify({ htmlSignature: '<table>server</table>', text: 'server', length: 20, storedLength: 56 }),
        {
          status: 200,
        },
      );
    }),
  );
});
afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('Copy to Gmail', () => {
  it('says so, and copies nothing, while an address typed in Image URL is not added', async () => {
    installClipboard();
    setUnappliedImageUrl('https://cdn.example.com/logo.png');
    const draft = fakeDraft(complete);
    const { result } = renderHook(() => useExportActions(draft, user, PUBLIC_URL));
    try {
      await act(() => result.current.copyToGmail());
    } finally {
      setUnappliedImageUrl('');
    }
    expect(toasts.map((t) => t.title)).toEqual(['Image URL not added']);
    expect(toasts[0]?.description).toMatch(/Press Enter/);
    expect(events).toEqual([]);
    expect(draft.persistNow).not.toHaveBeenCalled();
    await act(() => result.current.copyToGmail());
    expect(toasts.map((t) => t.title)).toEqual(['Image URL not added', 'Copied to Gmail!']);
  });

  it('refuses without a name and email', async () => {
    installClipboard();
    const { result } = renderHook(() => useExportActions(fakeDraft(createEmptySignature()), user, PUBLIC_URL));
    await act(() => result.current.copyToGmail());
    expect(toasts).toEqual([
      {
        title: 'Missing required information',
        description: 'Please enter your name and email address before exporting.',
        variant: 'destructive',
      },
    ]);
    expect(events).toEqual([]);
  });

  it('writes the clipboard and opens Gmail inside the click, then the server answers with what is copied', async () => {
    const { write, written } = installClipboard();
    const draft = fakeDraft(complete);
    const { result } = renderHook(() => useExportActions(draft, user, PUBLIC_URL));
    let done!: Promise<void>;
    act(() => {
      done = result.current.copyToGmail();
      // Still inside the gesture: no await has happened yet.
      expect(write).toHaveBeenCalledTimes(1);
      expect(events).toEqual(['clipboard', 'open https://mail.google.com/mail/u/0/#settings/general']);
    });
    const item = (write.mock.calls[0]?.[0] as FakeItem[])[0]!;
    expect(item.items['text/html']).toBeInstanceOf(Promise);
    expect(item.items['text/plain']).toBeInstanceOf(Promise);
    await act(() => done);
    expect(draft.persistNow).toHaveBeenCalledWith({ full: false });
    expect(events.at(-1)).toBe('fetch /api/signatures/sig-1/generate-html');
    expect(written[0]).toEqual({ 'text/html': '<table>server</table>', 'text/plain': 'server' });
    expect(toasts.at(-1)).toMatchObject({ title: 'Copied to Gmail!', duration: 8000 });
  });

  it('renders locally for a visitor, with the watermark and PUBLIC_URL, not the page origin', async () => {
    const { written } = installClipboard();
    const { result } = renderHook(() => useExportActions(fakeDraft(complete, { signatureId: null }), null, PUBLIC_URL));
    await act(() => result.current.copyToGmail());
    expect(events.some((e) => e.startsWith('fetch'))).toBe(false);
    const html = written[0]?.['text/html'] ?? '';
    expect(html).toContain('Jane Smith');
    expect(html).toContain('Created with SignaturePro - sig.example.com');
    expect(html).not.toContain(window.location.host);
  });

  it('warns that an embedded image is skipped, and still copies', async () => {
    installClipboard();
    const fields = { ...complete, photoUrl: 'data:image/png;base64,AAAA' };
    const { result } = renderHook(() => useExportActions(fakeDraft(fields), user, PUBLIC_URL));
    await act(() => result.current.copyToGmail());
    expect(toasts[0]).toMatchObject({ title: 'Invalid image format', duration: 5000 });
    expect(toasts[0]?.description).toContain('Image skipped');
    expect(toasts.at(-1)?.title).toBe('Copied to Gmail!');
  });

  it('selects the signature in the preview for a manual copy when the clipboard write fails', async () => {
    installClipboard(async () => Promise.reject(new DOMException('Document is not focused.', 'NotAllowedError')));
    showPreview('<table><tbody><tr><td>Jane Smith</td></tr></tbody></table>');
    const { result } = renderHook(() => useExportActions(fakeDraft(complete), user, PUBLIC_URL));
    await act(() => result.current.copyToGmail());
    expect(toasts.at(-1)).toEqual(MANUAL_COPY_TOAST);
    expect(toasts.at(-1)?.description).toContain('press Ctrl+C (⌘C on a Mac)');
    expect(toasts.some((t) => /Copy HTML/i.test(`${t.title} ${t.description ?? ''}`))).toBe(false);
    expect(window.getSelection()?.toString()).toBe('Jane Smith');
  });

  it('without the async clipboard, copies the selected preview with the copy command inside the click', async () => {
    showPreview('<b>Jane Smith</b>');
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    const { result } = renderHook(() => useExportActions(fakeDraft(complete), user, PUBLIC_URL));
    act(() => void result.current.copyToGmail());
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(events[0]).toBe('open https://mail.google.com/mail/u/0/#settings/general');
    expect(toasts.at(-1)?.title).toBe('Copied to Gmail!');
  });

  it('without any way to copy, leaves the preview selected and says to press Ctrl+C', async () => {
    showPreview('<b>Jane Smith</b>');
    Object.defineProperty(document, 'execCommand', { value: vi.fn(() => false), configurable: true });
    const { result } = renderHook(() => useExportActions(fakeDraft(complete), user, PUBLIC_URL));
    await act(() => result.current.copyToGmail());
    expect(toasts.at(-1)).toEqual(MANUAL_COPY_TOAST);
    expect(window.getSelection()?.toString()).toBe('Jane Smith');
    expect(events.some((e) => e.startsWith('open'))).toBe(false);
  });

  it('refuses a signature over Gmail’s limit with words naming what to trim, before anything is written', async () => {
    const { write } = installClipboard();
    const draft = fakeDraft(tooLong);
    const { result } = renderHook(() => useExportActions(draft, user, PUBLIC_URL));
    await act(() => result.current.copyToGmail());
    expect(write).not.toHaveBeenCalled();
    expect(draft.persistNow).not.toHaveBeenCalled();
    expect(events).toEqual([]);
    const expected = checkGmailSize(tooLong, signatureRenderOptions(PUBLIC_URL, user.subscriptionStatus)).refusal;
    expect(toasts).toEqual([
      { title: 'Signature too long for Gmail', description: expected?.message, variant: 'destructive', duration: 8000 },
    ]);
    expect(toasts[0]?.description).toContain('The longest parts: the 9 social links');
  });

  it('reports other failures as Export failed', async () => {
    installClipboard();
    const draft = fakeDraft(complete, { persistNow: vi.fn(async () => Promise.reject(new Error('500'))) });
    const { result } = renderHook(() => useExportActions(draft, user, PUBLIC_URL));
    await act(() => result.current.copyToGmail());
    expect(toasts.at(-1)).toEqual({
      title: 'Export failed',
      description: 'Unable to copy signature. Please try again.',
      variant: 'destructive',
    });
  });
});

describe('Copy HTML to Clipboard', () => {
  it('needs generated HTML first', async () => {
    installClipboard();
    const { result } = renderHook(() => useExportActions(fakeDraft(complete), user, PUBLIC_URL));
    await act(() => result.current.copyHtml());
    expect(toasts).toEqual([
      { title: 'Generate HTML first', description: "Please click 'Export for Gmail' to generate the HTML signature." },
    ]);
  });

  it("copies the server's HTML source, written inside the click, once a saved HTML exists", async () => {
    const { write, written } = installClipboard();
    const draft = fakeDraft(complete, { savedHtml: '<old/>' });
    const { result } = renderHook(() => useExportActions(draft, user, PUBLIC_URL));
    let done!: Promise<void>;
    act(() => {
      done = result.current.copyHtml();
      expect(write).toHaveBeenCalledTimes(1);
    });
    await act(() => done);
    expect(draft.persistNow).toHaveBeenCalledWith({ full: false });
    expect(written[0]).toEqual({ 'text/plain': '<table>server</table>' });
    expect(toasts.at(-1)?.title).toBe('Copied to clipboard!');
  });

  it('refuses a signature over Gmail’s limit with the same words as Copy to Gmail', async () => {
    const { write } = installClipboard();
    const { result } = renderHook(() =>
      useExportActions(fakeDraft(tooLong, { savedHtml: '<old/>' }), user, PUBLIC_URL),
    );
    await act(() => result.current.copyHtml());
    expect(write).not.toHaveBeenCalled();
    expect(toasts.at(-1)?.title).toBe('Signature too long for Gmail');
    expect(toasts.at(-1)?.description).toMatch(/^Gmail keeps at most 10,000 characters/);
  });
});

describe('one origin for every output', () => {
  it('preview, Copy HTML and Copy to Gmail all render with PUBLIC_URL', async () => {
    const { written } = installClipboard();
    const fields = {
      ...complete,
      photoUrl: `${PUBLIC_URL}/objects/uploads/logo.png`,
      socialLinks: { github: 'https://github.com/jane' },
    };
    const options = signatureRenderOptions(PUBLIC_URL, undefined);
    const preview = renderHook(() => useRenderedSignature(fields, options)).result.current.exported.html;
    const { result } = renderHook(() => useExportActions(fakeDraft(fields, { signatureId: null }), null, PUBLIC_URL));
    await act(() => result.current.copyToGmail());
    await act(() => result.current.copyHtml());
    const gmail = written[0]?.['text/html'];
    const source = written[1]?.['text/plain'];
    expect(gmail).toBe(preview);
    expect(source).toBe(preview);
    const sources = [...preview.matchAll(/<img[^>]+src="([^"]+)"/g)].map((m) => m[1]);
    expect(sources).toHaveLength(2);
    for (const src of sources) expect(src?.startsWith(`${PUBLIC_URL}/`)).toBe(true);
  });
});

describe('Save Signature', () => {
  it('sends a visitor to sign up', async () => {
    const draft = fakeDraft(complete, { signatureId: null });
    const { result } = renderHook(() => useExportActions(draft, null, PUBLIC_URL));
    await act(() => result.current.saveSignature());
    expect(openAuthDialog).toHaveBeenCalledWith('signup');
    expect(draft.persistNow).not.toHaveBeenCalled();
  });

  it('says created the first time and saved afterwards', async () => {
    const persistNow = vi
      .fn<SignatureDraft['persistNow']>()
      .mockResolvedValueOnce({ id: 'sig-1', created: true })
      .mockResolvedValueOnce({ id: 'sig-1', created: false });
    const { result } = renderHook(() => useExportActions(fakeDraft(complete, { persistNow }), user, PUBLIC_URL));
    await act(() => result.current.saveSignature());
    await act(() => result.current.saveSignature());
    expect(persistNow).toHaveBeenCalledWith({ full: true });
    expect(toasts.map((t) => t.title)).toEqual(['Signature created', 'Signature saved']);
  });
});

describe("the organization's required fields", () => {
  const draft = (overrides: Partial<SignatureDraft> = {}) =>
    fakeDraft(complete, { requirements: titleAndPhone, savedHtml: '<old/>', ...overrides });

  it('stop Copy to Gmail before anything is saved or sent, naming the empty fields', async () => {
    installClipboard();
    const refused = draft();
    const { result } = renderHook(() => useExportActions(refused, user, PUBLIC_URL));
    await act(() => result.current.copyToGmail());
    expect(toasts).toEqual([MISSING_TITLE_AND_PHONE]);
    expect(refused.persistNow).not.toHaveBeenCalled();
    expect(events).toEqual([]);
  });

  it('stop Copy HTML to Clipboard even when HTML was generated before', async () => {
    const { writeText } = installClipboard();
    const { result } = renderHook(() => useExportActions(draft(), user, PUBLIC_URL));
    await act(() => result.current.copyHtml());
    expect(toasts).toEqual([MISSING_TITLE_AND_PHONE]);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('stop Save Signature', async () => {
    const refused = draft();
    const { result } = renderHook(() => useExportActions(refused, user, PUBLIC_URL));
    await act(() => result.current.saveSignature());
    expect(toasts).toEqual([MISSING_TITLE_AND_PHONE]);
    expect(refused.persistNow).not.toHaveBeenCalled();
  });

  it('let everything through once the fields are filled', async () => {
    installClipboard();
    const filled = fakeDraft({ ...complete, title: 'CTO', phone: '+1 555 0100' }, { requirements: titleAndPhone });
    const { result } = renderHook(() => useExportActions(filled, user, PUBLIC_URL));
    await act(() => result.current.copyToGmail());
    await act(() => result.current.saveSignature());
    expect(toasts.map((t) => t.title)).toEqual(['Copied to Gmail!', 'Signature saved']);
  });
});
