import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { createCheckoutSchema, type CreateCheckoutInput } from '../shared/billing/checkout-schema';
import type { AppConfig } from '../server/config';
import type { Database, Db } from '../server/db/client';
import { member, organization, user } from '../server/db/schema/auth.schema';
import { AppError, type ErrorCode } from '../server/errors';
import { createJobLock } from '../server/jobs/job-lock';
import type { MailMessage } from '../server/mail/mailer';
import { createAnalytics } from '../server/modules/analytics/analytics.service';
import { createAuthRepository } from '../server/modules/auth/auth.repository';
import { createBilling, type Billing } from '../server/modules/billing/billing.module';
import { createInvitationTokens, type InvitationTokens } from '../server/modules/teams/invitation-token';
import { findEffectiveSubscriptionStatus } from '../server/modules/billing/team-entitlement.repository';
import { createInvitationLimits } from '../server/modules/teams/invitation-limits';
import { createInvitationsService, type InvitationsService } from '../server/modules/teams/invitations.service';
import { createTeamsRepository } from '../server/modules/teams/teams.repository';
import { createTeamsService, type TeamsService } from '../server/modules/teams/teams.service';
import { setOrganizationPlan } from './team-world';
import { createTestDatabase, loadTestConfig, type DatabaseKind } from './test-app';

/**
 * The service tier (docs/decisions/0123): billing's and teams' real services on a real, migrated
 * database (PGlite, or PostgreSQL in `describeEachDatabase`), without Fastify and without HTTP.
 * Every construction call of the services lives here, wired as app.ts wires them, so a change to the
 * modules' wiring is adapted in this one file.
 */
export type ServiceWorld = {
  kind: DatabaseKind;
  config: AppConfig;
  database: Database;
  db: Db;
  teams: TeamsService;
  invitations: InvitationsService;
  billing: Billing;
  tokens: InvitationTokens;
  /** Every message the invitations and billing services handed to the mail path, oldest first. */
  mails: MailMessage[];
  close(): Promise<void>;
};

export async function createServiceWorld(kind: DatabaseKind, env: Record<string, string> = {}): Promise<ServiceWorld> {
  // Nothing is written to the data folder: the session secret is given and no mail or file leaves memory.
  const config = loadTestConfig(os.tmpdir(), env);
  const database = await createTestDatabase(kind);
  const db = database.db;
  const mails: MailMessage[] = [];
  const teamsRepository = createTeamsRepository(db);
  const teams = createTeamsService({
    repository: teamsRepository,
    effectiveStatus: (userId) => findEffectiveSubscriptionStatus(db, userId),
    purchasesFollowPayer: (userId, from, to) => billing.fulfilment.movePurchases(userId, from, to),
    // No uploads here: our own paths are kept, anything else is refused as the real policy would if it could not fetch it.
    hostedImage: async (_userId, imageURL, field = 'photoUrl') => {
      if (imageURL === '' || imageURL.startsWith('/objects/')) return imageURL;
      throw new AppError('VALIDATION', 'This test world re-hosts no images.', { [field]: 'not re-hosted' });
    },
  });
  const billing = createBilling({
    config,
    db,
    analytics: createAnalytics(db),
    seatsInUse: (orgId) => teams.seatsInUse(orgId),
    jobLock: createJobLock(database),
    sendMail: async (message) => {
      mails.push(message);
    },
  });
  const tokens = createInvitationTokens(config.sessionSecret);
  const invitations = createInvitationsService({
    repository: teamsRepository,
    limits: createInvitationLimits(db),
    tokens,
    sendMail: async (message) => {
      mails.push(message);
    },
    publicUrl: config.publicUrl,
  });
  return { kind, config, database, db, teams, invitations, billing, tokens, mails, close: () => database.close() };
}

/**
 * One service world per suite (beforeAll/afterAll); the getter is valid inside the tests.
 * `env` picks the configuration (say a Stripe key); the default is the built-in test payment provider.
 */
export function useServiceWorld(kind: DatabaseKind, env: Record<string, string> = {}): () => ServiceWorld {
  let world: ServiceWorld | undefined;
  beforeAll(async () => {
    world = await createServiceWorld(kind, env);
  });
  afterAll(async () => world?.close());
  return () => {
    if (!world) throw new Error('the service world is made in beforeAll: use it inside a test');
    return world;
  };
}

/** A person made as signup makes one (the user row, then their own organization on its trial). */
export type ServicePerson = { id: string; email: string; name: string; memberId: string; organizationId: string };

let personCounter = 0;

/** A new person with a verified address (only verified people may send invitations), in their own organization. */
export async function makePerson(w: ServiceWorld, name = 'Test Person'): Promise<ServicePerson> {
  const id = randomUUID();
  const email = `svc-${Date.now().toString(36)}-${personCounter++}@example.com`;
  await w.db.insert(user).values({ id, email, name, emailVerified: true });
  // The same repository call Better Auth's user hook makes at signup (auth/account-module.ts).
  await createAuthRepository(w.db).createOwnOrganization({ id, email, name });
  return { id, email, name, ...(await membershipOf(w, id)) };
}

/** A person whose own organization is on a bought plan (no trial) with `seats` seats. */
export async function makeOwner(
  w: ServiceWorld,
  name: string,
  plan: 'standard' | 'pro' = 'pro',
  seats = 10,
): Promise<ServicePerson> {
  const owner = await makePerson(w, name);
  await setOrganizationPlan(w.db, owner.organizationId, { plan, seats, trialEndsAt: null });
  return owner;
}

/** The organization a person works in now (a person belongs to one at a time). */
export async function membershipOf(w: ServiceWorld, userId: string) {
  const [row] = await w.db.select().from(member).where(eq(member.userId, userId));
  if (!row) throw new Error(`${userId} is in no organization`);
  return { memberId: row.id, organizationId: row.organizationId, role: row.role };
}

export async function organizationOf(w: ServiceWorld, userId: string) {
  const { organizationId } = await membershipOf(w, userId);
  const [row] = await w.db.select().from(organization).where(eq(organization.id, organizationId));
  return row!;
}

export async function userRow(w: ServiceWorld, userId: string) {
  const [row] = await w.db.select().from(user).where(eq(user.id, userId));
  return row!;
}

/** Invites `email` as `inviter` through the service; returns the invitation and its accept token. */
export async function inviteBy(
  w: ServiceWorld,
  inviter: { id: string },
  email: string,
  role: 'admin' | 'member' = 'member',
) {
  const entry = await w.invitations.invite(inviter.id, { email, role });
  const mail = w.mails.at(-1)!;
  const token = /\/invitations\/([^\s"?]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no accept link in the invitation to ${email}: ${mail.text}`);
  return { entry, token: decodeURIComponent(token) };
}

/** Invites an existing person and accepts as them: they move into the inviter's organization. */
export async function joinAs(
  w: ServiceWorld,
  inviter: { id: string },
  person: ServicePerson,
  role: 'admin' | 'member' = 'member',
): Promise<ServicePerson> {
  const { token } = await inviteBy(w, inviter, person.email, role);
  await w.invitations.acceptInvitation(person.id, token);
  return { ...person, ...(await membershipOf(w, person.id)) };
}

/** A service call that must be refused: with this code and exactly these words (a string) or these (a pattern). */
export async function expectRefusal(call: Promise<unknown>, code: ErrorCode, words: string | RegExp) {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `expected ${code}: ${String(words)}`).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError.code).toBe(code);
  if (typeof words === 'string') expect(appError.message).toBe(words);
  else expect(appError.message).toMatch(words);
}

/** A checkout request as the route hands it to the service: parsed by the API's schema. */
export const checkoutInput = (data: CreateCheckoutInput) => createCheckoutSchema.parse(data);

/** Checkout through the built-in test payment provider, paid on its page, then confirmed as the success page does. */
export async function buyOnTestPage(w: ServiceWorld, userId: string, data: CreateCheckoutInput) {
  // Parsed as the route parses it: the service takes the schema's output.
  const started = await w.billing.checkout.startCheckout(userId, checkoutInput(data));
  const paid = await w.billing.testPayments!.pay(started.sessionId);
  const confirmed = await w.billing.checkout.confirmPayment(userId, { sessionId: started.sessionId });
  const session = await w.billing.testProvider!.retrieveCheckoutSession(started.sessionId);
  return { ...started, redirectUrl: paid.redirectUrl, confirmed, subscriptionId: session.subscriptionId };
}
