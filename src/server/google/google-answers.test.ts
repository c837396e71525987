import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoogleWorkspaceError, type GoogleErrorEffect, type GoogleErrorKind } from './errors';
import { makeTestServiceAccount } from './google-stand-in-token';
import { startGoogleStandIn } from '../../test-support/google-stand-in-harness';
import type { StandInRoute } from './google-stand-in-wire';
import { createWorkspaceClient, type WorkspaceClient } from './workspace-client';

/**
 * Google's own refusals, each sent by the stand-in over HTTP as Google sends it, land in their own
 * kind, effect and words: ours first, Google's message quoted after (docs/decisions/0133).
 */
const DOMAIN = 'acme-answers.test';
const at = (local: string) => `${local}@${DOMAIN}`;
const PROJECT = 'signaturepro-test';
const PROJECT_NUMBER = '123456789012';

let standIn: Awaited<ReturnType<typeof startGoogleStandIn>>;
const account = makeTestServiceAccount(DOMAIN);

beforeAll(async () => {
  standIn = await startGoogleStandIn({
    people: [
      { primaryEmail: at('ada'), fullName: 'Ada Admin', givenName: 'Ada', familyName: 'Admin', isAdmin: true },
      { primaryEmail: at('ben'), fullName: 'Ben Carter', givenName: 'Ben', familyName: 'Carter' },
    ],
  });
  await standIn.state.grant(account.client);
});
afterAll(async () => standIn?.close());

function client(overrides: Partial<Parameters<typeof createWorkspaceClient>[0]> = {}): WorkspaceClient {
  return createWorkspaceClient({
    key: account.key,
    endpoints: standIn.endpoints,
    retry: { maxAttempts: 1, baseDelayMs: 0, maxDelayMs: 0 },
    ...overrides,
  });
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

/** Google's API error body, as Gmail and the Directory send it. */
const apiBody = (code: number, message: string, reason: string, status = 'PERMISSION_DENIED') => ({
  error: { code, message, errors: [{ message, domain: 'global', reason }], status },
});

const disabledMessage = (api: string, service: string) =>
  `${api} has not been used in project ${PROJECT_NUMBER} before or it is disabled. Enable it by visiting https://console.developers.google.com/apis/api/${service}/overview?project=${PROJECT_NUMBER} then retry. If you enabled this API recently, wait a few minutes for the action to propagate to our systems and retry.`;

type Case = {
  name: string;
  route: StandInRoute;
  status: number;
  body: unknown;
  call: (c: WorkspaceClient) => Promise<unknown>;
  kind: GoogleErrorKind;
  effect: GoogleErrorEffect;
  ours: string;
  google: string;
};

const patchBen = (c: WorkspaceClient) => c.patchSignature(at('ben'), at('ben'), '<b>Ben</b>');
const tokenBody = (error: string, description: string) => ({ error, error_description: description });

const CASES: Case[] = [
  {
    name: 'the person was deleted: skip them, the key is fine',
    route: 'token',
    status: 400,
    body: tokenBody('invalid_grant', 'The account has been deleted'),
    call: (c) => c.listSendAs(at('ben')),
    kind: 'person_deleted',
    effect: 'skip',
    ours: `${at('ben')} was deleted from the Workspace, so there is no mailbox to set; the key is fine.`,
    google: 'invalid_grant: The account has been deleted',
  },
  {
    name: 'no valid verifier for the issuer: the key or the service account',
    route: 'token',
    status: 400,
    body: tokenBody('invalid_grant', 'Invalid JWT: No valid verifier found for issuer.'),
    call: (c) => c.listSendAs(at('ben')),
    kind: 'key_revoked',
    effect: 'systemic',
    ours: 'Google cannot check this key: it has no valid key for the service account (the key, or the service account itself, was deleted or disabled). Create a new JSON key, or a new service account, and connect again.',
    google: 'invalid_grant: Invalid JWT: No valid verifier found for issuer.',
  },
  {
    name: 'the service account was deleted',
    route: 'token',
    status: 400,
    body: tokenBody('invalid_grant', 'Invalid grant: account not found'),
    call: (c) => c.listSendAs(at('ben')),
    kind: 'key_revoked',
    effect: 'systemic',
    ours: 'Google no longer knows this service account: it was deleted (or its project was). Create a service account and a key, authorise its client ID, and connect again.',
    google: 'invalid_grant: Invalid grant: account not found',
  },
  {
    name: 'delegation not authorised for the client',
    route: 'token',
    status: 401,
    body: tokenBody('access_denied', 'Requested client not authorized.'),
    call: (c) => c.listSendAs(at('ben')),
    kind: 'scopes_not_granted',
    effect: 'systemic',
    ours: `Domain-wide delegation is not authorised for this service account. In the Admin console → Security → API controls → Domain-wide delegation, authorise client ID ${account.key.clientId} with: https://www.googleapis.com/auth/gmail.settings.basic.`,
    google: 'access_denied: Requested client not authorized.',
  },
  {
    name: 'scopes not granted (or not applied yet): the client ID and scopes to authorise',
    route: 'token',
    status: 401,
    body: tokenBody(
      'unauthorized_client',
      'Client is unauthorized to retrieve access tokens using this method, or client not authorized for any of the scopes requested.',
    ),
    call: (c) => c.listSendAs(at('ben')),
    kind: 'scopes_not_granted',
    effect: 'systemic',
    ours: `Google does not let this service account act for people with these scopes: they were never authorised, were removed, or were added minutes ago and are not applied yet (it can take up to 24 hours). In the Admin console → Security → API controls → Domain-wide delegation, authorise client ID ${account.key.clientId} with: https://www.googleapis.com/auth/gmail.settings.basic.`,
    google:
      'unauthorized_client: Client is unauthorized to retrieve access tokens using this method, or client not authorized for any of the scopes requested.',
  },
  ...['Invalid email or User ID', 'Not a valid email'].map((description): Case => ({
    name: `no such person ("${description}"): skip them, the key is fine`,
    route: 'token',
    status: 400,
    body: tokenBody('invalid_grant', description),
    call: (c) => c.listSendAs(at('ben')),
    kind: 'wrong_domain',
    effect: 'skip',
    ours: `Google does not know ${at('ben')} in the Workspace that authorised this service account. Give the address of a person (for Connect: a Workspace admin) of that domain.`,
    google: `invalid_grant: ${description}`,
  })),
  {
    name: "a Workspace admin's policy blocks the app",
    route: 'token',
    status: 400,
    body: tokenBody(
      'admin_policy_enforced',
      'The Google Account is unable to authorize one or more scopes requested due to the policies of their Google Workspace administrator.',
    ),
    call: (c) => c.listSendAs(at('ben')),
    kind: 'domain_policy',
    effect: 'systemic',
    ours: `A policy of your Workspace admin blocks this service account for ${at('ben')} (Admin console → Security → API controls: trust the app, or allow it for that person's unit).`,
    google:
      'admin_policy_enforced: The Google Account is unable to authorize one or more scopes requested due to the policies of their Google Workspace administrator.',
  },
  {
    name: "a signature over Gmail's limit: that person fails, never retried",
    route: 'sendAs.patch',
    status: 400,
    body: apiBody(400, 'Signature exceeds maximum length of 10000 characters', 'invalidArgument', 'INVALID_ARGUMENT'),
    call: patchBen,
    kind: 'too_long',
    effect: 'fail',
    ours: 'Gmail refused the signature as too long (at most 10,000 characters).',
    google: 'Signature exceeds maximum length of 10000 characters',
  },
  {
    name: 'one person restricted: skip them',
    route: 'token',
    status: 401,
    body: tokenBody('access_denied', 'Account restricted'),
    call: (c) => c.listSendAs(at('ben')),
    kind: 'person_restricted',
    effect: 'skip',
    ours: `Google restricts ${at('ben')}'s account, so nothing can be set for this person.`,
    google: 'access_denied: Account restricted',
  },
  {
    name: 'Gmail API disabled (accessNotConfigured): named, with its enable page',
    route: 'sendAs.patch',
    status: 403,
    body: apiBody(403, disabledMessage('Gmail API', 'gmail.googleapis.com'), 'accessNotConfigured'),
    call: patchBen,
    kind: 'api_disabled',
    effect: 'systemic',
    ours: `The Gmail API is not enabled in the service account's Cloud project (${PROJECT}). Enable it at https://console.cloud.google.com/apis/library/gmail.googleapis.com?project=${PROJECT}, wait a few minutes, then press Check connection.`,
    google: disabledMessage('Gmail API', 'gmail.googleapis.com'),
  },
  {
    name: 'Admin SDK API disabled (SERVICE_DISABLED in ErrorInfo): named, with its enable page',
    route: 'directory',
    status: 403,
    body: {
      error: {
        code: 403,
        message: disabledMessage('Admin SDK API', 'admin.googleapis.com'),
        status: 'PERMISSION_DENIED',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'SERVICE_DISABLED',
            domain: 'googleapis.com',
            metadata: { consumer: `projects/${PROJECT_NUMBER}`, service: 'admin.googleapis.com' },
          },
        ],
      },
    },
    call: async (c) => {
      for await (const page of c.listDirectory(at('ada'))) void page;
    },
    kind: 'api_disabled',
    effect: 'systemic',
    ours: `The Admin SDK API is not enabled in the service account's Cloud project (${PROJECT}). Enable it at https://console.cloud.google.com/apis/library/admin.googleapis.com?project=${PROJECT}, wait a few minutes, then press Check connection.`,
    google: disabledMessage('Admin SDK API', 'admin.googleapis.com'),
  },
  {
    name: "the project's daily limit",
    route: 'sendAs.patch',
    status: 403,
    body: apiBody(403, 'Daily Limit Exceeded', 'dailyLimitExceeded'),
    call: patchBen,
    kind: 'daily_limit',
    effect: 'systemic',
    ours: "Google's daily limit of calls for the service account's Cloud project is used up; it resets at midnight Pacific time. Press Check connection after that to resume.",
    google: 'Daily Limit Exceeded',
  },
  {
    name: 'a domain policy',
    route: 'sendAs.patch',
    status: 403,
    body: apiBody(403, 'Access to Gmail settings has been disabled by your domain administrator.', 'domainPolicy'),
    call: patchBen,
    kind: 'domain_policy',
    effect: 'systemic',
    ours: 'Your Workspace admin has turned this off for the domain (a domain policy), so Gmail settings cannot be changed through the API. An admin must allow it in the Admin console, then press Check connection.',
    google: 'Access to Gmail settings has been disabled by your domain administrator.',
  },
  {
    name: 'delegation denied for one person: that person fails',
    route: 'sendAs.patch',
    status: 403,
    body: apiBody(403, `Delegation denied for ${at('ben')}`, 'forbidden'),
    call: patchBen,
    kind: 'delegation_denied',
    effect: 'fail',
    ours: `Gmail does not let the service account act for ${at('ben')} on this address.`,
    google: `Delegation denied for ${at('ben')}`,
  },
];

describe("Google's refusals, read on Google's own strings", () => {
  for (const c of CASES) {
    it(c.name, async () => {
      standIn.state.injectFailures(c.route, 1, { status: c.status, body: c.body });
      const error = await failure(c.call(client()));
      expect(error.kind).toBe(c.kind);
      expect(error.effect).toBe(c.effect);
      expect(error.message).toBe(`${c.ours} Google said: “${c.google}”`);
    });
  }

  it('no Gmail for the person (400 failedPrecondition "Mail service not enabled"): skip them', async () => {
    standIn.state.injectFailures('sendAs.list', 1, {
      status: 400,
      body: apiBody(400, 'Mail service not enabled', 'failedPrecondition', 'FAILED_PRECONDITION'),
    });
    const error = await failure(client().listSendAs(at('ben')));
    expect(error).toMatchObject({ kind: 'mail_not_enabled', effect: 'skip' });
    expect(error.message).toBe(
      `${at('ben')} has no Gmail (Google: “Mail service not enabled”), so there is no signature to set.`,
    );
  });

  it("the server's clock is off: Google's own timeframe refusal, read as clock skew", async () => {
    const twoHoursAhead = () => Date.now() + 2 * 60 * 60 * 1000;
    const error = await failure(client({ now: twoHoursAhead }).listSendAs(at('ben')));
    expect(error.kind).toBe('clock_skew');
    expect(error.effect).toBe('systemic');
    expect(error.message).toBe(
      "Google refused the sign-in because the server's clock is off (the times in our request look wrong to Google). Set the server's clock to network time (NTP), then press Check connection. Google said: “invalid_grant: Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.”",
    );
  });

  it('a revoked key (Invalid JWT Signature) is the key, never the person', async () => {
    const doomed = makeTestServiceAccount(DOMAIN);
    await standIn.state.grant(doomed.client);
    await standIn.state.revoke(doomed.client.clientEmail);
    const error = await failure(client({ key: doomed.key }).listSendAs(at('ben')));
    expect(error).toMatchObject({ kind: 'key_revoked', effect: 'systemic' });
    expect(error.message).toBe(
      'Google no longer accepts this service account key: it was deleted or replaced. Create a new JSON key for the service account and connect again. Google said: “invalid_grant: Invalid JWT Signature.”',
    );
  });

  it('Directory 403 quotaExceeded is its concurrency limit: retried, then the page arrives', async () => {
    const message =
      "Quota exceeded for quota metric 'Queries' and limit 'Queries per minute per user' of service 'admin.googleapis.com'.";
    standIn.state.injectFailures('directory', 2, { status: 403, body: apiBody(403, message, 'quotaExceeded') });
    const c = client({ retry: { maxAttempts: 3, baseDelayMs: 1, maxDelayMs: 1 } });
    const people: string[] = [];
    for await (const page of c.listDirectory(at('ada'))) people.push(...page.map((p) => p.primaryEmail));
    expect(people).toEqual([at('ada'), at('ben')]);
    expect(c.stats.retries).toBe(2);
  });
});
