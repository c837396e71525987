import { createHash } from 'node:crypto';
import type { Db } from '../db/client';
import { makeTestServiceAccount } from './google-stand-in-token';
import { createStandInState, type StandInPerson, type StandInState } from './google-stand-in-wire';
import { createDatabaseStandInStore } from './test-mode.repository';
import { DIRECTORY_SCOPE, GMAIL_SETTINGS_SCOPE, GROUP_MEMBER_SCOPE } from './workspace-client';

/**
 * The embedded TEST MODE Workspace: the Google stand-in mounted in the app under /test-mode/google
 * when the server runs TEST MODE (decision 0140), with its state in the database (so it survives
 * restarts and is shared by every server process): each organization its own pretend domain.
 */

/** Every organization's pretend domain ends with this (a name no real domain can have). */
export const TEST_MODE_DOMAIN_SUFFIX = 'example-test.signaturepro.local';

/**
 * The organization's own pretend Workspace domain (decision 0140): its people, signatures and
 * service accounts are its own, and a token for one domain reads nothing of another.
 */
export function testModeDomain(organizationId: string): string {
  return `org-${createHash('sha256').update(organizationId).digest('hex').slice(0, 10)}.${TEST_MODE_DOMAIN_SUFFIX}`;
}

/** The sample super admin of a pretend domain. */
export const testModeAdminEmail = (domain: string) => `ada.admin@${domain}`;

/**
 * The Google groups of a pretend domain (decision 0261), so that a rule or a campaign for a Google
 * group can be tried in TEST MODE: the sales team, and the guests of a webinar across departments.
 */
export const testModeGroups = (domain: string) => ({
  sales: `sales-team@${domain}`,
  webinar: `webinar-guests@${domain}`,
});

/** The sample people of one organization's pretend domain: one without Gmail, one suspended, one with an alias, an admin, two groups. */
export function testModePeople(domain: string): StandInPerson[] {
  const at = (local: string) => `${local}@${domain}`;
  const groups = testModeGroups(domain);
  return [
    {
      primaryEmail: at('ada.admin'),
      fullName: 'Ada Admin',
      givenName: 'Ada',
      familyName: 'Admin',
      title: 'Head of Operations',
      department: 'Operations',
      phones: [{ type: 'work', value: '+1 555 0100' }],
      orgUnitPath: '/',
      isAdmin: true,
      groups: [groups.webinar],
    },
    {
      primaryEmail: at('ben.carter'),
      fullName: 'Ben Carter',
      givenName: 'Ben',
      familyName: 'Carter',
      title: 'Account Executive',
      department: 'Sales',
      phones: [
        { type: 'work', value: '+1 555 0101' },
        { type: 'mobile', value: '+1 555 0199' },
      ],
      orgUnitPath: '/Sales',
      groups: [groups.sales, groups.webinar],
    },
    {
      primaryEmail: at('chloe.dubois'),
      fullName: 'Chloé Dubois',
      givenName: 'Chloé',
      familyName: 'Dubois',
      title: 'Marketing Manager',
      department: 'Marketing',
      phones: [{ type: 'work', value: '+33 1 23 45 67 89' }],
      orgUnitPath: '/Marketing',
      aliases: [at('marketing')],
      groups: [groups.webinar],
    },
    {
      primaryEmail: at('dev.patel'),
      fullName: 'Dev Patel',
      givenName: 'Dev',
      familyName: 'Patel',
      title: 'Software Engineer',
      department: 'Engineering',
      orgUnitPath: '/Engineering',
    },
    {
      primaryEmail: at('eva.noinbox'),
      fullName: 'Eva Lind',
      givenName: 'Eva',
      familyName: 'Lind',
      title: 'Contractor',
      department: 'Engineering',
      orgUnitPath: '/Engineering',
      isMailboxSetup: false,
    },
    {
      primaryEmail: at('frank.former'),
      fullName: 'Frank Moreau',
      givenName: 'Frank',
      familyName: 'Moreau',
      title: 'Sales Associate',
      department: 'Sales',
      orgUnitPath: '/Sales',
      suspended: true,
      groups: [groups.sales],
    },
  ];
}

/**
 * The TEST MODE state: the database store, and no hooks: its routes are open to anyone, so it
 * keeps nothing per request (counters and injected failures are the test harness's).
 */
export function createPersistentStandInState(
  db: Db,
  options: { seed?: StandInPerson[]; latencyMs?: number } = {},
): StandInState {
  return createStandInState(
    createDatabaseStandInStore(db, options.seed),
    options.latencyMs === undefined ? {} : { latencyMs: options.latencyMs },
  );
}

/**
 * A new service account authorised (domain-wide delegation: Gmail settings, the directory, and the
 * optional group-member scope) in the organization's own pretend domain, whose sample people are
 * seeded on first use: what the Workspace module's "Use the TEST MODE Workspace" connects with,
 * through the same client as Google. A domain seeded before it had groups gets them now.
 */
export async function createTestModeServiceAccount(
  state: StandInState,
  organizationId: string,
): Promise<{ keyJson: string; adminEmail: string; clientId: string; domain: string }> {
  const domain = testModeDomain(organizationId);
  const adminEmail = testModeAdminEmail(domain);
  if (!(await state.store.person(adminEmail))) await state.addPeople(testModePeople(domain));
  else await addSampleGroups(state, domain);
  const account = makeTestServiceAccount(domain, [GMAIL_SETTINGS_SCOPE, DIRECTORY_SCOPE, GROUP_MEMBER_SCOPE]);
  await state.grant(account.client);
  return { keyJson: account.keyJson, adminEmail, clientId: account.client.clientId, domain };
}

/** The sample groups given to the sample people still there that have none (their other fields as they are). */
async function addSampleGroups(state: StandInState, domain: string) {
  const missing: StandInPerson[] = [];
  for (const sample of testModePeople(domain)) {
    const stored = await state.store.person(sample.primaryEmail);
    if (stored && stored.groups === undefined && sample.groups) missing.push({ ...stored, groups: sample.groups });
  }
  if (missing.length) await state.addPeople(missing);
}
