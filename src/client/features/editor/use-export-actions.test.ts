/** @vitest-environment jsdom */
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../shared/account-types';
import { NO_REQUIREMENTS } from '../../../shared/signature/export-checks';
import { createEmptySignature, type SignatureFields } from '../../../shared/signature/signature-schema';
import type { ToastInput } from '../../components/ui/toast-store';
import { useExportActions } from './use-export-actions';
import type { SignatureDraft } from './use-signature-draft';

const toasts: ToastInput[] = [];
vi.mock('../../components/ui/toast-store', () => ({
  toast: (input: ToastInput) => {
    toasts.push(input);
    return toasts.length;
  },
}));
const openAuthDialog = vi.fn();
vi.mock('../../components/auth-dialog/auth-dialog-store', () => ({ openAuthDialog: (tab: string) => openAuthDialog(tab) }));

const user: CurrentUser = {
  id: 'user-1',
  email: 'jane@acme.com',
  name: 'Jane Smith',
  emailVerified: true,
  subscriptionStatus: 'active',
  subscriptionPlan: 'Pro',
  timezone: 'America/New_York',
  createdAt: '2025-01-01T00:00:00.000Z',
};

function fakeDraft(fields: SignatureFields, overrides: Partial<SignatureDraft> = {}): SignatureDraft {
  return {
    fields,
    signatureId: 'sig-1',
    savedHtml: null,
    status: 'saved',
    requirements: NO_REQUIREMENTS,
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

function installClipboard(write: (items: unknown[]) => Promise<void> = async () => undefined) {
  const writeText = vi.fn(async (_text: string) => undefined);
  Object.defineProperty(navigator, 'clipboard', {
    value: {
      write: vi.fn(async (items: unknown[]) => {
        events.push('clipboard');
        await write(items);
      }),
      writeText,
    },
    configurable: true,
  });
  vi.stubGlobal('ClipboardItem', class {
    constructor(readonly items: Record<string, Blob>) {}
  });
  return { writeText };
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
      return new Response(JSON.stringify({ htmlSignature: '<table>server</table>', text: 'server', length: 20 }), { status: 200 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('Copy to Gmail', () => {
  it('refuses without a name and email', async () => {
    installClipboard();
    const { result } = renderHook(() => useExportActions(fakeDraft(createEmptySignature()), user));
    await act(() => result.current.copyToGmail());
    expect(toasts).toEqual([
      { title: 'Missing required information', description: 'Please enter your name and email address before exporting.', variant: 'destructive' },
    ]);
    expect(events).toEqual([]);
  });

  it('saves, asks the server for the HTML, writes the clipboard, then opens Gmail', async () => {
    installClipboard();
    const draft = fakeDraft(complete);
    const { result } = renderHook(() => useExportActions(draft, user));
    await act(() => result.current.copyToGmail());
    expect(draft.persistNow).toHaveBeenCalledWith({ full: false });
    expect(events).toEqual([
      'fetch /api/signatures/sig-1/generate-html',
      'clipboard',
      'open https://mail.google.com/mail/u/0/#settings/general',
    ]);
    expect(toasts.at(-1)).toMatchObject({ title: 'Copied to Gmail!', duration: 8000 });
  });

  it('renders locally for a visitor, with the watermark', async () => {
    let html = '';
    installClipboard(async (items) => {
      html = await ((items[0] as { items: Record<string, Blob> }).items['text/html'] as Blob).text();
    });
    const { result } = renderHook(() => useExportActions(fakeDraft(complete, { signatureId: null }), null));
    await act(() => result.current.copyToGmail());
    expect(events.some((e) => e.startsWith('fetch'))).toBe(false);
    expect(html).toContain('Jane Smith');
    expect(html).toContain('Created with SignaturePro');
  });

  it('warns that an embedded image is skipped, and still copies', async () => {
    installClipboard();
    const fields = { ...complete, photoUrl: 'data:image/png;base64,AAAA' };
    const { result } = renderHook(() => useExportActions(fakeDraft(fields), user));
    await act(() => result.current.copyToGmail());
    expect(toasts[0]).toMatchObject({ title: 'Invalid image format', duration: 5000 });
    expect(toasts[0]?.description).toContain('Image skipped');
    expect(toasts.at(-1)?.title).toBe('Copied to Gmail!');
  });

  it('says the HTML is ready when the clipboard write fails', async () => {
    installClipboard(async () => Promise.reject(new Error('denied')));
    const { result } = renderHook(() => useExportActions(fakeDraft(complete), user));
    await act(() => result.current.copyToGmail());
    expect(toasts.at(-1)).toEqual({ title: 'HTML generated', description: "Click 'Copy HTML to Clipboard' to copy your signature." });
    expect(events.some((e) => e.startsWith('open'))).toBe(false);
  });

  it('opens a manual copy tab without clipboard support', async () => {
    const { result } = renderHook(() => useExportActions(fakeDraft(complete), user));
    await act(() => result.current.copyToGmail());
    expect(events).toContain('open ');
    expect(toasts.at(-1)?.title).toBe('Manual copy needed');
  });

  it('reports other failures as Export failed', async () => {
    installClipboard();
    const draft = fakeDraft(complete, { persistNow: vi.fn(async () => Promise.reject(new Error('500'))) });
    const { result } = renderHook(() => useExportActions(draft, user));
    await act(() => result.current.copyToGmail());
    expect(toasts.at(-1)).toEqual({ title: 'Export failed', description: 'Unable to copy signature. Please try again.', variant: 'destructive' });
  });
});

describe('Copy HTML to Clipboard', () => {
  it('needs generated HTML first', async () => {
    installClipboard();
    const { result } = renderHook(() => useExportActions(fakeDraft(complete), user));
    await act(() => result.current.copyHtml());
    expect(toasts).toEqual([{ title: 'Generate HTML first', description: "Please click 'Export for Gmail' to generate the HTML signature." }]);
  });

  it('copies freshly rendered HTML source once a saved HTML exists', async () => {
    const { writeText } = installClipboard();
    const { result } = renderHook(() => useExportActions(fakeDraft(complete, { savedHtml: '<old/>' }), user));
    await act(() => result.current.copyHtml());
    expect(writeText).toHaveBeenCalledTimes(1);
    expect(writeText.mock.calls[0]?.[0]).toContain('Jane Smith');
    expect(writeText.mock.calls[0]?.[0]).not.toContain('Created with SignaturePro');
    expect(toasts.at(-1)?.title).toBe('Copied to clipboard!');
  });
});

describe('Save Signature', () => {
  it('sends a visitor to sign up', async () => {
    const draft = fakeDraft(complete, { signatureId: null });
    const { result } = renderHook(() => useExportActions(draft, null));
    await act(() => result.current.saveSignature());
    expect(openAuthDialog).toHaveBeenCalledWith('signup');
    expect(draft.persistNow).not.toHaveBeenCalled();
  });

  it('says created the first time and saved afterwards', async () => {
    const persistNow = vi
      .fn<SignatureDraft['persistNow']>()
      .mockResolvedValueOnce({ id: 'sig-1', created: true })
      .mockResolvedValueOnce({ id: 'sig-1', created: false });
    const { result } = renderHook(() => useExportActions(fakeDraft(complete, { persistNow }), user));
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
    const { result } = renderHook(() => useExportActions(refused, user));
    await act(() => result.current.copyToGmail());
    expect(toasts).toEqual([MISSING_TITLE_AND_PHONE]);
    expect(refused.persistNow).not.toHaveBeenCalled();
    expect(events).toEqual([]);
  });

  it('stop Copy HTML to Clipboard even when HTML was generated before', async () => {
    const { writeText } = installClipboard();
    const { result } = renderHook(() => useExportActions(draft(), user));
    await act(() => result.current.copyHtml());
    expect(toasts).toEqual([MISSING_TITLE_AND_PHONE]);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('stop Save Signature', async () => {
    const refused = draft();
    const { result } = renderHook(() => useExportActions(refused, user));
    await act(() => result.current.saveSignature());
    expect(toasts).toEqual([MISSING_TITLE_AND_PHONE]);
    expect(refused.persistNow).not.toHaveBeenCalled();
  });

  it('let everything through once the fields are filled', async () => {
    installClipboard();
    const filled = fakeDraft({ ...complete, title: 'CTO', phone: '+1 555 0100' }, { requirements: titleAndPhone });
    const { result } = renderHook(() => useExportActions(filled, user));
    await act(() => result.current.copyToGmail());
    await act(() => result.current.saveSignature());
    expect(toasts.map((t) => t.title)).toEqual(['Copied to Gmail!', 'Signature saved']);
  });
});
