import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { checkPublicOrigin } from '../../shared/public-origin';
import { GOOGLE_TEST_MODE_PATH, type AppConfig } from '../config';
import type { Db } from '../db/client';
import type { StandInState } from './google-stand-in-wire';
import { injectFetch } from './inject-fetch';
import { createPersistentStandInState, createTestModeServiceAccount, testModeDomain } from './test-mode';
import { googleTestModePlugin, type TestModePageAccess } from './test-mode-page';
import type { GoogleEndpoints } from './workspace-client';

/**
 * Google, as the Workspace module sees it: the real one or the TEST MODE one behind one interface,
 * chosen once in the module's factory (decision 0140), like payments and storage.
 */
export interface GoogleAdapter {
  readonly mode: 'google' | 'test';
  readonly endpoints: GoogleEndpoints;
  /** How calls travel: undefined is the network; TEST MODE answers from this app's own routes, in process. */
  readonly fetch: typeof fetch | undefined;
  /** The operator's service account key (JSON), when one serves every organization (decision 0141). */
  readonly operatorKeyJson: string | undefined;
  /** The pretend Workspace; undefined with real Google. */
  readonly testMode: TestModeGoogle | undefined;
  /** Words refusing a pasted service account key, or null when one may be used. */
  pastedKeyRefusal(): string | null;
  /** Words refusing a push to Gmail (recipients could not load the images), or null. */
  pushRefusal(): string | null;
  /** What this Google mounts in the app: TEST MODE's pretend Google and its page; nothing for real Google. */
  readonly routes: FastifyPluginAsync | undefined;
}

export interface TestModeGoogle {
  readonly state: StandInState;
  /** The organization's own pretend domain. */
  domainOf(organizationId: string): string;
  /** A new key authorised in that domain, its sample people seeded on first use. */
  createServiceAccount(
    organizationId: string,
  ): Promise<{ keyJson: string; adminEmail: string; clientId: string; domain: string }>;
}

type AdapterConfig = Pick<AppConfig, 'google' | 'publicUrl'>;

/**
 * Google's own Gmail API writes into real mailboxes: their recipients load every image from
 * PUBLIC_URL, so it must be https on a public host. A custom GOOGLE_GMAIL_API_URL (a test, a
 * private cloud) is exempt.
 */
function realPushRefusal(config: AdapterConfig): string | null {
  if (config.google.customGmailApi) return null;
  const origin = checkPublicOrigin(config.publicUrl);
  if (origin.ok) return null;
  return `Not pushed: every image in these signatures would be broken in every mailbox. ${origin.message}`;
}

export function createRealGoogle(config: AdapterConfig): GoogleAdapter {
  return {
    mode: 'google',
    endpoints: config.google.endpoints,
    fetch: undefined,
    operatorKeyJson: config.google.operatorKeyJson,
    testMode: undefined,
    pastedKeyRefusal: () => null,
    pushRefusal: () => realPushRefusal(config),
    routes: undefined,
  };
}

export function createTestModeGoogle(
  config: AdapterConfig,
  deps: { db: Db; pageAccess: Parameters<typeof googleTestModePlugin>[0]['pageAccess'] },
): GoogleAdapter {
  const state = createPersistentStandInState(deps.db);
  // Calls reach the pretend Google through the app's own routes, in process, once they are mounted.
  let mountedIn: FastifyInstance | undefined;
  const fetchInProcess = ((input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    if (!mountedIn) return Promise.reject(new Error('The TEST MODE Google is not mounted yet.'));
    return injectFetch(mountedIn)(input, init);
  }) as typeof fetch;
  return {
    mode: 'test',
    endpoints: config.google.endpoints,
    fetch: fetchInProcess,
    operatorKeyJson: undefined,
    testMode: {
      state,
      domainOf: testModeDomain,
      createServiceAccount: (organizationId) => createTestModeServiceAccount(state, organizationId),
    },
    pastedKeyRefusal: () =>
      `This server runs a pretend Google: TEST MODE (${config.google.reason}). A real service account key cannot be checked here and would reach no real Gmail, so it is not accepted. Use "Use the TEST MODE Workspace", or run the server with GOOGLE_MODE=google for real Google.`,
    pushRefusal: () => null,
    routes: async (app) => {
      mountedIn = app;
      await app.register(
        googleTestModePlugin({ state, audiences: [config.google.endpoints.tokenUrl], pageAccess: deps.pageAccess }),
        { prefix: GOOGLE_TEST_MODE_PATH },
      );
    },
  };
}

export type { TestModePageAccess };
