/** @vitest-environment jsdom */
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { unsavedEditsKey } from './draft-storage';
import { useAutosave } from './use-autosave';

const KEY = unsavedEditsKey('sig-1');
const stored = () => JSON.parse(localStorage.getItem(KEY) ?? 'null') as unknown;

beforeEach(() => {
  localStorage.clear();
  // Nothing is sent in these tests (the debounce never runs out); a request would fail them.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new Error('no request expected'))),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A saved signature's autosave, with an edit waiting in its queue. */
function typeOneKey() {
  const hook = renderHook(() => useAutosave());
  act(() => hook.result.current.controls.attach('sig-1', 1));
  act(() => hook.result.current.controls.enqueue({ name: 'Jane S' }));
  return hook;
}

// The first key of a batch keeps a local copy of what is not stored (decision 0240): once the page
// is idle, never inside the key's own frame.
describe('the local copy of unsaved edits', () => {
  it('is written when the page is idle, not during the keystroke', () => {
    const idle: Array<() => void> = [];
    vi.stubGlobal(
      'requestIdleCallback',
      vi.fn((run: () => void) => {
        idle.push(run);
        return idle.length;
      }),
    );
    const hook = typeOneKey();
    expect(hook.result.current.status).toBe('pending');
    expect(stored()).toBeNull();
    // More keys of the same batch ask for no second write.
    act(() => hook.result.current.controls.enqueue({ name: 'Jane Sm' }));
    expect(idle).toHaveLength(1);
    act(() => idle[0]!());
    expect(stored()).toEqual({ name: 'Jane Sm' });
  });

  it('is written a moment later where the browser has no idle callback', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    typeOneKey();
    expect(stored()).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(stored()).toEqual({ name: 'Jane S' });
  });
});
