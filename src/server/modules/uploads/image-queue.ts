import { AppError } from '../../errors';

export const IMAGE_QUEUE_BUSY_MESSAGE =
  'Many images are being prepared right now. Please try again in a minute; nothing was saved yet.';

/**
 * A limit on how many images this process turns into files at once (decision 0170). Each image
 * keeps libvips busy for up to a couple of seconds of CPU; run ten side by side on a two-core
 * machine and every other request of the process waits behind them. Work beyond `concurrency`
 * waits its turn, in order; beyond `maxWaiting` waiting, the newest is refused at once with a 503
 * and words (a busy server is not the person's mistake, and no work has been done for it yet).
 */
export function createWorkQueue(options: { concurrency: number; maxWaiting: number }) {
  let running = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    running -= 1;
    const next = waiting.shift();
    if (next) {
      running += 1;
      next();
    }
  };

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= options.concurrency) {
        if (waiting.length >= options.maxWaiting) {
          throw new AppError('UNAVAILABLE', IMAGE_QUEUE_BUSY_MESSAGE, undefined, { 'retry-after': '30' });
        }
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running += 1;
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
    /** Running and waiting counts, for tests and metrics. */
    load: () => ({ running, waiting: waiting.length }),
  };
}
export type WorkQueue = ReturnType<typeof createWorkQueue>;
