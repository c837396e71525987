/**
 * People patched per minute through the Workspace client against the Google stand-in on loopback
 * with 50 ms of latency per answer, at concurrency 10 (what public tools settle on).
 * Run: node --import tsx bench/google-push.bench.ts
 * Each push is what the Workspace module does per person: list send-as (pick isPrimary), then patch.
 * Prints figures only; it never fails on timing, since machines differ.
 */
import { performance } from 'node:perf_hooks';
import { makeTestServiceAccount } from '../src/server/google/google-stand-in-token';
import { startGoogleStandIn } from '../src/test-support/google-stand-in-harness';
import type { StandInPerson } from '../src/server/google/google-stand-in-wire';
import { createWorkspaceClient, DIRECTORY_SCOPE, GMAIL_SETTINGS_SCOPE } from '../src/server/google/workspace-client';

const DOMAIN = 'bench.example';
const PEOPLE = 200;
const CONCURRENCY = 10;
const LATENCY_MS = 50;

const people: StandInPerson[] = Array.from({ length: PEOPLE }, (_, i) => ({
  primaryEmail: `person${String(i).padStart(3, '0')}@${DOMAIN}`,
  fullName: `Person ${i}`,
  givenName: 'Person',
  familyName: String(i),
  title: 'Engineer',
  department: i % 2 ? 'Sales' : 'Engineering',
}));

function signatureFor(p: StandInPerson): string {
  const cell = (text: string) =>
    `<td style="font-family:Arial,sans-serif;font-size:13px;color:#333;padding:0 8px 0 0">${text}</td>`;
  return `<table cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse"><tr>${cell(`<b>${p.fullName}</b>`)}${cell(p.title ?? '')}${cell(p.department ?? '')}</tr>${'<tr><td style="font-size:11px;color:#777">Line of the signature</td></tr>'.repeat(20)}</table>`;
}

async function run(label: string, failEvery: number | undefined): Promise<void> {
  const standIn = await startGoogleStandIn({ people, latencyMs: LATENCY_MS });
  try {
    const account = makeTestServiceAccount(DOMAIN, [GMAIL_SETTINGS_SCOPE, DIRECTORY_SCOPE]);
    await standIn.state.grant(account.client);
    if (failEvery) {
      // Every failEvery-th patch answers 429 or 503 once more (the client backs off and retries).
      const failures = Math.floor(PEOPLE / failEvery);
      for (let i = 0; i < failures; i += 1) {
        standIn.state.injectFailures('sendAs.patch', 1, i % 2 ? { status: 503 } : { status: 429 });
      }
    }
    const client = createWorkspaceClient({
      key: account.key,
      endpoints: standIn.endpoints,
      retry: { maxAttempts: 6, baseDelayMs: 200, maxDelayMs: 5000 },
    });
    const queue = [...people];
    let failed = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let p = queue.shift(); p; p = queue.shift()) {
          try {
            const primary = await client.primarySendAs(p.primaryEmail);
            await client.patchSignature(p.primaryEmail, primary.sendAsEmail, signatureFor(p));
          } catch {
            failed += 1;
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const pushed = PEOPLE - failed;
    console.log(
      `${label}: ${pushed} people pushed in ${seconds.toFixed(1)} s = ${Math.round((pushed / seconds) * 60)} people/min ` +
        `(concurrency ${CONCURRENCY}, ${LATENCY_MS} ms latency); tokens requested ${client.stats.tokenRequests} ` +
        `(stand-in saw ${standIn.state.totalTokenRequests()}), API calls ${client.stats.calls}, retries ${client.stats.retries}, failed ${failed}, ` +
        `patches received ${standIn.state.totalPatches()}`,
    );
  } finally {
    await standIn.close();
  }
}

await run('clean run', undefined);
await run('with 5% of patches answering 429/503 once', 20);
