import Fastify from 'fastify';
import { googleStandInPlugin } from '../server/google/google-stand-in';
import {
  createStandInState,
  googleErrorBody,
  type StandInAnswer,
  type StandInClient,
  type StandInGrant,
  type StandInPerson,
  type StandInRoute,
  type StandInState,
  type StandInStore,
} from '../server/google/google-stand-in-wire';
import type { GoogleEndpoints } from '../server/google/workspace-client';

/**
 * The Google stand-in as tests drive it: the app's own stand-in (src/server/google/google-stand-in.ts)
 * in memory, with what only tests need: counters of what it received, failures injected in Google's
 * place, and its own listener on loopback (decision 0110).
 */

export interface InjectedFailure {
  status: number;
  /** Google's reason, e.g. rateLimitExceeded (403) or backendError (503). */
  reason?: string;
  message?: string;
  retryAfterSeconds?: number;
  /** Google's exact answer body, sent as given (tests of how Google's own strings are read). */
  body?: unknown;
}

export interface StandInCounters {
  /** Token requests received, by the assertion's `sub`. */
  tokenRequests: Map<string, number>;
  /** PATCH requests received, by send-as address (lower-case), whatever their answer. */
  patches: Map<string, number>;
  /** Every request received, by route. */
  requests: Record<StandInRoute, number>;
}

export interface StandInHarness extends StandInState {
  counters: StandInCounters;
  countRequest(route: StandInRoute): void;
  /** Replaceable: a test may act on the n-th patch (revoke the key mid-push). */
  countBy(map: 'tokenRequests' | 'patches', key: string): void;
  /** The next `count` requests to `route` answer this failure instead. */
  injectFailures(route: StandInRoute, count: number, failure: InjectedFailure): void;
  takeFailure(route: StandInRoute): InjectedFailure | undefined;
  tokenRequestsFor(sub: string): number;
  patchesFor(sendAsEmail: string): number;
  totalPatches(): number;
  totalTokenRequests(): number;
}

export function createMemoryStandInStore(): StandInStore {
  const people = new Map<string, StandInPerson>();
  const clients = new Map<string, StandInClient>();
  const signatures = new Map<string, string>();
  const grants = new Map<string, StandInGrant>();
  return {
    people: async () => [...people.values()],
    person: async (email) => people.get(email.toLowerCase()),
    async putPeople(list) {
      for (const p of list) people.set(p.primaryEmail.toLowerCase(), p);
    },
    client: async (clientEmail) => clients.get(clientEmail),
    async putClient(client) {
      clients.set(client.clientEmail, client);
    },
    signatures: async () => new Map(signatures),
    async setSignature(_personEmail, sendAsEmail, html) {
      signatures.set(sendAsEmail.toLowerCase(), html);
    },
    async saveGrant(token, grant) {
      grants.set(token, grant);
    },
    grant: async (token) => grants.get(token),
  };
}

/** An injected failure as Google would send it: the token endpoint's OAuth shape, or the APIs' error object. */
function injectedAnswer(route: StandInRoute, failure: InjectedFailure): StandInAnswer {
  const headers =
    failure.retryAfterSeconds === undefined ? undefined : { 'retry-after': String(failure.retryAfterSeconds) };
  const answer = (body: unknown): StandInAnswer => ({ status: failure.status, body, ...(headers ? { headers } : {}) });
  if (failure.body !== undefined) return answer(failure.body);
  if (route === 'token' && failure.status < 500 && failure.status !== 429) {
    return answer({
      error: failure.reason ?? 'invalid_request',
      error_description: failure.message ?? 'Injected failure',
    });
  }
  const reason =
    failure.reason ??
    (failure.status === 429 ? 'rateLimitExceeded' : failure.status >= 500 ? 'backendError' : 'badRequest');
  const message =
    failure.message ??
    (failure.status === 429 || reason.endsWith('RateLimitExceeded') || reason === 'rateLimitExceeded'
      ? 'Rate Limit Exceeded'
      : failure.status >= 500
        ? 'The service is currently unavailable.'
        : 'Bad Request');
  return answer(googleErrorBody(failure.status, message, reason));
}

/** A stand-in state (in memory unless a store is given) with counters and injected failures. */
export function createStandInHarness(
  store: StandInStore = createMemoryStandInStore(),
  options: { latencyMs?: number; now?: () => number } = {},
): StandInHarness {
  const counters: StandInCounters = {
    tokenRequests: new Map(),
    patches: new Map(),
    requests: { token: 0, 'sendAs.list': 0, 'sendAs.patch': 0, directory: 0, 'users.get': 0, 'groups.members': 0 },
  };
  const failures = new Map<StandInRoute, InjectedFailure[]>();
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  const harness: StandInHarness = Object.assign(createStandInState(store, options), {
    counters,
    countRequest(route: StandInRoute) {
      counters.requests[route] += 1;
    },
    countBy(map: 'tokenRequests' | 'patches', key: string) {
      counters[map].set(key, (counters[map].get(key) ?? 0) + 1);
    },
    injectFailures(route: StandInRoute, count: number, failure: InjectedFailure) {
      const list = failures.get(route) ?? [];
      for (let i = 0; i < count; i += 1) list.push(failure);
      failures.set(route, list);
    },
    takeFailure: (route: StandInRoute) => failures.get(route)?.shift(),
    tokenRequestsFor: (sub: string) => counters.tokenRequests.get(sub.toLowerCase()) ?? 0,
    patchesFor: (sendAsEmail: string) => counters.patches.get(sendAsEmail.toLowerCase()) ?? 0,
    totalPatches: () => sum(counters.patches),
    totalTokenRequests: () => sum(counters.tokenRequests),
  });
  harness.hooks = {
    // Through `harness`, so a test that replaces countBy sees every request.
    received(route, key) {
      harness.countRequest(route);
      if (key && route === 'token') harness.countBy('tokenRequests', key);
      if (key && route === 'sendAs.patch') harness.countBy('patches', key);
      const failure = harness.takeFailure(route);
      return failure ? injectedAnswer(route, failure) : undefined;
    },
  };
  return harness;
}

/** The stand-in alone on 127.0.0.1 at a free port (tests, the bench). */
export async function startGoogleStandIn(
  opts: { state?: StandInHarness; people?: StandInPerson[]; latencyMs?: number } = {},
): Promise<{ endpoints: GoogleEndpoints; state: StandInHarness; url: string; close(): Promise<void> }> {
  const state = opts.state ?? createStandInHarness();
  if (opts.latencyMs !== undefined) state.latencyMs = opts.latencyMs;
  if (opts.people) await state.addPeople(opts.people);
  const app = Fastify({ logger: false });
  await app.register(googleStandInPlugin({ state }));
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const url = address.replace('localhost', '127.0.0.1');
  return {
    url,
    state,
    endpoints: { tokenUrl: `${url}/token`, gmailApiUrl: url, directoryApiUrl: url },
    close: () => app.close(),
  };
}
