/**
 * The Workspace push budgets, through the whole app (jobs runner, PGlite, mail outbox) against the
 * Google stand-in with 50 ms of latency per answer (docs/decisions/0133, 0134):
 * - 1,000 people pushed: seconds, and the most calls to Google in flight at once in this process
 *   (budget: ≤ 60 s, ≤ 15 in flight);
 * - a push to 1,000 people whose key is revoked at the 10th patch: calls made after Google's first
 *   refusal, and alert mails recorded (budget: ≤ 3 calls, exactly 1 mail);
 * - Connect and then "Check connection" with a good key, as an admin waits for them (budget ≤ 5 s).
 * Run: node --import tsx bench/workspace-budgets.bench.ts (PEOPLE=… to change the 1,000).
 * Prints figures only; it never fails, since machines differ.
 */
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../src/server/db/schema/mail-outbox.schema';
import { waitUntil } from './support/directory-people';
import { signedUpOwner, workspaceWorld } from './support/workspace-world';
import { recordGoogleCalls } from '../src/test-support/google-calls';

const PEOPLE = Number(process.env.PEOPLE ?? 1000);
const LATENCY_MS = 50;
const REVOKE_AT_PATCH = 10;

const until = (check: () => Promise<boolean>, what: string) => waitUntil(check, what, 600_000);

/** The most calls to the stand-in outstanding at once, from the recorded sends and answers. */
function mostInFlight(log: { event: 'sent' | 'answered' }[]): number {
  let now = 0;
  let most = 0;
  for (const entry of log) {
    now += entry.event === 'sent' ? 1 : -1;
    most = Math.max(most, now);
  }
  return most;
}

async function pushBudget() {
  const w = await workspaceWorld('bench-push.example', PEOPLE, until);
  try {
    const calls = recordGoogleCalls(w.google.url);
    const started = performance.now();
    await w.call('POST', '/api/workspace/push', { target: { kind: 'all' } });
    await until(async () => (await w.statuses()).every((p) => p.pushStatus !== 'pending'), 'the push');
    const seconds = (performance.now() - started) / 1000;
    calls.restore();
    const pushed = (await w.statuses()).filter((p) => p.pushStatus === 'pushed').length;
    console.log(
      `push to ${PEOPLE} people (stand-in ${LATENCY_MS} ms): ${seconds.toFixed(1)} s (budget ≤ 60 s), ${pushed} pushed, ` +
        `most calls in flight ${mostInFlight(calls.log)} (budget ≤ 15), calls ${calls.sent()}`,
    );
  } finally {
    await w.close();
  }
}

async function systemicBudget() {
  const w = await workspaceWorld('bench-revoked.example', PEOPLE, until);
  try {
    const countBy = w.google.state.countBy.bind(w.google.state);
    w.google.state.countBy = (map, key) => {
      countBy(map, key);
      if (map === 'patches' && w.google.state.totalPatches() === REVOKE_AT_PATCH)
        void w.google.state.revoke(w.account.client.clientEmail);
    };
    const calls = recordGoogleCalls(w.google.url);
    await w.call('POST', '/api/workspace/push', { target: { kind: 'all' } });
    await until(async () => (await w.statuses()).every((p) => p.pushStatus !== 'pending'), 'the stopped push');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    calls.restore();
    const refused = calls.afterFirstFailure((c) => c.url === '/token' && c.status === 400);
    const mails = await w.app.services.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.kind, 'workspace-stopped'));
    console.log(
      `key revoked at patch ${REVOKE_AT_PATCH} of a push to ${PEOPLE}: ${refused.after} calls after Google's first refusal (budget ≤ 3), ` +
        `${mails.length} alert mail(s) (budget exactly 1), ${w.google.state.totalPatches()} patches, ${calls.sent()} calls in all`,
    );
  } finally {
    await w.close();
  }
}

async function connectCheckBudget() {
  const domain = 'bench-connect.example';
  const w = await signedUpOwner(domain, 25);
  try {
    const seconds: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const started = performance.now();
      const connect = await w.call('POST', '/api/workspace/connection', {
        keyJson: w.account.keyJson,
        adminEmail: `ada@${domain}`,
      });
      const check = await w.call('POST', '/api/workspace/connection/check');
      seconds.push((performance.now() - started) / 1000);
      if (connect.statusCode !== 200 || check.statusCode !== 200)
        throw new Error(`connect ${connect.statusCode} ${connect.body} / check ${check.statusCode} ${check.body}`);
      await w.call('DELETE', '/api/workspace/connection');
    }
    seconds.sort((a, b) => a - b);
    console.log(
      `Connect + "Check connection" with a good key (stand-in ${LATENCY_MS} ms): median ${seconds[1]!.toFixed(2)} s ` +
        `of 3 (${seconds.map((x) => x.toFixed(2)).join(', ')}; budget ≤ 5 s)`,
    );
  } finally {
    await w.close();
  }
}

await connectCheckBudget();
await pushBudget();
await systemicBudget();
