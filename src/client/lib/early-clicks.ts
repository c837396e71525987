import { useEffect } from 'react';
import { EARLY_CLICKS_GLOBAL, type EarlyClickState } from '../../shared/early-clicks';

/**
 * The other half of the early-click capture (src/shared/early-clicks.ts, inline in each
 * prerendered page): once the page has hydrated, the clicks it held are replayed on the same
 * elements, so that a button pressed while the page was still plain HTML does what it says.
 */

/** Longest the replay waits for what the page is still loading (the session), after hydration. */
const MAX_HOLD_MS = 3_000;

const holds = new Set<Promise<void>>();
let releasing = false;
let replaying = false;

function earlyClicks(): EarlyClickState | undefined {
  return (window as unknown as Record<string, EarlyClickState | undefined>)[EARLY_CLICKS_GLOBAL];
}

/** True while clicks are still being held (a prerendered page that has not replayed them yet). */
function capturing(): boolean {
  const state = typeof window === 'undefined' ? undefined : earlyClicks();
  return !!state && !state.done;
}

/**
 * Keeps held clicks from being replayed while `waiting` is true, for at most a few seconds after
 * hydration. For what decides what a button does: a plan card asks a visitor to sign up but takes
 * a signed-in person to checkout, so the clicks wait until the session is known.
 */
export function useHoldEarlyClicks(waiting: boolean) {
  useEffect(() => {
    if (!waiting || !capturing()) return;
    let resolve!: () => void;
    const hold = new Promise<void>((done) => (resolve = done));
    holds.add(hold);
    return () => {
      holds.delete(hold);
      resolve();
    };
  }, [waiting]);
}

/**
 * Marks the page hydrated and replays the held clicks in order, each on its element if it is still
 * in the page (a form submitted otherwise is submitted again). Waits first for any hold, but only
 * when there is something to replay: otherwise clicks pass straight to React from now on.
 */
export async function releaseEarlyClicks(): Promise<void> {
  const state = earlyClicks();
  if (!state || state.done || releasing) return;
  releasing = true;
  if (state.queue.length > 0) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([Promise.all([...holds]), new Promise((resolve) => (timer = setTimeout(resolve, MAX_HOLD_MS)))]);
    clearTimeout(timer);
    // Out of React's commit, once the updates its effects scheduled have rendered.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  state.done = true;
  for (const element of state.queue.splice(0)) {
    if (!element.isConnected) continue;
    replaying = true;
    try {
      if (element instanceof HTMLFormElement) element.requestSubmit();
      else if (element instanceof HTMLElement) element.click();
    } finally {
      replaying = false;
    }
  }
}

/**
 * True while a held click is being replayed: read synchronously in a handler, it says the person
 * acted before the page was interactive (the contact form then waits out its anti-bot lock).
 */
export function isReplayingEarlyClick(): boolean {
  return replaying;
}

/** In the hydrated root: once the hydration has committed (children's effects run first), replay. */
export function useReleaseEarlyClicks() {
  useEffect(() => {
    void releaseEarlyClicks();
  }, []);
}
