import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiCaller, describeEachDatabase } from '../../../test-support/test-app';
import {
  connectAndSync,
  standInPerson,
  startWorkspaceWorld,
  type WorkspaceWorld,
} from '../../../test-support/workspace-world';
import type { DryRunEntry } from '../../../shared/api/workspace';
import { DRY_RUN_READS } from './workspace-dry-run';

/**
 * A dry run reads what Gmail holds now for at most DRY_RUN_READS people (an admin waits for it);
 * the rest still show what would be written, with words in place of Gmail's copy. Against the
 * Google stand-in, on both databases.
 */
const DOMAIN = 'dry-run-gws.test';
const PEOPLE = [
  standInPerson(DOMAIN, 'admin', 'Ada Admin', { isAdmin: true, orgUnitPath: '/' }),
  ...Array.from({ length: DRY_RUN_READS + 1 }, (_, i) =>
    standInPerson(DOMAIN, `p${String(i).padStart(3, '0')}`, `Person ${i}`, { orgUnitPath: '/' }),
  ),
];

describeEachDatabase('Google Workspace: how much of Gmail one dry run reads', (kind) => {
  let world: WorkspaceWorld;
  const call = apiCaller(() => world.t.app);

  beforeAll(async () => {
    world = await startWorkspaceWorld(kind, DOMAIN, PEOPLE, { name: 'Pat Member', email: `p000@${DOMAIN}` });
    await connectAndSync(world, `admin@${DOMAIN}`, PEOPLE.length);
  }, 120_000);
  afterAll(async () => world?.close());

  it(`reads Gmail for the first ${DRY_RUN_READS} people and says so for the rest`, async () => {
    const lists = world.google.state.counters.requests['sendAs.list'];
    await world.google.state.store.setSignature(`admin@${DOMAIN}`, `admin@${DOMAIN}`, '<p>Ada before</p>');
    const res = await call('POST', '/api/workspace/push', world.owner.cookie, {
      target: { kind: 'all' },
      dryRun: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const entries = res.json().people as DryRunEntry[];
    expect(entries).toHaveLength(PEOPLE.length);
    const read = entries.filter((e) => e.current !== null);
    expect(read).toHaveLength(DRY_RUN_READS);
    expect(read[0]).toMatchObject({ email: `admin@${DOMAIN}`, current: '<p>Ada before</p>' });
    const unread = entries.filter((e) => e.current === null);
    expect(unread.map((e) => e.email)).toEqual([`p199@${DOMAIN}`, `p200@${DOMAIN}`]);
    expect(unread[0]!.currentNote).toMatch(/first 200 people/);
    expect(unread[0]!.html).toContain('Person 199');
    expect(world.google.state.counters.requests['sendAs.list'] - lists).toBe(DRY_RUN_READS);
    expect(world.google.state.totalPatches()).toBe(0);
  });
});
