import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignaturePatch } from '../../../shared/signature/signature-schema';
import { createPatchQueue, type SaveStatus, type SendPatch } from './patch-queue';

type Call = { patch: SignaturePatch; keepalive: boolean };

function recordingSend(outcomes: Array<'ok' | 'fail'> = []) {
  const calls: Call[] = [];
  const send: SendPatch = (patch, { keepalive }) => {
    calls.push({ patch, keepalive });
    const outcome = outcomes.shift() ?? 'ok';
    return outcome === 'ok' ? Promise.resolve() : Promise.reject(new Error('500: down'));
  };
  return { calls, send };
}

describe('createPatchQueue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends ten quick edits as one request carrying the merged patch', async () => {
    const { calls, send } = recordingSend();
    const queue = createPatchQueue({ send, debounceMs: 600 });
    const name = 'Jane Smith';
    for (let i = 1; i <= name.length && i <= 10; i += 1) {
      queue.enqueue({ name: name.slice(0, i) });
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(600);
    expect(calls).toEqual([{ patch: { name: 'Jane Smith' }, keepalive: false }]);
  });

  it('merges different fields and design keys into one batch', async () => {
    const { calls, send } = recordingSend();
    const queue = createPatchQueue({ send });
    queue.enqueue({ name: 'Jane' });
    queue.enqueue({ design: { primaryColor: '#34a853' } });
    queue.enqueue({ title: 'CTO' });
    queue.enqueue({ design: { fontFamily: 'Georgia' } });
    queue.enqueue({ name: 'Jane Smith' });
    await vi.advanceTimersByTimeAsync(600);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.patch).toEqual({
      name: 'Jane Smith',
      title: 'CTO',
      design: { primaryColor: '#34a853', fontFamily: 'Georgia' },
    });
  });

  it('still saves while someone types without pausing (max wait)', async () => {
    const { calls, send } = recordingSend();
    const queue = createPatchQueue({ send, debounceMs: 600, maxWaitMs: 3000 });
    for (let i = 0; i < 40; i += 1) {
      queue.enqueue({ address: 'x'.repeat(i + 1) });
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(calls.length).toBeGreaterThanOrEqual(1);
  });

  it('flushes at once on blur, without waiting for the debounce', async () => {
    const { calls, send } = recordingSend();
    const queue = createPatchQueue({ send, debounceMs: 600 });
    queue.enqueue({ company: 'Acme' });
    await queue.flush();
    expect(calls).toEqual([{ patch: { company: 'Acme' }, keepalive: false }]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(1);
  });

  it('flush with nothing waiting sends nothing', async () => {
    const { calls, send } = recordingSend();
    const queue = createPatchQueue({ send });
    await queue.flush();
    expect(calls).toHaveLength(0);
  });

  it('keeps a failed patch, merges newer edits over it and retries with backoff', async () => {
    const { calls, send } = recordingSend(['fail', 'fail', 'ok']);
    const statuses: SaveStatus[] = [];
    const queue = createPatchQueue({ send, retryDelaysMs: [1000, 2000], onStatusChange: (s) => statuses.push(s) });
    queue.enqueue({ name: 'Jane', phone: '123' });
    await vi.advanceTimersByTimeAsync(600);
    expect(calls).toHaveLength(1);
    expect(queue.status()).toBe('error');
    expect(queue.hasUnsavedChanges()).toBe(true);

    queue.enqueue({ phone: '456' });
    // The edit rides with the scheduled retry instead of skipping the backoff.
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls[1]?.patch).toEqual({ name: 'Jane', phone: '456' });

    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls[2]?.patch).toEqual({ name: 'Jane', phone: '456' });
    expect(queue.status()).toBe('saved');
    expect(queue.hasUnsavedChanges()).toBe(false);
    expect(statuses).toEqual(['pending', 'saving', 'error', 'saving', 'error', 'saving', 'saved']);
  });

  it('keeps retrying at the last delay and never drops the patch', async () => {
    const { calls, send } = recordingSend(['fail', 'fail', 'fail', 'fail', 'fail', 'ok']);
    const queue = createPatchQueue({ send, retryDelaysMs: [100, 500] });
    queue.enqueue({ email: 'jane@acme.com' });
    await vi.advanceTimersByTimeAsync(600 + 100 + 500 * 4);
    expect(calls).toHaveLength(6);
    expect(calls.every((call) => call.patch.email === 'jane@acme.com')).toBe(true);
    expect(queue.status()).toBe('saved');
  });

  it('an explicit flush rejects when the send fails but keeps the patch', async () => {
    const { calls, send } = recordingSend(['fail', 'ok']);
    const queue = createPatchQueue({ send });
    queue.enqueue({ title: 'CEO' });
    await expect(queue.flush()).rejects.toThrow('500');
    expect(queue.hasUnsavedChanges()).toBe(true);
    await queue.flush();
    expect(calls.map((c) => c.patch)).toEqual([{ title: 'CEO' }, { title: 'CEO' }]);
  });

  it('sends one batch at a time, in order', async () => {
    let release: () => void = () => undefined;
    const calls: SignaturePatch[] = [];
    const queue = createPatchQueue({
      send: (patch) => {
        calls.push(patch);
        return calls.length === 1 ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
      },
    });
    queue.enqueue({ name: 'A' });
    const first = queue.flush();
    queue.enqueue({ name: 'AB' });
    const second = queue.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([{ name: 'A' }]);
    release();
    await first;
    await second;
    expect(calls).toEqual([{ name: 'A' }, { name: 'AB' }]);
  });

  it('flushBeforeUnload sends the waiting patch with keepalive, at once', () => {
    const { calls, send } = recordingSend();
    const queue = createPatchQueue({ send });
    queue.enqueue({ name: 'Last edit' });
    queue.flushBeforeUnload();
    expect(calls).toEqual([{ patch: { name: 'Last edit' }, keepalive: true }]);
  });

  it('flushBeforeUnload does not wait for a request already out', () => {
    const calls: Call[] = [];
    const queue = createPatchQueue({
      send: (patch, { keepalive }) => {
        calls.push({ patch, keepalive });
        return new Promise<void>(() => undefined);
      },
    });
    queue.enqueue({ name: 'A', title: 'T' });
    void queue.flush();
    queue.enqueue({ name: 'AB' });
    queue.flushBeforeUnload();
    expect(calls).toEqual([
      { patch: { name: 'A', title: 'T' }, keepalive: false },
      { patch: { name: 'AB', title: 'T' }, keepalive: true },
    ]);
  });

  it('dispose stops the timers and hands back what was waiting', async () => {
    const { calls, send } = recordingSend();
    const queue = createPatchQueue({ send });
    queue.enqueue({ mobile: '555' });
    expect(queue.dispose()).toEqual({ mobile: '555' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(0);
  });
});
