import { noStore } from '../http';
import { createHash, createPublicKey, createVerify, generateKeyPairSync, randomBytes, randomInt } from 'node:crypto';
import Fastify, { type FastifyPluginAsync, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  DIRECTORY_SCOPE,
  GMAIL_SETTINGS_SCOPE,
  SIGNATURE_MAX_CHARS,
  signatureLength,
  type GoogleEndpoints,
} from './workspace-client';
import { parseServiceAccountKey, type ServiceAccountKey } from './service-account-key';

/**
 * A stand-in for Google's token endpoint, Gmail send-as settings and the Directory users list,
 * speaking their wire format. ONE implementation: tests start it alone on loopback
 * (startGoogleStandIn) and the app mounts it as its embedded TEST MODE under /test-mode/google
 * with a state kept in the database (test-mode.ts). See docs/decisions/0110.
 */

export interface StandInPerson {
  primaryEmail: string;
  fullName: string;
  givenName: string;
  familyName: string;
  title?: string;
  department?: string;
  phones?: { type: string; value: string }[];
  orgUnitPath?: string;
  suspended?: boolean;
  archived?: boolean;
  /** false = no Gmail: the send-as calls answer 400 failedPrecondition "Mail service not enabled". */
  isMailboxSetup?: boolean;
  aliases?: string[];
  /** Aliases Gmail lists as not yet verified (`verificationStatus: pending`): nobody sends from them yet. */
  pendingAliases?: string[];
  /** A super admin: may read the directory (users.list answers 403 "Not Authorized" to non-admins). */
  isAdmin?: boolean;
  /** An admin with a role (say, Users → Read): reads the directory, but users.get says isAdmin: false. */
  isDelegatedAdmin?: boolean;
}

/** A service account whose client ID an admin authorised (domain-wide delegation) for these scopes. */
export interface StandInClient {
  clientEmail: string;
  clientId: string;
  publicKeyPem: string;
  scopes: string[];
  /** The Workspace domain that authorised it: `sub` must be a person of it. */
  domain: string;
  /** The key was deleted: token requests answer invalid_grant. */
  revoked?: boolean;
}

export interface StandInGrant {
  clientEmail: string;
  sub: string;
  scopes: string[];
  expiresAt: number;
}

/** Where the stand-in keeps what Google would keep: in memory for tests, in the database for TEST MODE. */
export interface StandInStore {
  people(): Promise<StandInPerson[]>;
  person(email: string): Promise<StandInPerson | undefined>;
  putPeople(people: StandInPerson[]): Promise<void>;
  client(clientEmail: string): Promise<StandInClient | undefined>;
  putClient(client: StandInClient): Promise<void>;
  /** Signatures as Gmail stored them (after its sanitiser), by send-as address (lower-case). */
  signatures(): Promise<Map<string, string>>;
  setSignature(personEmail: string, sendAsEmail: string, html: string): Promise<void>;
  saveGrant(token: string, grant: StandInGrant): Promise<void>;
  grant(token: string): Promise<StandInGrant | undefined>;
}

/** `directory` is users.list; `users.get` is one person (so a test can fail one without the other). */
export type StandInRoute = 'token' | 'sendAs.list' | 'sendAs.patch' | 'directory' | 'users.get';

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

export interface GoogleStandInState {
  store: StandInStore;
  counters: StandInCounters;
  countRequest(route: StandInRoute): void;
  countBy(map: 'tokenRequests' | 'patches', key: string): void;
  /** Added to every answer; settable while running. */
  latencyMs: number;
  /** The stand-in's clock (token lifetimes); tests move it with the client's. */
  now: () => number;
  addPeople(people: StandInPerson[]): Promise<void>;
  /** Authorises a service account (domain-wide delegation) for its scopes in its domain. */
  grant(client: StandInClient): Promise<void>;
  /** Deletes the key: its next token requests answer invalid_grant. */
  revoke(clientEmail: string): Promise<void>;
  /** The next `count` requests to `route` answer this failure instead. */
  injectFailures(route: StandInRoute, count: number, failure: InjectedFailure): void;
  takeFailure(route: StandInRoute): InjectedFailure | undefined;
  tokenRequestsFor(sub: string): number;
  patchesFor(sendAsEmail: string): number;
  totalPatches(): number;
  totalTokenRequests(): number;
  storedSignature(sendAsEmail: string): Promise<string | undefined>;
}

/**
 * Counters, injected failures and the helpers over any store. `counting: false` (the app's TEST
 * MODE) keeps no counters: the token route is open to anyone, and a counter keyed by an unverified
 * assertion's `sub` would keep memory for every stranger's request.
 */
export function createStandInState(
  store: StandInStore = createMemoryStandInStore(),
  options: { latencyMs?: number; now?: () => number; counting?: boolean } = {},
): GoogleStandInState {
  const counters: StandInCounters = {
    tokenRequests: new Map(),
    patches: new Map(),
    requests: { token: 0, 'sendAs.list': 0, 'sendAs.patch': 0, directory: 0, 'users.get': 0 },
  };
  const failures = new Map<StandInRoute, InjectedFailure[]>();
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  const counting = options.counting !== false;
  return {
    store,
    counters,
    countRequest(route) {
      if (counting) counters.requests[route] += 1;
    },
    countBy(map, key) {
      if (counting) counters[map].set(key, (counters[map].get(key) ?? 0) + 1);
    },
    latencyMs: options.latencyMs ?? 0,
    now: options.now ?? Date.now,
    addPeople: (people) => store.putPeople(people),
    grant: (client) => store.putClient(client),
    async revoke(clientEmail) {
      const client = await store.client(clientEmail);
      if (client) await store.putClient({ ...client, revoked: true });
    },
    injectFailures(route, count, failure) {
      const list = failures.get(route) ?? [];
      for (let i = 0; i < count; i += 1) list.push(failure);
      failures.set(route, list);
    },
    takeFailure: (route) => failures.get(route)?.shift(),
    tokenRequestsFor: (sub) => counters.tokenRequests.get(sub.toLowerCase()) ?? 0,
    patchesFor: (sendAsEmail) => counters.patches.get(sendAsEmail.toLowerCase()) ?? 0,
    totalPatches: () => sum(counters.patches),
    totalTokenRequests: () => sum(counters.tokenRequests),
    storedSignature: async (sendAsEmail) => (await store.signatures()).get(sendAsEmail.toLowerCase()),
  };
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

/** A service account key as Google would download it, with a new RSA key pair. Registers nothing by itself. */
export function makeTestServiceAccount(
  domain: string,
  scopes: string[] = [GMAIL_SETTINGS_SCOPE, DIRECTORY_SCOPE],
): { keyJson: string; key: ServiceAccountKey; publicKeyPem: string; client: StandInClient } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const name = `sp-test-${randomBytes(4).toString('hex')}`;
  const clientEmail = `${name}@signaturepro-test.iam.gserviceaccount.com`;
  const clientId = `1${Array.from({ length: 20 }, () => randomInt(10)).join('')}`;
  const keyJson = JSON.stringify(
    {
      type: 'service_account',
      project_id: 'signaturepro-test',
      private_key_id: randomBytes(20).toString('hex'),
      private_key: privateKeyPem,
      client_email: clientEmail,
      client_id: clientId,
      auth_uri: 'https://accounts.google.com/o/oauth2/auth',
      token_uri: 'https://oauth2.googleapis.com/token',
    },
    null,
    2,
  );
  return {
    keyJson,
    key: parseServiceAccountKey(keyJson),
    publicKeyPem,
    client: { clientEmail, clientId, publicKeyPem, scopes: [...scopes], domain },
  };
}

/**
 * A light sanitiser like Gmail's: scripts, frames, forms, event handlers and javascript: URLs go;
 * the rest is stored as given. Gmail answers (and later lists) the stored copy, not what was sent.
 */
export function sanitiseSignature(html: string): string {
  return html
    .replace(/<(script|style|iframe|object|embed|form|textarea|select|button)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<\/?(script|style|iframe|object|embed|form|input|textarea|select|button|meta|link|base)\b[^>]*>/gi, '')
    .replace(/\s+on[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '')
    .replace(/(href|src)\s*=\s*(["']?)\s*(?:javascript|vbscript|data:text\/html)[^"'\s>]*\2/gi, '');
}

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** What each scope lets through; Google accepts the wider scopes too. */
const GMAIL_SCOPES = new Set([
  GMAIL_SETTINGS_SCOPE,
  'https://www.googleapis.com/auth/gmail.settings.sharing',
  'https://mail.google.com/',
]);
const DIRECTORY_SCOPES = new Set([DIRECTORY_SCOPE, 'https://www.googleapis.com/auth/admin.directory.user']);

const REASON_STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

function googleError(reply: FastifyReply, code: number, message: string, reason: string, status?: string) {
  return reply.code(code).send({
    error: {
      code,
      message,
      errors: [{ message, domain: 'global', reason }],
      status: status ?? REASON_STATUS[code] ?? 'UNKNOWN',
    },
  });
}

function sendInjected(reply: FastifyReply, route: StandInRoute, failure: InjectedFailure) {
  if (failure.retryAfterSeconds !== undefined) reply.header('retry-after', String(failure.retryAfterSeconds));
  if (failure.body !== undefined) return reply.code(failure.status).send(failure.body);
  if (route === 'token' && failure.status < 500 && failure.status !== 429) {
    return reply
      .code(failure.status)
      .send({ error: failure.reason ?? 'invalid_request', error_description: failure.message ?? 'Injected failure' });
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
  return googleError(reply, failure.status, message, reason);
}

const tokenError = (reply: FastifyReply, code: number, error: string, description: string) =>
  reply.code(code).send({ error, error_description: description });

function decodeSegment(segment: string | undefined): Record<string, unknown> | null {
  if (!segment) return null;
  try {
    const value = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8')) as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

function sendAsList(person: StandInPerson, stored: Map<string, string>) {
  const primary = {
    sendAsEmail: person.primaryEmail,
    displayName: person.fullName,
    replyToAddress: '',
    signature: stored.get(person.primaryEmail.toLowerCase()) ?? '',
    isPrimary: true,
    isDefault: true,
  };
  const alias = (address: string, verificationStatus: 'accepted' | 'pending') => ({
    sendAsEmail: address,
    displayName: person.fullName,
    replyToAddress: '',
    signature: stored.get(address.toLowerCase()) ?? '',
    isDefault: false,
    treatAsAlias: true,
    verificationStatus,
  });
  const aliases = (person.aliases ?? []).map((address) => alias(address, 'accepted'));
  const pending = (person.pendingAliases ?? []).map((address) => alias(address, 'pending'));
  return [...aliases, ...pending, primary];
}

function directoryUser(p: StandInPerson) {
  return {
    kind: 'admin#directory#user',
    id: createHash('sha256')
      .update(p.primaryEmail.toLowerCase())
      .digest('hex')
      .slice(0, 21)
      .replace(/[a-f]/g, (c) => String(c.charCodeAt(0) % 10)),
    primaryEmail: p.primaryEmail,
    name: { givenName: p.givenName, familyName: p.familyName, fullName: p.fullName },
    isAdmin: p.isAdmin === true,
    isDelegatedAdmin: p.isDelegatedAdmin === true,
    suspended: p.suspended === true,
    archived: p.archived === true,
    orgUnitPath: p.orgUnitPath ?? '/',
    isMailboxSetup: p.isMailboxSetup !== false,
    ...(p.aliases?.length ? { aliases: p.aliases } : {}),
    ...(p.title || p.department
      ? {
          organizations: [
            {
              ...(p.title ? { title: p.title } : {}),
              ...(p.department ? { department: p.department } : {}),
              primary: true,
              customType: '',
            },
          ],
        }
      : {}),
    ...(p.phones?.length ? { phones: p.phones } : {}),
  };
}

export interface StandInPluginOptions {
  state: GoogleStandInState;
  latencyMs?: number;
  /** Token URLs accepted as `aud` besides the one this request came to. */
  audiences?: string[];
}

/**
 * POST /token, GET /gmail/v1/users/:user/settings/sendAs, PATCH …/sendAs/:email,
 * GET /admin/directory/v1/users. Register it with a prefix to mount it inside another app.
 */
export function googleStandInPlugin(opts: StandInPluginOptions): FastifyPluginAsync {
  const { state } = opts;
  if (opts.latencyMs !== undefined) state.latencyMs = opts.latencyMs;

  return async (app) => {
    if (app.hasContentTypeParser('application/x-www-form-urlencoded'))
      app.removeContentTypeParser('application/x-www-form-urlencoded');
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    app.addHook('onRequest', async (_request, reply) => {
      noStore(reply);
      if (state.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, state.latencyMs));
    });

    /** The grant behind a Bearer token, or an answer already sent. */
    async function authorise(
      request: FastifyRequest,
      reply: FastifyReply,
      allowed: Set<string>,
    ): Promise<StandInGrant | null> {
      const header = request.headers.authorization ?? '';
      const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      const grant = token ? await state.store.grant(token) : undefined;
      if (!grant || grant.expiresAt <= state.now()) {
        await googleError(
          reply,
          401,
          'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
          'authError',
        );
        return null;
      }
      if (!grant.scopes.some((s) => allowed.has(s))) {
        await googleError(reply, 403, 'Request had insufficient authentication scopes.', 'insufficientPermissions');
        return null;
      }
      return grant;
    }

    app.post('/token', async (request, reply) => {
      state.countRequest('token');
      const body = (request.body ?? {}) as Record<string, string>;
      const payload = decodeSegment(typeof body.assertion === 'string' ? body.assertion.split('.')[1] : undefined);
      const sub = typeof payload?.sub === 'string' ? payload.sub.toLowerCase() : '';
      if (sub) state.countBy('tokenRequests', sub);
      const failure = state.takeFailure('token');
      if (failure) return sendInjected(reply, 'token', failure);

      if (body.grant_type !== JWT_BEARER)
        return tokenError(reply, 400, 'unsupported_grant_type', 'Invalid grant_type: ' + (body.grant_type ?? ''));
      const parts = typeof body.assertion === 'string' ? body.assertion.split('.') : [];
      const header = decodeSegment(parts[0]);
      if (parts.length !== 3 || !header || !payload)
        return tokenError(reply, 400, 'invalid_grant', 'Invalid JWT: the assertion is not a JWT.');
      if (header.alg !== 'RS256') return tokenError(reply, 400, 'invalid_grant', 'Invalid JWT: alg must be RS256.');
      const iss = typeof payload.iss === 'string' ? payload.iss : '';
      const client = await state.store.client(iss);
      if (!client || client.revoked) return tokenError(reply, 400, 'invalid_grant', 'Invalid JWT Signature.');
      const verifier = createVerify('RSA-SHA256');
      verifier.update(`${parts[0]}.${parts[1]}`);
      let valid: boolean;
      try {
        valid = verifier.verify(createPublicKey(client.publicKeyPem), Buffer.from(parts[2]!, 'base64url'));
      } catch {
        valid = false;
      }
      if (!valid) return tokenError(reply, 400, 'invalid_grant', 'Invalid JWT Signature.');

      const here = `${request.protocol}://${request.host}${request.url.split('?')[0]}`;
      const audiences = new Set([here, ...(opts.audiences ?? [])]);
      if (typeof payload.aud !== 'string' || !audiences.has(payload.aud)) {
        return tokenError(reply, 400, 'invalid_grant', `Invalid JWT: aud must be the token URL (${here}).`);
      }
      const iat = Number(payload.iat);
      const exp = Number(payload.exp);
      const nowSeconds = Math.floor(state.now() / 1000);
      if (
        !Number.isInteger(iat) ||
        !Number.isInteger(exp) ||
        exp <= iat ||
        exp - iat > 3600 ||
        exp <= nowSeconds ||
        iat > nowSeconds + 300
      ) {
        return tokenError(
          reply,
          400,
          'invalid_grant',
          'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.',
        );
      }
      if (!sub || domainOf(sub) !== client.domain.toLowerCase() || !(await state.store.person(sub))) {
        return tokenError(reply, 400, 'invalid_grant', 'Invalid email or User ID');
      }
      const scopes = typeof payload.scope === 'string' ? payload.scope.split(/\s+/).filter(Boolean) : [];
      if (scopes.length === 0 || scopes.some((s) => !client.scopes.includes(s))) {
        return tokenError(
          reply,
          401,
          'unauthorized_client',
          'Client is unauthorized to retrieve access tokens using this method, or client not authorized for any of the scopes requested.',
        );
      }
      const token = `ya29.test-${randomBytes(24).toString('base64url')}`;
      await state.store.saveGrant(token, {
        clientEmail: client.clientEmail,
        sub,
        scopes,
        expiresAt: state.now() + 3600 * 1000,
      });
      return reply.send({ access_token: token, expires_in: 3599, token_type: 'Bearer' });
    });

    /** The person a send-as call acts for (`me` or their own address), or an answer already sent. */
    async function mailbox(
      request: FastifyRequest<{ Params: { user: string } }>,
      reply: FastifyReply,
      grant: StandInGrant,
    ) {
      const user = request.params.user.toLowerCase();
      if (user !== 'me' && user !== grant.sub) {
        await googleError(reply, 403, `Delegation denied for ${grant.sub}`, 'forbidden');
        return null;
      }
      const person = await state.store.person(grant.sub);
      if (!person) {
        await googleError(reply, 404, 'Requested entity was not found.', 'notFound');
        return null;
      }
      if (person.isMailboxSetup === false) {
        await googleError(reply, 400, 'Mail service not enabled', 'failedPrecondition', 'FAILED_PRECONDITION');
        return null;
      }
      return person;
    }

    app.get<{ Params: { user: string } }>('/gmail/v1/users/:user/settings/sendAs', async (request, reply) => {
      state.countRequest('sendAs.list');
      const failure = state.takeFailure('sendAs.list');
      if (failure) return sendInjected(reply, 'sendAs.list', failure);
      const grant = await authorise(request, reply, GMAIL_SCOPES);
      if (!grant) return reply;
      const person = await mailbox(request, reply, grant);
      if (!person) return reply;
      return reply.send({ sendAs: sendAsList(person, await state.store.signatures()) });
    });

    app.patch<{ Params: { user: string; email: string } }>(
      '/gmail/v1/users/:user/settings/sendAs/:email',
      async (request, reply) => {
        state.countRequest('sendAs.patch');
        const sendAsEmail = request.params.email.toLowerCase();
        state.countBy('patches', sendAsEmail);
        const failure = state.takeFailure('sendAs.patch');
        if (failure) return sendInjected(reply, 'sendAs.patch', failure);
        const grant = await authorise(request, reply, GMAIL_SCOPES);
        if (!grant) return reply;
        const person = await mailbox(request, reply, grant);
        if (!person) return reply;
        const entry = sendAsList(person, new Map()).find((s) => s.sendAsEmail.toLowerCase() === sendAsEmail);
        if (!entry) return googleError(reply, 404, 'Requested entity was not found.', 'notFound');
        const body = request.body as { signature?: unknown } | undefined;
        if (body?.signature !== undefined && typeof body.signature !== 'string') {
          return googleError(reply, 400, "Invalid value at 'send_as.signature'", 'invalid');
        }
        if (typeof body?.signature === 'string') {
          if (signatureLength(body.signature) > SIGNATURE_MAX_CHARS) {
            return googleError(
              reply,
              400,
              `Signature is too long. The maximum length is ${SIGNATURE_MAX_CHARS} characters.`,
              'invalidArgument',
            );
          }
          await state.store.setSignature(person.primaryEmail, entry.sendAsEmail, sanitiseSignature(body.signature));
        }
        const stored = sendAsList(person, await state.store.signatures()).find(
          (s) => s.sendAsEmail.toLowerCase() === sendAsEmail,
        )!;
        return reply.send(stored);
      },
    );

    // users.get: what Google says of one person (isAdmin is true for super admins only), asked as an admin.
    app.get<{ Params: { userKey: string } }>('/admin/directory/v1/users/:userKey', async (request, reply) => {
      state.countRequest('users.get');
      const failure = state.takeFailure('users.get');
      if (failure) return sendInjected(reply, 'users.get', failure);
      const grant = await authorise(request, reply, DIRECTORY_SCOPES);
      if (!grant) return reply;
      const admin = await state.store.person(grant.sub);
      if (!(admin?.isAdmin || admin?.isDelegatedAdmin) || admin.suspended)
        return googleError(reply, 403, 'Not Authorized to access this resource/api', 'forbidden');
      const person = await state.store.person(request.params.userKey);
      if (!person || domainOf(person.primaryEmail) !== domainOf(grant.sub))
        return googleError(reply, 404, 'Resource Not Found: userKey', 'notFound');
      return reply.send(directoryUser(person));
    });

    app.get<{ Querystring: Record<string, string | undefined> }>(
      '/admin/directory/v1/users',
      async (request, reply) => {
        state.countRequest('directory');
        const failure = state.takeFailure('directory');
        if (failure) return sendInjected(reply, 'directory', failure);
        const grant = await authorise(request, reply, DIRECTORY_SCOPES);
        if (!grant) return reply;
        const admin = await state.store.person(grant.sub);
        if (!(admin?.isAdmin || admin?.isDelegatedAdmin) || admin.suspended)
          return googleError(reply, 403, 'Not Authorized to access this resource/api', 'forbidden');
        const q = request.query;
        if (q.customer !== 'my_customer' && !q.domain) return googleError(reply, 400, 'Bad Request', 'badRequest');
        const maxResults = q.maxResults === undefined ? 100 : Number(q.maxResults);
        if (!Number.isInteger(maxResults) || maxResults < 1 || maxResults > 500) {
          return googleError(reply, 400, 'Invalid Input: maxResults', 'invalid');
        }
        let suspended: boolean | undefined;
        const query = (q.query ?? '').trim();
        if (query === 'isSuspended=false') suspended = false;
        else if (query === 'isSuspended=true') suspended = true;
        else if (query !== '') return googleError(reply, 400, 'Invalid Input', 'invalid');
        const domain = domainOf(grant.sub);
        const people = (await state.store.people())
          .filter(
            (p) =>
              domainOf(p.primaryEmail) === domain && (suspended === undefined || (p.suspended === true) === suspended),
          )
          .sort((a, b) => a.primaryEmail.toLowerCase().localeCompare(b.primaryEmail.toLowerCase()));
        let offset = 0;
        if (q.pageToken) {
          const decoded = /^o(\d+)$/.exec(Buffer.from(q.pageToken, 'base64url').toString('utf8'));
          if (!decoded) return googleError(reply, 400, 'Invalid Input: pageToken', 'invalid');
          offset = Number(decoded[1]);
        }
        const page = people.slice(offset, offset + maxResults);
        const next =
          offset + maxResults < people.length
            ? Buffer.from(`o${offset + maxResults}`).toString('base64url')
            : undefined;
        return reply.send({
          kind: 'admin#directory#users',
          etag: `"${createHash('sha1').update(JSON.stringify(page)).digest('hex')}"`,
          users: page.map(directoryUser),
          ...(next ? { nextPageToken: next } : {}),
        });
      },
    );
  };
}

/** The stand-in alone on 127.0.0.1 at a free port (tests, the bench). */
export async function startGoogleStandIn(
  opts: { state?: GoogleStandInState; people?: StandInPerson[]; latencyMs?: number } = {},
): Promise<{ endpoints: GoogleEndpoints; state: GoogleStandInState; url: string; close(): Promise<void> }> {
  const state = opts.state ?? createStandInState();
  if (opts.people) await state.addPeople(opts.people);
  const app = Fastify({ logger: false });
  await app.register(
    googleStandInPlugin({ state, ...(opts.latencyMs === undefined ? {} : { latencyMs: opts.latencyMs }) }),
  );
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const url = address.replace('localhost', '127.0.0.1');
  return {
    url,
    state,
    endpoints: { tokenUrl: `${url}/token`, gmailApiUrl: url, directoryApiUrl: url },
    close: () => app.close(),
  };
}
