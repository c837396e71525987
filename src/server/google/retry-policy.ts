/**
 * The one place Google calls are tried again (docs/decisions/0134). A client gets a policy when it
 * is made (one per job, one per Connect or "Check connection"): every attempt and every pause of
 * that client shares one time budget, shorter than the job's lease, so a job never outlives its
 * lease waiting for Google. What the budget cannot hold is not slept: a Retry-After longer than
 * what is left is handed back to the job, which reschedules itself for that time.
 */
export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** All attempts and pauses of one client (one job) fit in this; unset: one minute. */
  budgetMs?: number;
}

export const DEFAULT_BUDGET_MS = 60_000;

/** Six attempts, 0.5 s doubling to at most 32 s, full jitter, within a minute. */
export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 6, baseDelayMs: 500, maxDelayMs: 32_000 };

/**
 * Connect and "Check connection": a person is waiting for the answer, so one more try after a
 * short pause, 10 s per attempt; an unreachable Google is said within seconds.
 */
export const INTERACTIVE_RETRY: RetryPolicy = { maxAttempts: 2, baseDelayMs: 250, maxDelayMs: 500, budgetMs: 20_000 };
export const INTERACTIVE_TIMEOUT_MS = 10_000;

/** The share of a job's lease its calls to Google may take: the rest is the job's own work and margin. */
export const LEASE_SHARE = 0.4;

/**
 * A job's policy: its retries and pauses stay within 40% of the lease (48 s of 120 s). The call in
 * flight when the budget ends still has its own timeout (30 s), so a job that first waited its
 * organization's turn (at most 40% again) ends within the lease for leases of a minute or more.
 */
export function jobRetry(leaseSeconds: number): RetryPolicy {
  return {
    maxAttempts: 8,
    baseDelayMs: 500,
    maxDelayMs: 16_000,
    budgetMs: Math.floor(leaseSeconds * 1000 * LEASE_SHARE),
  };
}

export type RetryStep = { sleepMs: number } | { giveUp: true };

/**
 * After a failed attempt worth retrying: how long to pause, or give up. Google's Retry-After is
 * obeyed exactly when it fits in what is left of the budget; so is a backoff pause (exponential,
 * full jitter). Either that does not fit ends the retries: the caller hears the last failure.
 */
export function retryStep(
  policy: RetryPolicy,
  failure: { attemptNo: number; elapsedMs: number; retryAfterSeconds?: number | undefined },
  random: () => number,
): RetryStep {
  if (failure.attemptNo >= policy.maxAttempts) return { giveUp: true };
  const left = (policy.budgetMs ?? DEFAULT_BUDGET_MS) - failure.elapsedMs;
  if (failure.retryAfterSeconds !== undefined) {
    const asked = Math.max(0, failure.retryAfterSeconds * 1000);
    return asked < left ? { sleepMs: asked } : { giveUp: true };
  }
  const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (failure.attemptNo - 1));
  const sleepMs = Math.floor(random() * backoff);
  return sleepMs < left ? { sleepMs } : { giveUp: true };
}

/** How many times a job whose budget ran out comes back later before its person is marked failed. */
export const COME_BACK_LIMIT = 3;
const COME_BACK_BASE_SECONDS = 30;

/**
 * After a job's budget is spent on a failure worth retrying: in how many seconds the job comes back
 * (rescheduled, never slept), or null when it should give up. Google's Retry-After is that time;
 * otherwise 30 s, 60 s, 120 s. `tries`: how many times the job already came back.
 */
export function comeBackAfterSeconds(
  failure: { retryable: boolean; retryAfterSeconds?: number | undefined },
  tries: number,
): number | null {
  if (!failure.retryable || tries >= COME_BACK_LIMIT) return null;
  return failure.retryAfterSeconds ?? COME_BACK_BASE_SECONDS * 2 ** tries;
}
