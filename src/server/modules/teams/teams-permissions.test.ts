import { installApiContract } from '../../api-contract';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Services } from '../../app';
import {
  capabilityPlanWords,
  capabilityRefusal,
  hasCapability,
  type PlanTier,
} from '../../../shared/billing/plan-features';
import type { PlanCapability } from '../../../shared/billing/plans';
import { organization } from '../../db/schema/auth.schema';
import { buildTestApp, cookieHeader, describeEachDatabase, type TestApp } from '../../../test-support/test-app';
import { accountRoutes } from '../account/account.routes';
import { analyticsEvent } from '../../db/schema/signatures.schema';
import { INVITATION_SENT_EVENT } from './invitation-limits';
import {
  backdateInvitation,
  createTeamWorld,
  invite,
  join,
  secondSession,
  signUpPerson,
  type TeamWorld,
} from '../../../test-support/team-world';
import { GREEN_SIGNATURE_DEFAULTS } from '../../../test-support/signatures';
import { teamsRoutes } from './teams.routes';
import { daysAfter } from '../../../shared/duration';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Every account and team route, called by each kind of caller; the set of callers let through
 * must be exactly the one written here. Denials carry the status written beside them: 401 for
 * anonymous, 403 for a role that may not, 404 for another organization's ids, 409 for a rule.
 */
type Actor = 'anonymous' | 'member' | 'admin' | 'owner' | 'other';
const ACTORS: Actor[] = ['anonymous', 'member', 'admin', 'other', 'owner'];
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type Call = { url: string; payload?: unknown };
type RouteCase = {
  method: Method;
  /** The route as registered. */
  path: string;
  call(world: TeamWorld, t: TestApp, actor: Actor): Promise<Call> | Call;
  allowed: Actor[];
  denied?: Partial<Record<Actor, number>>;
  /** A success changes who is in which organization: the next caller gets a fresh world. */
  reshapes?: boolean;
  /** The plan capability the route needs besides the role (the plan dimension below). */
  needs?: PlanCapability;
};

let seq = 0;
const fresh = (label: string) => `${label}-${Date.now()}-${seq++}@example.com`;

async function ageInvitation(t: TestApp, id: string) {
  // Re-invite waits a minute after each send; make this one look sent two minutes ago.
  await backdateInvitation(t.database.db, id, 120_000);
}

const CASES: RouteCase[] = [
  {
    method: 'GET',
    path: '/api/account/profile',
    call: () => ({ url: '/api/account/profile' }),
    allowed: ['member', 'admin', 'owner', 'other'],
  },
  {
    method: 'PUT',
    path: '/api/account/profile',
    call: () => ({ url: '/api/account/profile', payload: { name: 'Renamed Person', timezone: 'Europe/Paris' } }),
    allowed: ['member', 'admin', 'owner', 'other'],
  },
  {
    method: 'POST',
    path: '/api/account/password',
    call: (w, _t, actor) => {
      const password = actor === 'anonymous' ? 'whatever' : w[actor].password;
      const next = `N3w-Passw0rd!${seq++}`;
      return {
        url: '/api/account/password',
        payload: { currentPassword: password, newPassword: next, confirmPassword: next },
      };
    },
    allowed: ['member', 'admin', 'owner', 'other'],
  },
  {
    method: 'GET',
    path: '/api/account/sessions',
    call: () => ({ url: '/api/account/sessions' }),
    allowed: ['member', 'admin', 'owner', 'other'],
  },
  {
    method: 'POST',
    path: '/api/account/sessions/sign-out-others',
    call: () => ({ url: '/api/account/sessions/sign-out-others' }),
    allowed: ['member', 'admin', 'owner', 'other'],
  },
  {
    method: 'DELETE',
    path: '/api/account/sessions/:id',
    // Another device of the owner: only the owner may end it; to anyone else it does not exist.
    call: async (w, t) => ({ url: `/api/account/sessions/${(await secondSession(t, w.owner)).sessionId}` }),
    allowed: ['owner'],
    denied: { member: 404, admin: 404, other: 404 },
  },
  {
    method: 'GET',
    path: '/api/organization',
    call: () => ({ url: '/api/organization' }),
    allowed: ['member', 'admin', 'owner', 'other'],
  },
  {
    method: 'PUT',
    path: '/api/organization',
    call: () => ({ url: '/api/organization', payload: { name: 'Acme Inc', domain: 'acme.com' } }),
    allowed: ['admin', 'owner', 'other'],
  },
  {
    method: 'PUT',
    path: '/api/organization/logo',
    call: () => ({
      url: '/api/organization/logo',
      payload: { logoUrl: '/objects/7f3c9a2e-4b1d-4e8a-9c6f-2d5e8b1a7c40.png' },
    }),
    allowed: ['admin', 'owner', 'other'],
  },
  {
    method: 'GET',
    path: '/api/organization/signature-defaults',
    call: () => ({ url: '/api/organization/signature-defaults' }),
    allowed: ['member', 'admin', 'owner', 'other'],
  },
  {
    method: 'PUT',
    path: '/api/organization/signature-defaults',
    call: () => ({
      url: '/api/organization/signature-defaults',
      payload: GREEN_SIGNATURE_DEFAULTS,
    }),
    needs: 'signatureDefaults',
    allowed: ['admin', 'owner', 'other'],
  },
  {
    method: 'GET',
    path: '/api/organization/members',
    call: () => ({ url: '/api/organization/members' }),
    allowed: ['member', 'admin', 'owner', 'other'],
  },
  {
    method: 'PATCH',
    path: '/api/organization/members/:id',
    call: async (w, t) => {
      const target = await join(t, w.owner, await signUpPerson(t, 'Role Target'), 'member');
      return { url: `/api/organization/members/${target.memberId}`, payload: { role: 'admin' } };
    },
    needs: 'teamRoles',
    allowed: ['admin', 'owner'],
    denied: { other: 404 },
  },
  {
    method: 'DELETE',
    path: '/api/organization/members/:id',
    call: async (w, t) => {
      const target = await join(t, w.owner, await signUpPerson(t, 'Removal Target'), 'member');
      return { url: `/api/organization/members/${target.memberId}` };
    },
    allowed: ['admin', 'owner'],
    denied: { other: 404 },
  },
  {
    method: 'POST',
    path: '/api/organization/invitations',
    call: () => ({ url: '/api/organization/invitations', payload: { email: fresh('invitee'), role: 'member' } }),
    needs: 'teamMembers',
    allowed: ['admin', 'owner', 'other'],
  },
  {
    method: 'POST',
    path: '/api/organization/invitations/:id/resend',
    call: async (w, t) => {
      const { id } = await invite(t, w.owner, fresh('resend'));
      await ageInvitation(t, id);
      return { url: `/api/organization/invitations/${id}/resend` };
    },
    needs: 'teamMembers',
    allowed: ['admin', 'owner'],
    denied: { other: 404 },
  },
  {
    method: 'DELETE',
    path: '/api/organization/invitations/:id',
    call: async (w, t) => ({
      url: `/api/organization/invitations/${(await invite(t, w.owner, fresh('withdraw'))).id}`,
    }),
    allowed: ['admin', 'owner'],
    denied: { other: 404 },
  },
  {
    method: 'POST',
    path: '/api/organization/transfer-ownership',
    call: (w) => ({ url: '/api/organization/transfer-ownership', payload: { memberId: w.admin.memberId } }),
    allowed: ['owner'],
    denied: { other: 404 },
    reshapes: true,
  },
  {
    method: 'POST',
    path: '/api/organization/delete',
    // Each owner deletes their own organization: B's owner reaches B, never A.
    call: () => ({ url: '/api/organization/delete', payload: { confirmation: 'DELETE ORGANIZATION' } }),
    allowed: ['owner', 'other'],
    reshapes: true,
  },
  {
    method: 'GET',
    path: '/api/invitations/:token',
    call: (w) => ({ url: `/api/invitations/${w.pending.token}` }),
    allowed: ['anonymous', 'member', 'admin', 'owner', 'other'],
  },
  {
    method: 'POST',
    path: '/api/invitations/:token/accept',
    // Only the address it was sent to may accept (tested on its own); every caller here is someone else.
    call: (w) => ({ url: `/api/invitations/${w.pending.token}/accept` }),
    needs: 'teamMembers',
    allowed: [],
  },
  {
    method: 'POST',
    path: '/api/account/leave-organization',
    call: () => ({ url: '/api/account/leave-organization', payload: { confirmation: 'LEAVE ORGANIZATION' } }),
    allowed: ['member', 'admin'],
    denied: { owner: 409, other: 409 },
    reshapes: true,
  },
  {
    method: 'POST',
    path: '/api/account/delete',
    call: () => ({
      url: '/api/account/delete',
      payload: { confirmation: 'DELETE MY ACCOUNT', password: 'Sup3r-secret-pass' },
    }),
    // B's owner is alone in B and may go; A's owner must first hand A over or delete it.
    allowed: ['member', 'admin', 'other'],
    denied: { owner: 409 },
    reshapes: true,
  },
];

/**
 * The matrix sends far more invitations from one organization than the hourly limit allows; the
 * limit has its own tests (invitation-limits.test.ts), so each call here starts with none counted.
 */
async function forgetInvitationsSent(t: TestApp) {
  await t.database.db.delete(analyticsEvent).where(eq(analyticsEvent.name, INVITATION_SENT_EVENT));
}

it('the matrix names every account and team route exactly once', async () => {
  const probe = Fastify({ logger: false });
  probe.decorate('services', {} as Services);
  const registered: string[] = [];
  probe.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') registered.push(`${method} ${route.url}`);
  });
  // The zod schemas the routes declare need the app's compilers (api-contract.ts).
  await installApiContract(probe);
  // Only the routes' names are listed here: no service is called, so the routes get none.
  await probe.register(accountRoutes, {} as Parameters<typeof accountRoutes>[1]);
  await probe.register(teamsRoutes, {} as Parameters<typeof teamsRoutes>[1]);
  await probe.ready();
  await probe.close();
  expect(CASES.map((c) => `${c.method} ${c.path}`).sort()).toEqual(registered.sort());
});

describeEachDatabase('account and team permissions', (kind) => {
  let t: TestApp;
  let world: TeamWorld;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    world = await createTeamWorld(t);
  }, 120_000);
  afterAll(async () => t?.close());

  for (const c of CASES) {
    it(`${c.method} ${c.path}`, { timeout: 120_000 }, async () => {
      const outcome: Record<Actor, number> = { anonymous: 0, member: 0, admin: 0, owner: 0, other: 0 };
      // A reshaping route runs the owner last: their success hands the organization on.
      for (const actor of ACTORS) {
        await forgetInvitationsSent(t);
        const { url, payload } = await c.call(world, t, actor);
        const headers = actor === 'anonymous' ? {} : { cookie: world[actor].cookie };
        const res = await t.app.inject({
          method: c.method,
          url,
          headers,
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
        outcome[actor] = res.statusCode;
        const ok = res.statusCode >= 200 && res.statusCode < 300;
        if (ok && actor !== 'anonymous' && res.headers['set-cookie']) {
          // A password change replaces the session and the password; keep both for later routes.
          world[actor].cookie = cookieHeader(res.headers['set-cookie']);
          const body = payload as { newPassword?: string } | undefined;
          if (body?.newPassword) world[actor].password = body.newPassword;
        }
        if (ok && c.reshapes) {
          await forgetInvitationsSent(t);
          world = await createTeamWorld(t);
        }
      }
      const allowed = ACTORS.filter((a) => outcome[a] >= 200 && outcome[a] < 300);
      expect({ route: `${c.method} ${c.path}`, allowed: allowed.sort() }).toEqual({
        route: `${c.method} ${c.path}`,
        allowed: [...c.allowed].sort(),
      });
      for (const actor of ACTORS.filter((a) => !c.allowed.includes(a))) {
        const expected = c.denied?.[actor] ?? (actor === 'anonymous' ? 401 : 403);
        expect({ actor, status: outcome[actor] }).toEqual({ actor, status: expected });
      }
    });
  }
});

/**
 * The plan dimension (0024): the same routes with the organizations on Free, Standard, Pro and a
 * running trial. A role that may call a route is still refused (403, in words naming the plan)
 * when the plan lacks the capability the route needs; everything else is as in the table above.
 */
const PLANS: PlanTier[] = ['free', 'standard', 'pro', 'trial'];
const ROLE_ACTORS: Exclude<Actor, 'anonymous'>[] = ['member', 'admin', 'other', 'owner'];

describeEachDatabase('account and team permissions by plan', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  }, 120_000);
  afterAll(async () => t?.close());

  async function putOnPlan(w: TeamWorld, plan: PlanTier) {
    const values =
      plan === 'trial'
        ? { plan: 'trial', trialEndsAt: daysAfter(Date.now(), 3), seats: 100 }
        : { plan, trialEndsAt: null, seats: 100 };
    for (const id of [w.owner.organizationId, w.other.organizationId])
      await t.database.db.update(organization).set(values).where(eq(organization.id, id));
  }

  for (const plan of PLANS) {
    it(`${plan}: every route allows exactly what the role and the plan allow`, { timeout: 300_000 }, async () => {
      await forgetInvitationsSent(t);
      const world = await createTeamWorld(t);
      const rows: string[] = [];
      for (const c of CASES.filter((x) => !x.reshapes)) {
        for (const actor of ROLE_ACTORS) {
          // Whatever the case sets up (inviting a target…) is done on Pro; the call itself on `plan`.
          await putOnPlan(world, 'pro');
          await forgetInvitationsSent(t);
          const { url, payload } = await c.call(world, t, actor);
          await putOnPlan(world, plan);
          const res = await t.app.inject({
            method: c.method,
            url,
            headers: { cookie: world[actor].cookie },
            ...(payload === undefined ? {} : { payload: payload as object }),
          });
          if (res.statusCode < 300 && res.headers['set-cookie']) {
            world[actor].cookie = cookieHeader(res.headers['set-cookie']);
            const body = payload as { newPassword?: string } | undefined;
            if (body?.newPassword) world[actor].password = body.newPassword;
          }
          const roleAllows = c.allowed.includes(actor);
          const planAllows = !c.needs || hasCapability(plan, c.needs);
          const expected = roleAllows && planAllows ? 'ok' : roleAllows ? 403 : (c.denied?.[actor] ?? 403);
          const got = res.statusCode >= 200 && res.statusCode < 300 ? 'ok' : res.statusCode;
          rows.push(
            `${c.method} ${c.path} as ${actor}: ${got === expected ? 'as expected' : `got ${got}, expected ${expected}`}`,
          );
          // The refusal's way on is in words for the caller's role: a member asks the owner by name.
          if (roleAllows && !planAllows && actor === 'member')
            expect(res.json().error, `${c.method} ${c.path} on ${plan}`).toMatch(
              new RegExp(`^${escapeRegExp(capabilityPlanWords(c.needs!))} Ask (?!your organization).+ to upgrade\\.$`),
            );
          else if (roleAllows && !planAllows)
            expect(res.json().error, `${c.method} ${c.path} on ${plan}`).toBe(
              capabilityRefusal(c.needs!, { canManage: true }),
            );
        }
      }
      expect(rows.filter((r) => !r.endsWith('as expected'))).toEqual([]);
    });
  }
});
