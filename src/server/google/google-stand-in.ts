import { noStore } from '../http';
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  DIRECTORY_SCOPES,
  GMAIL_SCOPES,
  GROUP_SCOPES,
  directoryUser,
  domainOf,
  googleErrorBody,
  sanitiseSignature,
  sendAsList,
  type StandInGrant,
  type StandInRoute,
  type StandInState,
} from './google-stand-in-wire';
import { registerTokenRoute, sendAnswer } from './google-stand-in-token';
import { SIGNATURE_MAX_CHARS, signatureLength } from './workspace-client';

/**
 * A stand-in for Google's token endpoint, Gmail send-as settings and the Directory users list,
 * speaking their wire format. ONE implementation: the app mounts it as its embedded TEST MODE under
 * /test-mode/google with a state kept in the database (test-mode.ts), and tests start it alone on
 * loopback with their counters and injected failures (src/test-support/google-stand-in-harness.ts).
 * See docs/decisions/0110.
 */

const googleError = (reply: FastifyReply, code: number, message: string, reason: string, status?: string) =>
  reply.code(code).send(googleErrorBody(code, message, reason, status));

const NOT_AUTHORIZED = 'Not Authorized to access this resource/api';

export interface StandInPluginOptions {
  state: StandInState;
  /** Token URLs accepted as `aud` besides the one this request came to. */
  audiences?: string[];
}

/**
 * POST /token, GET /gmail/v1/users/:user/settings/sendAs, PATCH …/sendAs/:email,
 * GET /admin/directory/v1/users(/:userKey). Register it with a prefix to mount it inside another app.
 */
export function googleStandInPlugin(opts: StandInPluginOptions): FastifyPluginAsync {
  const { state } = opts;
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
    registerTokenRoute(app, state, opts.audiences);
    registerGmailRoutes(app, state);
    registerDirectoryRoutes(app, state);
    registerGroupRoutes(app, state);
  };
}

/** The grant behind a Bearer token, or an answer already sent. */
async function authorise(
  state: StandInState,
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

/** A harness's answer in Google's place, sent; or false. */
function answeredByHook(state: StandInState, reply: FastifyReply, route: StandInRoute, key?: string) {
  const answer = state.hooks?.received(route, key);
  return answer ? sendAnswer(reply, answer) : false;
}

function registerGmailRoutes(app: FastifyInstance, state: StandInState) {
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
    const hooked = answeredByHook(state, reply, 'sendAs.list');
    if (hooked) return hooked;
    const grant = await authorise(state, request, reply, GMAIL_SCOPES);
    if (!grant) return reply;
    const person = await mailbox(request, reply, grant);
    if (!person) return reply;
    return reply.send({ sendAs: sendAsList(person, await state.store.signatures()) });
  });

  app.patch<{ Params: { user: string; email: string } }>(
    '/gmail/v1/users/:user/settings/sendAs/:email',
    async (request, reply) => {
      const sendAsEmail = request.params.email.toLowerCase();
      const hooked = answeredByHook(state, reply, 'sendAs.patch', sendAsEmail);
      if (hooked) return hooked;
      const grant = await authorise(state, request, reply, GMAIL_SCOPES);
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
}

/** The admin a Directory call acts as, or an answer already sent (403 to anyone but an admin). */
async function directoryAdmin(
  state: StandInState,
  request: FastifyRequest,
  reply: FastifyReply,
  scopes: Set<string> = DIRECTORY_SCOPES,
) {
  const grant = await authorise(state, request, reply, scopes);
  if (!grant) return null;
  const admin = await state.store.person(grant.sub);
  if (!(admin?.isAdmin || admin?.isDelegatedAdmin) || admin.suspended) {
    await googleError(reply, 403, NOT_AUTHORIZED, 'forbidden');
    return null;
  }
  return grant;
}

function registerDirectoryRoutes(app: FastifyInstance, state: StandInState) {
  // users.get: what Google says of one person (isAdmin is true for super admins only), asked as an admin.
  app.get<{ Params: { userKey: string } }>('/admin/directory/v1/users/:userKey', async (request, reply) => {
    const hooked = answeredByHook(state, reply, 'users.get');
    if (hooked) return hooked;
    const grant = await directoryAdmin(state, request, reply);
    if (!grant) return reply;
    const person = await state.store.person(request.params.userKey);
    if (!person || domainOf(person.primaryEmail) !== domainOf(grant.sub))
      return googleError(reply, 404, 'Resource Not Found: userKey', 'notFound');
    return reply.send(directoryUser(person));
  });

  app.get<{ Querystring: Record<string, string | undefined> }>('/admin/directory/v1/users', async (request, reply) => {
    const hooked = answeredByHook(state, reply, 'directory');
    if (hooked) return hooked;
    const grant = await directoryAdmin(state, request, reply);
    if (!grant) return reply;
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
        (p) => domainOf(p.primaryEmail) === domain && (suspended === undefined || (p.suspended === true) === suspended),
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
      offset + maxResults < people.length ? Buffer.from(`o${offset + maxResults}`).toString('base64url') : undefined;
    return reply.send({
      kind: 'admin#directory#users',
      etag: `"${createHash('sha1').update(JSON.stringify(page)).digest('hex')}"`,
      users: page.map(directoryUser),
      ...(next ? { nextPageToken: next } : {}),
    });
  });
}

/** members.list of a group (nested groups flattened, as includeDerivedMembership asks), one page of them all. */
function registerGroupRoutes(app: FastifyInstance, state: StandInState) {
  app.get<{ Params: { groupKey: string } }>('/admin/directory/v1/groups/:groupKey/members', async (request, reply) => {
    const hooked = answeredByHook(state, reply, 'groups.members');
    if (hooked) return hooked;
    const grant = await directoryAdmin(state, request, reply, GROUP_SCOPES);
    if (!grant) return reply;
    const group = request.params.groupKey.toLowerCase();
    const members = (await state.store.people()).filter(
      (p) => domainOf(p.primaryEmail) === domainOf(grant.sub) && p.groups?.some((g) => g.toLowerCase() === group),
    );
    if (!members.length) return googleError(reply, 404, 'Resource Not Found: groupKey', 'notFound');
    return reply.send({
      kind: 'admin#directory#members',
      members: members.map((p) => ({
        kind: 'admin#directory#member',
        email: p.primaryEmail,
        type: 'USER',
        role: 'MEMBER',
      })),
    });
  });
}
