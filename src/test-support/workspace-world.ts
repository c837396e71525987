import { eq } from 'drizzle-orm';
import { member, organization, user } from '../server/db/schema/auth.schema';
import { makeTestServiceAccount } from '../server/google/google-stand-in-token';
import { startGoogleStandIn } from './google-stand-in-harness';
import type { StandInPerson } from '../server/google/google-stand-in-wire';
import type { WorkspaceOverview } from '../shared/api/workspace';
import { join, type Person } from './team-world';
import { apiCaller, buildTestApp, signUpUser, type DatabaseKind, type TestApp } from './test-app';
import { until } from './until';

/** A person of the Google stand-in's directory: `local@domain`, given and family name from the full name. */
export function standInPerson(
  domain: string,
  local: string,
  fullName: string,
  more: Omit<Partial<StandInPerson>, 'primaryEmail' | 'fullName'> = {},
): StandInPerson {
  const [givenName = '', ...family] = fullName.split(' ');
  return { primaryEmail: `${local}@${domain}`, fullName, givenName, familyName: family.join(' '), ...more };
}

export type WorkspaceWorld = {
  t: TestApp;
  google: Awaited<ReturnType<typeof startGoogleStandIn>>;
  /** A service account of `domain` the stand-in's admin has authorised for both scopes. */
  account: ReturnType<typeof makeTestServiceAccount>;
  /** Olivia Owner, verified, owner of the organization. */
  owner: Person;
  /** A verified member of Olivia's organization with an address of the Workspace (its own signatures are used). */
  member: Person;
  close(): Promise<void>;
};

/**
 * The Workspace tests' world: the Google stand-in (real HTTP on loopback) with the `people` of
 * `domain`, the app on `kind` pointed at it, its owner Olivia and one member who joined her.
 */
export async function startWorkspaceWorld(
  kind: DatabaseKind,
  domain: string,
  people: StandInPerson[],
  joiner: { name: string; email: string },
  more: { env?: Record<string, string>; latencyMs?: number; seats?: number } = {},
): Promise<WorkspaceWorld> {
  const google = await startGoogleStandIn({ people, ...(more.latencyMs ? { latencyMs: more.latencyMs } : {}) });
  const account = makeTestServiceAccount(domain);
  await google.state.grant(account.client);
  const t = await buildTestApp(kind, {
    GOOGLE_TOKEN_URL: google.endpoints.tokenUrl,
    GOOGLE_GMAIL_API_URL: google.endpoints.gmailApiUrl,
    GOOGLE_DIRECTORY_API_URL: google.endpoints.directoryApiUrl,
    ...more.env,
  });
  const membership = async (person: Awaited<ReturnType<typeof signUpUser>>): Promise<Person> => {
    const [row] = await t.database.db.select().from(member).where(eq(member.userId, person.user.id));
    return { ...person, memberId: row!.id, organizationId: row!.organizationId };
  };
  const owner = await membership(await signUpUser(t.app, { name: 'Olivia Owner' }));
  await t.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, owner.user.id));
  // A seat for everyone in the directory unless the test says otherwise: a push covers at most the
  // seats paid for (docs/decisions/0137).
  await t.database.db
    .update(organization)
    .set({ seats: more.seats ?? people.length })
    .where(eq(organization.id, owner.organizationId));
  const joining = await membership(await signUpUser(t.app, joiner));
  const joined = await join(t, owner, joining, 'member');
  // Only a verified member's own signatures reach Gmail (docs/decisions/0131).
  await t.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, joined.user.id));
  return {
    t,
    google,
    account,
    owner,
    member: joined,
    async close() {
      await t.close();
      await google.close();
    },
  };
}

/** The owner connects the world's key as `adminEmail`; answers once the first sync has read `count` people. */
export async function connectAndSync(world: WorkspaceWorld, adminEmail: string, count: number): Promise<void> {
  const call = apiCaller(() => world.t.app);
  const connect = await call('POST', '/api/workspace/connection', world.owner.cookie, {
    keyJson: world.account.keyJson,
    adminEmail,
  });
  if (connect.statusCode !== 200) throw new Error(`connect answered ${connect.statusCode}: ${connect.body}`);
  await call('POST', '/api/workspace/sync', world.owner.cookie);
  await until(
    async () => (await call('GET', '/api/workspace', world.owner.cookie)).json() as WorkspaceOverview,
    (v) => v.people.length === count && !!v.connection?.lastSyncResult,
    'the first sync',
  );
}

/** A directory person's phones: a work and a mobile number. */
export function workAndMobile(work: string, mobile: string): NonNullable<StandInPerson['phones']> {
  return [
    { type: 'work', value: work },
    { type: 'mobile', value: mobile },
  ];
}

/** The design the Workspace tests give an organization template (one shape, one place). */
export const TEST_TEMPLATE_DESIGN = {
  template: 'modern',
  primaryColor: '#0b5cab',
  secondaryColor: '#555555',
  fontFamily: 'Arial',
  layout: 'horizontal',
  animateLogo: 'false',
  photoShape: 'round',
  logoBacking: 'none',
} as const;
