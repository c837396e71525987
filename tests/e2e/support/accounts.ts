import { eq, sql } from 'drizzle-orm';
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { invitation } from '../../../src/server/db/schema/auth.schema';
import { createInvitationTokens } from '../../../src/server/modules/teams/invitation-token';
import { expect } from 'vitest';
import type { RunningApp } from './app-server';

/** The password every browser test's account has (long enough for the sign-up rules). */
export const PASSWORD = 'Correct-Horse-42';

export type Account = { email: string; name: string; password: string; userId: string };

export type SignUpOptions = {
  /** A unique address unless told. */
  email?: string;
  name?: string;
  password?: string;
  /** The address is confirmed (as after the verification link); true unless told. */
  verified?: boolean;
  /** Free chosen on the pricing page's behalf (the editor needs a plan); false unless told. */
  freePlan?: boolean;
};

let counter = 0;
/** An address nobody in this run has used yet. */
export const uniqueEmail = (prefix = 'user') => `${prefix}-${Date.now()}-${counter++}@example.com`;

/** Marks an address as confirmed, as following the verification link would. */
export async function markVerified(app: RunningApp, email: string) {
  await app.app.services.database.db.execute(sql`update "user" set email_verified = true where email = ${email}`);
}

/** Chooses Free for the signed-in person through the API call the pricing page makes. */
export async function chooseFreePlan(request: APIRequestContext, origin: string) {
  const chosen = await request.post(`${origin}/api/select-free-plan`, {
    headers: { origin, 'content-type': 'application/json' },
    data: {},
  });
  expect(chosen.ok()).toBe(true);
}

/**
 * Signs a new person up through the API in `request`'s cookie jar (a browser context's or a
 * page's): that browser is then signed in. Not for tests about signing up: those click.
 */
export async function signUpThroughApi(
  app: RunningApp,
  request: APIRequestContext,
  options: SignUpOptions = {},
): Promise<Account> {
  const email = options.email ?? uniqueEmail();
  const name = options.name ?? 'Ada Lovelace';
  const password = options.password ?? PASSWORD;
  const res = await request.post(`${app.url}/api/auth/signup`, {
    headers: { origin: app.url },
    data: { email, password, name, termsAccepted: true },
  });
  expect(res.status()).toBe(201);
  // Only a verified address may invite.
  if (options.verified ?? true) await markVerified(app, email);
  if (options.freePlan) await chooseFreePlan(request, app.url);
  const me = await request.get(`${app.url}/api/auth/me`);
  const { user } = (await me.json()) as { user: { id: string } };
  return { email, name, password, userId: user.id };
}

/** Fills and sends the sign-up dialog a visitor gets (from the editor or a plan card). */
export async function signUpInDialog(page: Page, person: { email: string; name: string; password?: string }) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name (optional)').fill(person.name);
  // Required fields carry an aria-hidden '*' in their label: the accessible name is the clean one.
  await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(person.email);
  await dialog.locator('input[type=password]').fill(person.password ?? PASSWORD);
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Sign up' }).click();
  await page.waitForURL(/\/verify-email/);
}

/**
 * A visitor signs up from the editor's Sign up button, and Free is chosen (that is the
 * pricing page's job, tested there; here the API call it makes). `origin` is where the page is.
 */
export async function signUpFromEditor(page: Page, origin: string, person: { email: string; name: string }) {
  await page.goto(`${origin}/editor`);
  await page.getByRole('banner').getByRole('button', { name: 'Sign up' }).click();
  await signUpInDialog(page, person);
  await chooseFreePlan(page.request, origin);
}

/** `member` joins `owner`'s organization as a member: an invitation through the API, accepted as them. */
export async function joinAsMember(
  app: RunningApp,
  owner: { context: BrowserContext },
  member: { context: BrowserContext; account: { email: string } },
): Promise<void> {
  const post = (who: { context: BrowserContext }, url: string, data: object) =>
    who.context.request.post(`${app.url}${url}`, { headers: { origin: app.url }, data });
  const invite = await post(owner, '/api/organization/invitations', { email: member.account.email, role: 'member' });
  if (invite.status() !== 201) throw new Error(`invite answered ${invite.status()}`);
  const [row] = await app.app.services.database.db
    .select()
    .from(invitation)
    .where(eq(invitation.id, ((await invite.json()) as { id: string }).id));
  const token = createInvitationTokens(app.config.sessionSecret).tokenFor(row!);
  const accepted = await post(member, `/api/invitations/${token}/accept`, {});
  if (accepted.status() !== 200) throw new Error(`accept answered ${accepted.status()}`);
}
