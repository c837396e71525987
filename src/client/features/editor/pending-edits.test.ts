import { describe, expect, it } from 'vitest';
import { hasPendingEdits, pendingEditsSettled, trackPendingEdit } from './pending-edits';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('pending edits: what an export waits for', () => {
  it('resolves at once when nothing is out', async () => {
    expect(hasPendingEdits()).toBe(false);
    await pendingEditsSettled();
  });

  it('waits for every tracked upload, including one started while waiting, and hands results through', async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    const tracked = trackPendingEdit(first.promise);
    expect(hasPendingEdits()).toBe(true);
    let settled = false;
    const waiting = pendingEditsSettled().then(() => {
      settled = true;
    });
    trackPendingEdit(second.promise);
    first.resolve('/objects/a');
    expect(await tracked).toBe('/objects/a');
    await tick();
    expect(settled).toBe(false);
    second.resolve('/objects/b');
    await waiting;
    expect(settled).toBe(true);
    expect(hasPendingEdits()).toBe(false);
  });

  it('never rejects for a failed upload, while the caller still sees the failure', async () => {
    const upload = deferred<string>();
    const tracked = trackPendingEdit(upload.promise);
    const waiting = pendingEditsSettled();
    upload.reject(new Error('Upload failed'));
    await expect(tracked).rejects.toThrow('Upload failed');
    await expect(waiting).resolves.toBeUndefined();
    expect(hasPendingEdits()).toBe(false);
  });
});
