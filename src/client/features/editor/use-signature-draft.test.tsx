/** @vitest-environment jsdom */
import { NO_LOCKS } from '../../../shared/signature/organization-locks';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignatureDefaultsResponse } from '../../../shared/account-area-types';
import { testUser } from '../../../test-support/current-user';
import { DEFAULT_SIGNATURE_DEFAULTS } from '../../../shared/validation/account-schemas';
import { createEmptySignature, type SavedSignature } from '../../../shared/signature/signature-schema';
import { createQueryClient } from '../../lib/query-client';
import { DRAFT_STORAGE_KEY } from './draft-storage';
import { hasPendingEdits, trackPendingEdit } from './pending-edits';
import { useSignatureDraft, type SessionInput } from './use-signature-draft';

type Request = { method: string; path: string; body: unknown; keepalive: boolean };

const user = testUser();

function savedSignature(overrides: Partial<SavedSignature> = {}): SavedSignature {
  return {
    ...createEmptySignature({ name: 'Jane Smith', email: 'jane@acme.com', title: 'CTO' }),
    id: 'sig-1',
    label: 'My signature',
    sendAsEmail: null,
    isDefault: true,
    htmlSignature: '<table></table>',
    version: 1,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A tiny stand-in for the signatures API that records every request. */
const PRODUCT_DEFAULTS: SignatureDefaultsResponse = { ...DEFAULT_SIGNATURE_DEFAULTS, logoUrl: null, canManage: true };
/** An organization that set every default, a logo, and two required fields. */
const ACME_DEFAULTS: SignatureDefaultsResponse = {
  template: 'modern',
  primaryColor: '#0066cc',
  secondaryColor: '#333333',
  requiredTitle: true,
  requiredPhone: true,
  requiredAddress: false,
  logoUrl: 'https://cdn.example.com/acme.png',
  canManage: false,
};

function installFakeApi(
  options: { signatures?: SavedSignature[]; failPuts?: number; defaults?: SignatureDefaultsResponse | 'fail' } = {},
) {
  const requests: Request[] = [];
  let failPuts = options.failPuts ?? 0;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input);
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    requests.push({ method, path, body, keepalive: init.keepalive === true });
    const json = (status: number, data: unknown) =>
      new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
    if (method === 'GET' && path === '/api/signatures') return json(200, options.signatures ?? []);
    // No rule gives this person an organization signature: the defaults apply (decision 0221).
    if (method === 'GET' && path === '/api/signature-rules/me') return json(200, { signature: null });
    if (method === 'GET' && path === '/api/signatures/locks') return json(200, NO_LOCKS);
    if (method === 'GET' && path === '/api/organization/signature-defaults') {
      return options.defaults === 'fail'
        ? json(500, { error: 'Something went wrong' })
        : json(200, options.defaults ?? PRODUCT_DEFAULTS);
    }
    // Answers are whole stored signatures, as the shared contract (shared/api/signatures.ts) says.
    if (method === 'POST' && path === '/api/signatures') return json(201, savedSignature({ id: 'sig-new' }));
    if (method === 'PUT' && path.startsWith('/api/signatures/')) {
      if (failPuts > 0) {
        failPuts -= 1;
        return json(503, { error: 'Service unavailable' });
      }
      return json(200, savedSignature({ id: path.split('/')[3] }));
    }
    return json(404, { error: 'Not found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  const writes = () => requests.filter((r) => r.method !== 'GET');
  return { requests, writes };
}

function renderDraft(session: SessionInput) {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook((props: SessionInput) => useSignatureDraft(props), { initialProps: session, wrapper });
}

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useSignatureDraft for a visitor', () => {
  it('keeps the signature in localStorage across reloads', async () => {
    const api = installFakeApi();
    const first = renderDraft({ ready: true, user: null });
    expect(first.result.current.fields?.name).toBe('');
    act(() => first.result.current.update({ name: 'Visitor Vic', design: { primaryColor: '#9c27b0' } }));
    // Written shortly after typing stops, not inside the keystroke.
    expect(localStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
    await waitFor(() => expect(localStorage.getItem(DRAFT_STORAGE_KEY)).not.toBeNull());
    const stored = JSON.parse(localStorage.getItem(DRAFT_STORAGE_KEY) ?? '{}') as {
      name?: string;
      design?: { primaryColor?: string };
    };
    expect(stored.name).toBe('Visitor Vic');
    expect(stored.design?.primaryColor).toBe('#9c27b0');
    first.unmount();

    const second = renderDraft({ ready: true, user: null });
    expect(second.result.current.fields?.name).toBe('Visitor Vic');
    expect(api.requests).toHaveLength(0);
  });

  it('writes the last keystroke at once when the page is left', () => {
    installFakeApi();
    const hook = renderDraft({ ready: true, user: null });
    act(() => hook.result.current.update({ name: 'Last Keystroke' }));
    window.dispatchEvent(new Event('pagehide'));
    expect(JSON.parse(localStorage.getItem(DRAFT_STORAGE_KEY) ?? '{}')).toMatchObject({ name: 'Last Keystroke' });
    hook.unmount();
  });

  it('turns the draft into the first signature after signing in', async () => {
    const api = installFakeApi({ signatures: [] });
    const hook = renderDraft({ ready: true, user: null });
    act(() => hook.result.current.update({ title: 'Founder' }));
    hook.rerender({ ready: true, user });
    await waitFor(() => expect(hook.result.current.signatureId).toBe('sig-new'));
    const post = api.writes()[0];
    expect(post?.method).toBe('POST');
    expect(post?.body).toMatchObject({ title: 'Founder', name: 'Jane Smith', email: 'jane@acme.com' });
    expect(localStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
    expect(hook.result.current.fields?.title).toBe('Founder');
  });
});

describe('useSignatureDraft for a signed-in person', () => {
  it('loads the first saved signature and remembers its id', async () => {
    installFakeApi({ signatures: [savedSignature(), savedSignature({ id: 'sig-2', name: 'Other' })] });
    const hook = renderDraft({ ready: true, user });
    expect(hook.result.current.fields).toBeNull();
    await waitFor(() => expect(hook.result.current.signatureId).toBe('sig-1'));
    expect(hook.result.current.fields?.title).toBe('CTO');
    expect(hook.result.current.savedHtml).toBe('<table></table>');
  });

  it('opens the signature named by signatureId, and falls back to the default for an unknown one', async () => {
    installFakeApi({
      signatures: [savedSignature(), savedSignature({ id: 'sig-2', title: 'Vertrieb', isDefault: false })],
    });
    const hook = renderDraft({ ready: true, user, signatureId: 'sig-2' });
    await waitFor(() => expect(hook.result.current.signatureId).toBe('sig-2'));
    expect(hook.result.current.fields?.title).toBe('Vertrieb');
    hook.unmount();
    const other = renderDraft({ ready: true, user, signatureId: 'deleted-one' });
    await waitFor(() => expect(other.result.current.signatureId).toBe('sig-1'));
  });

  it('switching sends the waiting edits of the one left first, then loads the other afresh; edits go to the new one', async () => {
    const api = installFakeApi({
      signatures: [savedSignature(), savedSignature({ id: 'sig-2', title: 'Vertrieb', isDefault: false })],
    });
    const hook = renderDraft({ ready: true, user, signatureId: null });
    await waitFor(() => expect(hook.result.current.signatureId).toBe('sig-1'));
    act(() => hook.result.current.update({ company: 'Acme' }));
    expect(api.writes()).toHaveLength(0);
    hook.rerender({ ready: true, user, signatureId: 'sig-2' });
    expect(hook.result.current.fields).toBeNull();
    await waitFor(() => expect(hook.result.current.signatureId).toBe('sig-2'));
    expect(hook.result.current.fields?.title).toBe('Vertrieb');
    // The edit went out before the list was read again for the new one.
    const order = api.requests.map((r) => `${r.method} ${r.path}`);
    expect(order.indexOf('PUT /api/signatures/sig-1')).toBeGreaterThan(-1);
    expect(order.lastIndexOf('GET /api/signatures')).toBeGreaterThan(order.indexOf('PUT /api/signatures/sig-1'));
    expect(api.writes()[0]).toMatchObject({ body: { company: 'Acme' }, keepalive: false });
    act(() => hook.result.current.update({ phone: '+49 30 1234' }));
    act(() => hook.result.current.flushEdits());
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes()[1]).toMatchObject({ path: '/api/signatures/sig-2', body: { phone: '+49 30 1234' } });
  });

  it('a deleted signature drops its waiting edits', async () => {
    const api = installFakeApi({ signatures: [savedSignature(), savedSignature({ id: 'sig-2', isDefault: false })] });
    const hook = renderDraft({ ready: true, user, signatureId: 'sig-2' });
    await waitFor(() => expect(hook.result.current.signatureId).toBe('sig-2'));
    act(() => hook.result.current.update({ company: 'Gone' }));
    act(() => hook.result.current.discard('sig-2'));
    hook.rerender({ ready: true, user, signatureId: 'sig-1' });
    await waitFor(() => expect(hook.result.current.signatureId).toBe('sig-1'));
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(api.writes()).toEqual([]);
  });

  it('starts from the account name and email when nothing is saved', async () => {
    const api = installFakeApi({ signatures: [] });
    const hook = renderDraft({ ready: true, user });
    await waitFor(() => expect(hook.result.current.fields).not.toBeNull());
    expect(hook.result.current.fields).toMatchObject({ name: 'Jane Smith', email: 'jane@acme.com' });
    expect(hook.result.current.signatureId).toBeNull();
    expect(api.writes()).toHaveLength(0);
  });

  it('sends ten quick edits as one partial update with the merged fields', async () => {
    const api = installFakeApi({ signatures: [savedSignature()] });
    const hook = renderDraft({ ready: true, user });
    await waitFor(() => expect(hook.result.current.signatureId).toBe('sig-1'));
    vi.useFakeTimers();
    const typed = 'Jane Smit';
    for (let i = 1; i <= typed.length; i += 1) {
      act(() => hook.result.current.update({ name: typed.slice(0, i) }));
      await act(() => vi.advanceTimersByTimeAsync(50));
    }
    act(() => hook.result.current.update({ design: { layout: 'vertical' } }));
    expect(api.writes()).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(api.writes()).toEqual([
      {
        method: 'PUT',
        path: '/api/signatures/sig-1',
        body: { name: 'Jane Smit', design: { layout: 'vertical' } },
        keepalive: false,
      },
    ]);
    expect(hook.result.current.status).toBe('saved');
  });

  it('flushes on blur without waiting', async () => {
    const api = installFakeApi({ signatures: [savedSignature()] });
    const hook = renderDraft({ ready: true, user });
    await waitFor(() => expect(hook.result.current.signatureId).toBe('sig-1'));
    act(() => hook.result.current.update({ company: 'Acme' }));
    act(() => hook.result.current.flushEdits());
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]?.body).toEqual({ company: 'Acme' });
  });

  it('flushes with keepalive when the page is hidden', async () => {
    const api = installFakeApi({ signatures: [savedSignature()] });
    const hook = renderDraft({ ready: true, user });
    await waitFor(() => expect(hook.result.current.signatureId).toBe('sig-1'));
    act(() => hook.result.current.update({ phone: '+1 555 0100' }));
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    Reflect.deleteProperty(document, 'visibilityState');
    expect(api.writes()).toEqual([
      { method: 'PUT', path: '/api/signatures/sig-1', body: { phone: '+1 555 0100' }, keepalive: true },
    ]);
  });

  it('retries a failed update and keeps the patch', async () => {
    const api = installFakeApi({ signatures: [savedSignature()], failPuts: 1 });
    const hook = renderDraft({ ready: true, user });
    await waitFor(() => expect(hook.result.current.signatureId).toBe('sig-1'));
    vi.useFakeTimers();
    act(() => hook.result.current.update({ mobile: '555' }));
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(hook.result.current.status).toBe('error');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(api.writes().map((w) => w.body)).toEqual([{ mobile: '555' }, { mobile: '555' }]);
    expect(hook.result.current.status).toBe('saved');
  });

  it('creates the signature once, even when asked twice, then sends later edits as updates', async () => {
    const api = installFakeApi({ signatures: [] });
    const hook = renderDraft({ ready: true, user });
    await waitFor(() => expect(hook.result.current.fields).not.toBeNull());
    let results: Array<{ id: string; created: boolean }> = [];
    await act(async () => {
      results = await Promise.all([
        hook.result.current.persistNow({ full: true }),
        hook.result.current.persistNow({ full: false }),
      ]);
    });
    expect(results.map((r) => r.id)).toEqual(['sig-new', 'sig-new']);
    expect(api.writes().filter((w) => w.method === 'POST')).toHaveLength(1);

    await act(async () => {
      hook.result.current.update({ title: 'CEO' });
      await hook.result.current.persistNow({ full: true });
    });
    const put = api.writes().at(-1);
    expect(put?.method).toBe('PUT');
    expect(put?.body).toMatchObject({ title: 'CEO', name: 'Jane Smith', design: { template: 'professional' } });
  });
});

/** An upload the test answers when it chooses, tracked like the editor's image controls track theirs. */
function pendingUpload(onAnswer: (objectPath: string) => void) {
  let answer!: (objectPath: string) => void;
  const work = trackPendingEdit(
    new Promise<string>((resolve) => {
      answer = resolve;
    }).then((objectPath) => {
      onAnswer(objectPath);
      return objectPath;
    }),
  );
  return { work, answer };
}

describe('useSignatureDraft: an export right after an upload', () => {
  it('waits for an image still uploading, then saves its photoUrl before resolving', async () => {
    const api = installFakeApi({ signatures: [savedSignature()] });
    const hook = renderDraft({ ready: true, user });
    await waitFor(() => expect(hook.result.current.signatureId).toBe('sig-1'));
    const upload = pendingUpload((photoUrl) => hook.result.current.update({ photoUrl }));
    let persisted = false;
    let persisting!: Promise<unknown>;
    act(() => {
      persisting = hook.result.current.persistNow({ full: false }).then(() => {
        persisted = true;
      });
    });
    // Nothing goes out while the image is on its way: a save now would lack it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(persisted).toBe(false);
    expect(api.writes()).toEqual([]);
    await act(async () => {
      upload.answer('/objects/abcdefghijklmnopqrst-160x53.png');
      await persisting;
    });
    expect(api.writes()).toEqual([
      {
        method: 'PUT',
        path: '/api/signatures/sig-1',
        body: { photoUrl: '/objects/abcdefghijklmnopqrst-160x53.png' },
        keepalive: false,
      },
    ]);
    expect(hasPendingEdits()).toBe(false);
  });

  it('creates a not yet saved signature with the image that finished uploading after the click', async () => {
    const api = installFakeApi({ signatures: [] });
    const hook = renderDraft({ ready: true, user });
    await waitFor(() => expect(hook.result.current.fields).not.toBeNull());
    const upload = pendingUpload((photoUrl) => hook.result.current.update({ photoUrl }));
    let result: { id: string } | undefined;
    await act(async () => {
      const persisting = hook.result.current.persistNow({ full: false });
      upload.answer('/objects/abcdefghijklmnopqrst-80x80.jpg');
      result = await persisting;
    });
    expect(result?.id).toBe('sig-new');
    const created = api.writes().filter((w) => w.method === 'POST');
    expect(created).toHaveLength(1);
    expect(created[0]?.body).toMatchObject({ photoUrl: '/objects/abcdefghijklmnopqrst-80x80.jpg' });
  });

  it('still saves when the upload fails (its own toast tells the person)', async () => {
    const api = installFakeApi({ signatures: [savedSignature()] });
    const hook = renderDraft({ ready: true, user });
    await waitFor(() => expect(hook.result.current.signatureId).toBe('sig-1'));
    act(() => hook.result.current.update({ company: 'Acme' }));
    const failed = trackPendingEdit(Promise.reject(new Error('Upload failed')));
    failed.catch(() => undefined);
    await act(async () => {
      await hook.result.current.persistNow({ full: false });
    });
    expect(api.writes().map((w) => w.body)).toEqual([{ company: 'Acme' }]);
  });
});

describe("useSignatureDraft and the organization's defaults", () => {
  it('starts a new signature from the defaults and the logo, and the first save sends them', async () => {
    const api = installFakeApi({ signatures: [], defaults: ACME_DEFAULTS });
    const hook = renderDraft({ ready: true, user });
    await waitFor(() => expect(hook.result.current.fields).not.toBeNull());
    expect(hook.result.current.fields?.design).toMatchObject({
      template: 'modern',
      primaryColor: '#0066cc',
      secondaryColor: '#333333',
      fontFamily: 'Arial',
    });
    expect(hook.result.current.fields?.photoUrl).toBe('https://cdn.example.com/acme.png');
    expect(hook.result.current.requirements).toEqual({
      requiredTitle: true,
      requiredPhone: true,
      requiredAddress: false,
    });
    expect(api.writes()).toHaveLength(0);

    await act(async () => {
      await hook.result.current.persistNow({ full: true });
    });
    expect(api.writes()[0]).toMatchObject({
      method: 'POST',
      body: {
        photoUrl: 'https://cdn.example.com/acme.png',
        design: { template: 'modern', primaryColor: '#0066cc', secondaryColor: '#333333' },
      },
    });
  });

  it("keeps a saved signature's own design and still applies the required fields", async () => {
    installFakeApi({ signatures: [savedSignature()], defaults: ACME_DEFAULTS });
    const hook = renderDraft({ ready: true, user });
    await waitFor(() => expect(hook.result.current.signatureId).toBe('sig-1'));
    expect(hook.result.current.fields?.design).toEqual(createEmptySignature().design);
    expect(hook.result.current.fields?.photoUrl).toBe('');
    expect(hook.result.current.requirements.requiredPhone).toBe(true);
  });

  it("falls back to the product's defaults, requiring nothing, when the defaults cannot be read", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    installFakeApi({ signatures: [], defaults: 'fail' });
    const hook = renderDraft({ ready: true, user });
    await waitFor(() => expect(hook.result.current.fields).not.toBeNull());
    expect(hook.result.current.fields?.design).toEqual(createEmptySignature().design);
    expect(hook.result.current.requirements).toEqual({
      requiredTitle: false,
      requiredPhone: false,
      requiredAddress: false,
    });
    expect(errors).toHaveBeenCalledTimes(1);
    errors.mockRestore();
  });

  it('asks nothing of a visitor', () => {
    const api = installFakeApi({ defaults: ACME_DEFAULTS });
    const hook = renderDraft({ ready: true, user: null });
    expect(api.requests).toHaveLength(0);
    expect(hook.result.current.requirements.requiredTitle).toBe(false);
    expect(hook.result.current.fields?.design.template).toBe('professional');
  });
});
