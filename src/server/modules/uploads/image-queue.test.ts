import { describe, expect, it } from 'vitest';
import { createWorkQueue, IMAGE_QUEUE_BUSY_MESSAGE } from './image-queue';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
};

describe('createWorkQueue', () => {
  it('runs at most `concurrency` tasks at once, the rest in order, and refuses beyond maxWaiting', async () => {
    const queue = createWorkQueue({ concurrency: 2, maxWaiting: 2 });
    const gates = Array.from({ length: 4 }, deferred);
    const started: number[] = [];
    const runs = gates.map((gate, i) =>
      queue.run(async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(queue.load()).toEqual({ running: 2, waiting: 2 });

    await expect(queue.run(async () => 'late')).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      message: IMAGE_QUEUE_BUSY_MESSAGE,
      headers: { 'retry-after': '30' },
    });

    gates[1]!.resolve();
    await runs[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(queue.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('frees its place when a task fails', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 0 });
    await expect(queue.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run(async () => 'next')).toBe('next');
  });
});
