/** @vitest-environment jsdom */
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '../../../test-support/current-user';
import { createEmptySignature, type SavedSignature } from '../../../shared/signature/signature-schema';
import { DEFAULT_SIGNATURE_DEFAULTS } from '../../../shared/validation/account-schemas';
import { createQueryClient } from '../../lib/query-client';
import { SignatureSwitcher } from './signature-switcher';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user = testUser({ subscriptionStatus: 'active', subscriptionPlan: 'Standard' });

function saved(id: string, label: string, more: Partial<SavedSignature> = {}): SavedSignature {
  return {
    ...createEmptySignature({ name: 'Jane Smith', email: 'jane@acme.com' }),
    id,
    label,
    sendAsEmail: null,
    isDefault: false,
    htmlSignature: null,
    version: 1,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...more,
  };
}

type Call = { method: string; path: string; body: unknown };

/** The signatures API as the server answers it, in memory; `answer` overrides a write's answer. */
function installApi(initial: SavedSignature[], answer: (call: Call) => Response | undefined = () => undefined) {
  let list = [...initial];
  const calls: Call[] = [];
  const json = (status: number, data: unknown) =>
    new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const call = {
        method: init.method ?? 'GET',
        path: String(input),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const override = answer(call);
      if (override) return override;
      if (call.method === 'GET' && call.path === '/api/signatures') return json(200, list);
      if (call.method === 'GET' && call.path === '/api/signature-rules/me') return json(200, { signature: null });
      if (call.method === 'GET' && call.path === '/api/organization/signature-defaults') {
        return json(200, { ...DEFAULT_SIGNATURE_DEFAULTS, template: 'modern', logoUrl: null, canManage: false });
      }
      if (call.method === 'POST' && call.path === '/api/signatures') {
        const created = saved(`sig-${list.length + 1}`, (call.body as { label?: string }).label ?? 'Copy');
        list = [...list, created];
        return json(201, created);
      }
      const id = decodeURIComponent(call.path.split('/').pop() ?? '');
      if (call.method === 'PUT') {
        const meta = call.body as Partial<SavedSignature>;
        list = list.map((s) => (s.id === id ? { ...s, ...meta } : meta.isDefault ? { ...s, isDefault: false } : s));
        return json(
          200,
          list.find((s) => s.id === id),
        );
      }
      if (call.method === 'DELETE') {
        list = list.filter((s) => s.id !== id);
        return json(200, list);
      }
      return json(404, { error: 'Not found' });
    }),
  );
  return { calls, writes: () => calls.filter((c) => c.method !== 'GET') };
}

function renderSwitcher(currentId: string) {
  const onSwitch = vi.fn<(id: string) => void>();
  const onDeleted = vi.fn<(id: string, next: string) => void>();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SignatureSwitcher user={user} currentId={currentId} onSwitch={onSwitch} onDeleted={onDeleted} />
    </QueryClientProvider>,
  );
  return { onSwitch, onDeleted };
}

async function openMenu() {
  const trigger = await screen.findByTestId('signature-switcher');
  fireEvent.keyDown(trigger, { key: 'Enter' });
  return within(await screen.findByRole('menu'));
}

describe('SignatureSwitcher', () => {
  it('shows the current name, lists every signature with Default and Used for, and switches', async () => {
    installApi([
      saved('a', 'My signature', { isDefault: true }),
      saved('b', 'Sales', { sendAsEmail: 'sales@acme.com' }),
    ]);
    const { onSwitch } = renderSwitcher('b');
    expect((await screen.findByTestId('signature-switcher')).textContent).toBe('Sales');
    const menu = await openMenu();
    const options = menu.getAllByRole('menuitemradio');
    expect(options.map((o) => o.textContent)).toEqual(['My signatureDefault', 'SalesUsed for sales@acme.com']);
    expect(options[1]!.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(options[0]!);
    expect(onSwitch).toHaveBeenCalledWith('a');
  });

  it('creates a new signature from the account and the organization defaults, then opens it; an empty name is refused first', async () => {
    const api = installApi([saved('a', 'My signature', { isDefault: true })]);
    const { onSwitch } = renderSwitcher('a');
    fireEvent.click((await openMenu()).getByRole('menuitem', { name: 'New signature' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'Create' }));
    expect(await dialog.findByText('Please give the signature a name')).toBeTruthy();
    expect(api.writes()).toEqual([]);
    fireEvent.change(dialog.getByLabelText('Signature name'), { target: { value: 'Deutsch' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(onSwitch).toHaveBeenCalledWith('sig-2'));
    expect(api.writes()[0]).toMatchObject({
      method: 'POST',
      path: '/api/signatures',
      body: { label: 'Deutsch', name: 'Jane Smith', email: 'jane@acme.com', design: { template: 'modern' } },
    });
  });

  it("keeps what was typed and shows the server's words when a save is refused", async () => {
    const refusal =
      'Another of your signatures is already used for sales@acme.com. Each send-as address has one signature: clear "Used for" on that one first, or choose another address.';
    installApi([saved('a', 'My signature', { isDefault: true })], (call) =>
      call.method === 'PUT'
        ? new Response(JSON.stringify({ error: refusal, code: 'CONFLICT' }), { status: 409 })
        : undefined,
    );
    renderSwitcher('a');
    fireEvent.click((await openMenu()).getByRole('menuitem', { name: 'Used for…' }));
    const dialog = within(await screen.findByRole('dialog'));
    const input = dialog.getByLabelText('Send-as address') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'not an address' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Please enter a valid send-as email address')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'sales@acme.com' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText(refusal)).toBeTruthy();
    expect(input.value).toBe('sales@acme.com');
  });

  it('renames, duplicates and makes default through the API', async () => {
    const api = installApi([saved('a', 'My signature', { isDefault: true }), saved('b', 'Sales')]);
    const { onSwitch } = renderSwitcher('b');
    fireEvent.click((await openMenu()).getByRole('menuitem', { name: 'Rename…' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect((dialog.getByLabelText('Signature name') as HTMLInputElement).value).toBe('Sales');
    fireEvent.change(dialog.getByLabelText('Signature name'), { target: { value: 'Sales team' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(screen.getByTestId('signature-switcher').textContent).toBe('Sales team'));

    fireEvent.click((await openMenu()).getByRole('menuitem', { name: 'Make default' }));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    fireEvent.click((await openMenu()).getByRole('menuitem', { name: 'Duplicate' }));
    await waitFor(() => expect(onSwitch).toHaveBeenCalledWith('sig-3'));
    expect(api.writes()).toEqual([
      { method: 'PUT', path: '/api/signatures/b', body: { label: 'Sales team' } },
      { method: 'PUT', path: '/api/signatures/b', body: { isDefault: true } },
      { method: 'POST', path: '/api/signatures', body: { copyFrom: 'b' } },
    ]);
  });

  it('deletes after a confirmation and hands over the next one; the only signature cannot be deleted', async () => {
    const api = installApi([saved('a', 'My signature', { isDefault: true }), saved('b', 'Sales')]);
    const { onDeleted } = renderSwitcher('b');
    fireEvent.click((await openMenu()).getByRole('menuitem', { name: 'Delete…' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'Delete signature' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith('b', 'a'));
    expect(api.writes()).toEqual([{ method: 'DELETE', path: '/api/signatures/b', body: undefined }]);

    cleanup();
    installApi([saved('a', 'My signature', { isDefault: true })]);
    renderSwitcher('a');
    const menu = await openMenu();
    expect(menu.getByRole('menuitem', { name: 'Delete (your only signature)' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    expect(menu.getByRole('menuitem', { name: 'This is your default' }).getAttribute('aria-disabled')).toBe('true');
  });
});
