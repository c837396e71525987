import type { SignaturePatch } from '../../../shared/signature/signature-schema';
import { FieldsRefused, WHOLE_BATCH, fieldKeysOf, splitPatch, type Refusals } from './refused-fields';
import { mergePatches } from './signature-patch';

/**
 * What the person sees beside the editor:
 * idle (nothing sent yet), pending or saving ('Saving…'), saved ('All changes saved'),
 * error ('Not saved — retrying').
 */
export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

/** full: the batch holds a full save (Save Signature), which goes out with the version it is based on. */
export type SendPatch = (patch: SignaturePatch, options: { keepalive: boolean; full: boolean }) => Promise<unknown>;

export type PatchQueueOptions = {
  send: SendPatch;
  /** Quiet time after the last edit before a batch goes out. */
  debounceMs?: number;
  /** Someone who never stops typing still gets a save this often. */
  maxWaitMs?: number;
  /** Waits between retries of a failed batch; the last one repeats for ever. */
  retryDelaysMs?: readonly number[];
  onStatusChange?: (status: SaveStatus) => void;
  /** The fields held back because they were refused, with why; {} once none is. */
  onRefusalsChange?: (refusals: Refusals) => void;
};

export type PatchQueue = {
  /** Adds an edit; it goes out with the others once typing pauses. full marks a whole-signature save. */
  enqueue(patch: SignaturePatch, options?: { full?: boolean }): void;
  /** Sends what is waiting now. Rejects when that send fails; the patch stays queued and is retried. */
  flush(): Promise<void>;
  /** The page may be going away: send what is waiting with keepalive, without waiting for anything. */
  flushBeforeUnload(): void;
  hasUnsavedChanges(): boolean;
  status(): SaveStatus;
  /** The fields held back as refused (they go out again once changed), with why. */
  refusals(): Refusals;
  /** Everything not yet stored: held, in flight and waiting, newest winning; null when all is stored. */
  unsaved(): SignaturePatch | null;
  /** Stops timers; whatever was waiting is returned so the caller can decide what to do with it. */
  dispose(): SignaturePatch | null;
};

export const DEFAULT_DEBOUNCE_MS = 600;
export const DEFAULT_MAX_WAIT_MS = 3000;
export const DEFAULT_RETRY_DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000] as const;

/**
 * Coalesces field edits into partial updates. One request is in flight at a time, so the server
 * sees edits in the order they were made; a failed batch is merged back under newer edits and
 * retried with backoff, never dropped. A batch refused for what some fields hold (the send throws
 * FieldsRefused) is not retried: those fields are held until the person changes them, and the
 * rest goes out at once (decision 0180).
 */
export function createPatchQueue(options: PatchQueueOptions): PatchQueue {
  const debounceMs = options.debounceMs ?? DEFAULT_DEBOUNCE_MS;
  const maxWaitMs = options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
  const retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;

  let pending: SignaturePatch | null = null;
  let pendingFull = false;
  let inFlightFull = false;
  let inFlight: Promise<void> | null = null;
  let inFlightBatch: SignaturePatch | null = null;
  let firstQueuedAt = 0;
  let debounceTimer: ReturnType<typeof setTimeout> | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  let current: SaveStatus = 'idle';
  let disposed = false;
  let held: SignaturePatch | null = null;
  let refusals: Refusals = {};

  const setRefusals = (next: Refusals) => {
    if (Object.keys(next).length === 0 && Object.keys(refusals).length === 0) return;
    refusals = next;
    options.onRefusalsChange?.(next);
  };

  /** The refusals that still name a held field. */
  const refusalsFor = (problems: Refusals): Refusals => {
    const fields = held ? fieldKeysOf(held) : [];
    const names = (key: string) =>
      key === WHOLE_BATCH || fields.some((field) => field === key || field.startsWith(`${key}.`));
    return Object.fromEntries(Object.entries(problems).filter(([key]) => fields.length > 0 && names(key)));
  };

  /** The refused fields leave the batch and wait; the rest joins what is waiting, ahead of newer edits. */
  const hold = (batch: SignaturePatch, full: boolean, refused: FieldsRefused) => {
    let split = splitPatch(batch, Object.keys(refused.problems));
    let problems = refused.problems;
    // A refusal naming nothing in the batch holds all of it: the same batch is never sent twice.
    if (!split.held) {
      split = { held: batch, rest: null };
      problems = { [WHOLE_BATCH]: refused.message };
    }
    held = mergePatches(held, split.held);
    setRefusals(refusalsFor({ ...refusals, ...problems }));
    pending = mergePatches(split.rest, pending);
    pendingFull ||= full && split.rest !== null;
  };

  /** A new value for a held field replaces it: the held one is dropped, the new one is checked when sent. */
  const release = (patch: SignaturePatch) => {
    if (!held) return;
    const split = splitPatch(held, fieldKeysOf(patch));
    if (!split.held) return;
    held = split.rest;
    setRefusals(refusalsFor(refusals));
  };

  const setStatus = (next: SaveStatus) => {
    if (next === current) return;
    current = next;
    options.onStatusChange?.(next);
  };

  const clearTimers = () => {
    if (debounceTimer) clearTimeout(debounceTimer);
    if (retryTimer) clearTimeout(retryTimer);
    debounceTimer = null;
    retryTimer = null;
  };

  const sendInBackground = () => {
    sendPending(false, false).catch(() => undefined);
  };

  const scheduleDebounce = () => {
    if (debounceTimer) clearTimeout(debounceTimer);
    const waited = Date.now() - firstQueuedAt;
    debounceTimer = setTimeout(
      () => {
        debounceTimer = null;
        sendInBackground();
      },
      Math.max(0, Math.min(debounceMs, maxWaitMs - waited)),
    );
  };

  const scheduleRetry = () => {
    const delay = retryDelays[Math.min(failures, retryDelays.length - 1)] ?? DEFAULT_DEBOUNCE_MS;
    failures += 1;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      sendInBackground();
    }, delay);
  };

  async function sendPending(keepalive: boolean, force: boolean): Promise<void> {
    // Wait for the request already out so that an older batch never lands after a newer one.
    while (inFlight) await inFlight.catch(() => undefined);
    if (!pending || disposed) return;
    // That request failed meanwhile and scheduled a retry: a timer must not skip the backoff.
    if (!force && retryTimer) return;
    clearTimers();
    // A refusal takes its fields out of the batch and sends the rest straight away.
    let batch: SignaturePatch | null = pending;
    while (batch) {
      const full = pendingFull;
      pending = null;
      pendingFull = false;
      setStatus('saving');
      const sent: SignaturePatch = batch;
      batch = null;
      const request = options.send(sent, { keepalive, full }).then(() => undefined);
      inFlight = request;
      inFlightBatch = sent;
      inFlightFull = full;
      try {
        await request;
        failures = 0;
      } catch (error) {
        if (error instanceof FieldsRefused && !disposed) {
          hold(sent, full, error);
          batch = pending;
          continue;
        }
        // Newer edits win over the failed batch, field by field.
        pending = mergePatches(sent, pending);
        pendingFull ||= full;
        if (!disposed) {
          setStatus('error');
          scheduleRetry();
        }
        throw error;
      } finally {
        inFlight = null;
        inFlightBatch = null;
        inFlightFull = false;
      }
    }
    if (pending) {
      setStatus('pending');
      scheduleDebounce();
    } else {
      setStatus('saved');
    }
  }

  return {
    enqueue(patch, { full = false } = {}) {
      if (disposed) return;
      release(patch);
      if (!pending) firstQueuedAt = Date.now();
      pending = mergePatches(pending, patch);
      pendingFull ||= full;
      // While a retry is scheduled the batch rides along with it; the status stays 'error'.
      if (retryTimer) return;
      if (!inFlight) setStatus('pending');
      scheduleDebounce();
    },
    flush() {
      return sendPending(false, true);
    },
    flushBeforeUnload() {
      if (!pending || disposed) return;
      if (!inFlight) {
        sendPending(true, true).catch(() => undefined);
        return;
      }
      // The page cannot wait for the request already out; send everything it carries plus the
      // newer edits, so that whichever lands last still holds the newest values.
      clearTimers();
      const batch = mergePatches(inFlightBatch, pending);
      const full = inFlightFull || pendingFull;
      pending = null;
      pendingFull = false;
      if (batch) {
        options.send(batch, { keepalive: true, full }).catch(() => {
          pending = mergePatches(batch, pending);
          pendingFull ||= full;
        });
      }
    },
    hasUnsavedChanges: () => pending !== null || inFlight !== null || held !== null,
    status: () => current,
    refusals: () => refusals,
    unsaved: () => mergePatches(mergePatches(held, inFlightBatch), pending),
    dispose() {
      disposed = true;
      clearTimers();
      return pending;
    },
  };
}
