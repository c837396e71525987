/** @vitest-environment jsdom */
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '../../../test-support/current-user';
import { DEFAULT_SIGNATURE_DEFAULTS } from '../../../shared/validation/account-schemas';
import { createEmptySignature, type SavedSignature } from '../../../shared/signature/signature-schema';
import { createQueryClient } from '../../lib/query-client';
import { ConflictDialog } from './conflict-dialog';

/** The editor loads its signatures through TanStack Query: each hook gets a fresh cache. */
function withQueryClient() {
  const queryClient = createQueryClient();
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
}
import { useSignatureDraft } from './use-signature-draft';

const user = testUser();

function saved(overrides: Partial<SavedSignature> = {}): SavedSignature {
  return {
    ...createEmptySignature({
      name: 'Jane Smith',
      email: 'jane@acme.com',
      socialLinks: { github: 'https://github.com/j' },
    }),
    id: 'sig-1',
    label: 'My signature',
    sendAsEmail: null,
    isDefault: true,
    htmlSignature: null,
    version: 1,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A server holding one signature with a version, as the API does: a stale versioned PUT is a 409. */
function installServer(initial: SavedSignature) {
  let stored = initial;
  const puts: Array<Record<string, unknown>> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const path = String(input);
      const method = init.method ?? 'GET';
      const json = (status: number, data: unknown) =>
        new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
      if (method === 'GET' && path === '/api/signatures') return json(200, [stored]);
      if (method === 'GET' && path === '/api/signature-rules/me') return json(200, { signature: null });
      if (method === 'GET' && path === '/api/organization/signature-defaults')
        return json(200, { ...DEFAULT_SIGNATURE_DEFAULTS, logoUrl: null, canManage: true });
      if (method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        puts.push(body);
        if (typeof body.version === 'number' && body.version !== stored.version) {
          return json(409, {
            error: 'This signature was changed in another tab or on another device since you opened it.',
            code: 'CONFLICT',
            current: stored,
          });
        }
        const { version: _ignored, ...fields } = body;
        stored = { ...stored, ...(fields as Partial<SavedSignature>), version: stored.version + 1 };
        return json(200, stored);
      }
      return json(404, { error: 'Not found' });
    }),
  );
  return {
    puts,
    /** Another tab saves. */
    otherTabSaves(change: Partial<SavedSignature>) {
      stored = { ...stored, ...change, version: stored.version + 1 };
    },
    stored: () => stored,
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a stale Save Signature', () => {
  it('sends the version it is based on, opens the conflict on 409 and keeps the typed work; Reload takes the stored copy', async () => {
    const server = installServer(saved());
    const hook = renderHook(() => useSignatureDraft({ ready: true, user }), { wrapper: withQueryClient() });
    await waitFor(() => expect(hook.result.current.signatureId).toBe('sig-1'));
    server.otherTabSaves({ name: 'Other Tab' });
    act(() => hook.result.current.update({ title: 'Typed here' }));
    await act(async () => {
      await expect(hook.result.current.persistNow({ full: true })).rejects.toThrow('This signature changed elsewhere');
    });
    expect(server.puts.at(-1)).toMatchObject({ version: 1, title: 'Typed here' });
    expect(hook.result.current.conflict).toMatchObject({ name: 'Other Tab', version: 2 });
    expect(hook.result.current.fields?.title).toBe('Typed here');
    expect(server.stored().title).toBe('');

    act(() => hook.result.current.reloadFromServer());
    expect(hook.result.current.conflict).toBeNull();
    expect(hook.result.current.fields).toMatchObject({ name: 'Other Tab', title: '' });
    // The reloaded copy is based on the stored version: the next save goes through.
    await act(async () => {
      await hook.result.current.persistNow({ full: true });
    });
    expect(server.puts.at(-1)).toMatchObject({ version: 2 });
    expect(server.stored().version).toBe(3);
  });

  it('Overwrite saves this copy again with the version the 409 reported', async () => {
    const server = installServer(saved());
    const hook = renderHook(() => useSignatureDraft({ ready: true, user }), { wrapper: withQueryClient() });
    await waitFor(() => expect(hook.result.current.signatureId).toBe('sig-1'));
    server.otherTabSaves({ name: 'Other Tab' });
    act(() => hook.result.current.update({ name: 'Mine' }));
    await act(async () => {
      await hook.result.current.persistNow({ full: true }).catch(() => undefined);
    });
    expect(hook.result.current.conflict).not.toBeNull();
    await act(async () => {
      await hook.result.current.overwrite();
    });
    expect(hook.result.current.conflict).toBeNull();
    expect(server.puts.at(-1)).toMatchObject({ version: 2, name: 'Mine' });
    expect(server.stored()).toMatchObject({ name: 'Mine', version: 3 });
  });

  it("an autosave answered with someone else's version in between keeps the base: Save still hears 409", async () => {
    const server = installServer(saved());
    const hook = renderHook(() => useSignatureDraft({ ready: true, user }), { wrapper: withQueryClient() });
    await waitFor(() => expect(hook.result.current.signatureId).toBe('sig-1'));
    server.otherTabSaves({ name: 'Other Tab' });
    act(() =>
      hook.result.current.update({
        socialLinks: { github: 'https://github.com/j', youtube: 'https://youtube.com/@j' },
      }),
    );
    await act(async () => {
      await hook.result.current.persistNow({ full: false });
    });
    // Only the platform that changed went out, without a version.
    expect(server.puts.at(-1)).toEqual({ socialLinks: { youtube: 'https://youtube.com/@j' } });
    await act(async () => {
      await hook.result.current.persistNow({ full: true }).catch(() => undefined);
    });
    expect(server.puts.at(-1)).toMatchObject({ version: 1 });
    expect(hook.result.current.conflict).toMatchObject({ name: 'Other Tab', version: 3 });
  });
});

describe('ConflictDialog', () => {
  it('says what happened and offers Reload and Overwrite', () => {
    const onReload = vi.fn();
    const onOverwrite = vi.fn();
    const view = render(<ConflictDialog conflict={null} onReload={onReload} onOverwrite={onOverwrite} />);
    expect(screen.queryByText('This signature changed elsewhere')).toBeNull();
    view.rerender(<ConflictDialog conflict={saved()} onReload={onReload} onOverwrite={onOverwrite} />);
    expect(screen.getByText('This signature changed elsewhere')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    fireEvent.click(screen.getByRole('button', { name: 'Overwrite' }));
    expect(onReload).toHaveBeenCalledTimes(1);
    expect(onOverwrite).toHaveBeenCalledTimes(1);
  });
});
