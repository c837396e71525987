import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StandInPerson } from '../../google/google-stand-in-wire';
import { apiCaller, describeEachDatabase, type TestApp } from '../../../test-support/test-app';
import type { Person } from '../../../test-support/team-world';
import {
  TEST_TEMPLATE_DESIGN,
  connectAndSync,
  standInPerson,
  startWorkspaceWorld,
  type WorkspaceWorld,
} from '../../../test-support/workspace-world';

/**
 * The organization template's logo and a person's own photo reach every mailbox: like a person's
 * signature (docs/decisions/0162), each is one of our stored images, re-hosted, or refused with
 * words; nothing outside reaches Google.
 */
const DOMAIN = 'images-gws.test';
const at = (local: string) => `${local}@${DOMAIN}`;
const PEOPLE: StandInPerson[] = [
  standInPerson(DOMAIN, 'ada', 'Ada Admin', { orgUnitPath: '/', isAdmin: true }),
  standInPerson(DOMAIN, 'mia', 'Mia Moreno', { title: 'Sales Lead', orgUnitPath: '/' }),
];
const STORED = '/objects/7f3c9a2e-4b1d-4e8a-9c6f-2d5e8b1a7c40.png';
const OUTSIDE = ['https://10.0.0.5/logo.png', 'http://[::1]:8080/x.png', 'https://169.254.169.254/logo.png'];

describeEachDatabase('Google Workspace: template logo and personal photo are ours or refused', (kind) => {
  let world: WorkspaceWorld;
  let t: TestApp;
  let owner: Person;
  let mia: Person;
  const call = apiCaller(() => t.app);
  const template = (photoUrl: string) => ({
    template: { design: TEST_TEMPLATE_DESIGN, company: 'Acme', website: '', address: '', photoUrl, socialLinks: {} },
    editableFields: ['mobile', 'photoUrl'],
  });

  beforeAll(async () => {
    world = await startWorkspaceWorld(kind, DOMAIN, PEOPLE, { name: 'Mia Moreno', email: at('mia') });
    ({ t, owner, member: mia } = world);
    await connectAndSync(world, at('ada'), 2);
  }, 60_000);
  afterAll(async () => world?.close());

  it('refuses a template logo on a private or local address with words, and keeps our own image', async () => {
    for (const photoUrl of OUTSIDE) {
      const res = await call('PUT', '/api/workspace/template', owner.cookie, template(photoUrl));
      expect(res.statusCode, photoUrl).toBe(400);
      expect(res.json().errors.photoUrl, photoUrl).toMatch(/private or local network|port/);
    }
    const saved = await call('PUT', '/api/workspace/template', owner.cookie, template(STORED));
    expect(saved.statusCode, saved.body).toBe(200);
    const overview = (await call('GET', '/api/workspace', owner.cookie)).json();
    expect(overview.template.template.photoUrl).toBe(STORED);
  });

  it('refuses a person’s own photo on a private address, keeps our own, and pushes nothing refused', async () => {
    const patches = world.google.state.totalPatches();
    for (const photoUrl of OUTSIDE) {
      const res = await call('PUT', '/api/workspace/me', mia.cookie, { photoUrl });
      expect(res.statusCode, photoUrl).toBe(400);
      expect(res.json().errors.photoUrl, photoUrl).toMatch(/private or local network|port/);
    }
    expect(world.google.state.totalPatches()).toBe(patches);
    const kept = await call('PUT', '/api/workspace/me', mia.cookie, { photoUrl: STORED });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().person.values.photoUrl).toBe(STORED);
  });
});
