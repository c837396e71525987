import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoogleWorkspaceError } from './errors';
import { makeTestServiceAccount } from './google-stand-in-token';
import { startGoogleStandIn } from '../../test-support/google-stand-in-harness';
import { jobRetry, retryStep } from './retry-policy';
import { createWorkspaceClient } from './workspace-client';

/** One retry layer with one time budget per client, inside the job's lease (docs/decisions/0134). */
const DOMAIN = 'acme-retry.test';
const at = (local: string) => `${local}@${DOMAIN}`;
let standIn: Awaited<ReturnType<typeof startGoogleStandIn>>;
const account = makeTestServiceAccount(DOMAIN);

beforeAll(async () => {
  standIn = await startGoogleStandIn({
    people: [{ primaryEmail: at('ben'), fullName: 'Ben Carter', givenName: 'Ben', familyName: 'Carter' }],
  });
  await standIn.state.grant(account.client);
});
afterAll(async () => standIn?.close());

/** A client whose clock moves only by its own pauses: the budget is counted in what it slept. */
function budgetedClient(budgetMs: number) {
  let clock = 0;
  const sleeps: number[] = [];
  const client = createWorkspaceClient({
    key: account.key,
    endpoints: standIn.endpoints,
    retry: { maxAttempts: 20, baseDelayMs: 1000, maxDelayMs: 8000, budgetMs },
    random: () => 0.999,
    monotonic: () => clock,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
    },
  });
  return { client, sleeps };
}

async function failure(promise: Promise<unknown>): Promise<GoogleWorkspaceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof GoogleWorkspaceError))
    throw new Error(`expected a GoogleWorkspaceError, got ${String(error)}`);
  return error;
}

describe('one retry layer within a time budget', () => {
  it('a job’s calls share 40% of its lease: 48 s of the 120 s lease', () => {
    expect(jobRetry(120).budgetMs).toBe(48_000);
    expect(jobRetry(600).budgetMs).toBe(240_000);
  });

  it('a lasting 503: attempts and pauses stop inside the budget, never at the attempt count', async () => {
    const { client, sleeps } = budgetedClient(10_000);
    standIn.state.injectFailures('sendAs.list', 50, { status: 503 });
    const before = standIn.state.counters.requests['sendAs.list'];
    const error = await failure(client.listSendAs(at('ben')));
    expect(error.kind).toBe('server_error');
    // 999 + 1998 + 3996 slept; the next pause (7992 ms) would end past 10 s: no more attempts.
    expect(sleeps).toEqual([999, 1998, 3996]);
    expect(standIn.state.counters.requests['sendAs.list'] - before).toBe(4);
    while (standIn.state.takeFailure('sendAs.list'));
  });

  it('a Retry-After that fits is slept exactly; one longer than the budget is handed back, not slept', async () => {
    const fits = budgetedClient(48_000);
    standIn.state.injectFailures('sendAs.list', 1, { status: 429, retryAfterSeconds: 30 });
    await fits.client.listSendAs(at('ben'));
    expect(fits.sleeps).toEqual([30_000]);

    const long = budgetedClient(48_000);
    standIn.state.injectFailures('sendAs.list', 1, { status: 429, retryAfterSeconds: 300 });
    const error = await failure(long.client.listSendAs(at('ben')));
    expect(error).toMatchObject({ kind: 'rate_limited', retryable: true, retryAfterSeconds: 300 });
    expect(long.sleeps).toEqual([]);
  });

  it('the step itself: Retry-After beats backoff, the attempt count still bounds', () => {
    const policy = { maxAttempts: 3, baseDelayMs: 500, maxDelayMs: 16_000, budgetMs: 48_000 };
    expect(retryStep(policy, { attemptNo: 1, elapsedMs: 0, retryAfterSeconds: 20 }, () => 0.5)).toEqual({
      sleepMs: 20_000,
    });
    expect(retryStep(policy, { attemptNo: 1, elapsedMs: 30_000, retryAfterSeconds: 20 }, () => 0.5)).toEqual({
      giveUp: true,
    });
    expect(retryStep(policy, { attemptNo: 2, elapsedMs: 0 }, () => 0.5)).toEqual({ sleepMs: 500 });
    expect(retryStep(policy, { attemptNo: 3, elapsedMs: 0 }, () => 0.5)).toEqual({ giveUp: true });
  });
});
