import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { signatureVersion } from '../../db/schema/signatures.schema';
import { apiCaller, describeEachDatabase } from '../../../test-support/test-app';
import { useTestApp } from '../../../test-support/app-fixtures';
import { join, signUpPerson, type Person } from '../../../test-support/team-world';
import { TEST_TEMPLATE_DESIGN } from '../../../test-support/workspace-world';
import { createEmptySignature } from '../../../shared/signature/signature-schema';

/**
 * Earlier versions of a signature (decision 0188): the database keeps the content before a save at
 * most once per ten minutes, the newest twenty; its owner lists and restores them, nobody else
 * (a teammate, another organization) can reach them.
 */
describeEachDatabase('signature versions', (kind) => {
  const t = useTestApp(kind);
  const call = apiCaller(() => t.app);
  let owner: Person;
  let teammate: Person;
  let outsider: Person;

  beforeAll(async () => {
    owner = await signUpPerson(t, 'Olivia Owner');
    teammate = await join(t, owner, await signUpPerson(t, 'Adam Admin'), 'admin');
    outsider = await signUpPerson(t, 'Oscar Outsider');
  });

  async function create(person: Person, fields: Parameters<typeof createEmptySignature>[0]) {
    const res = await call('POST', '/api/signatures', person.cookie, createEmptySignature(fields));
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  }

  const save = async (id: string, body: object) => {
    const res = await call('PUT', `/api/signatures/${id}`, owner.cookie, body);
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  /** As if every kept version were eleven minutes older: the next save is ten minutes on. */
  const ageVersions = (id: string) =>
    t.database.db
      .update(signatureVersion)
      .set({ createdAt: sql`${signatureVersion.createdAt} - interval '11 minutes'` })
      .where(eq(signatureVersion.signatureId, id));

  const list = async (id: string, person: Person = owner) =>
    call('GET', `/api/signatures/${id}/versions`, person.cookie);

  it('keeps the content before a save once per ten minutes, newest first, and restores it', async () => {
    const id = await create(owner, {
      name: 'Ada',
      title: 'Engineer',
      socialLinks: { github: 'https://github.com/ada' },
    });
    expect((await list(id)).json()).toEqual([]);
    await save(id, { title: 'Lead' });
    // Within ten minutes of the first kept version, further saves keep nothing more.
    await save(id, { title: 'Lead engineer' });
    await save(id, { title: 'Principal' });
    let versions = (await list(id)).json();
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({
      name: 'Ada',
      title: 'Engineer',
      template: createEmptySignature().design.template,
    });
    await ageVersions(id);
    await save(id, {
      title: 'CTO',
      design: { template: 'modern' },
      socialLinks: { github: null, youtube: 'https://youtube.com/@ada' },
    });
    versions = (await list(id)).json();
    expect(versions.map((v: { title: string }) => v.title)).toEqual(['Principal', 'Engineer']);
    // A label is not content: renaming keeps nothing.
    await ageVersions(id);
    await save(id, { label: 'Work' });
    expect((await list(id)).json()).toHaveLength(2);

    const first = versions[1].id as string;
    const restored = await call('POST', `/api/signatures/${id}/versions/${first}/restore`, owner.cookie);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ name: 'Ada', title: 'Engineer', label: 'Work' });
    expect(restored.json().socialLinks).toEqual({ github: 'https://github.com/ada' });
    expect(restored.json().design.template).toBe(createEmptySignature().design.template);
    const stored = (await call('GET', '/api/signatures', owner.cookie)).json().find((s: { id: string }) => s.id === id);
    expect(stored).toMatchObject({ title: 'Engineer', socialLinks: { github: 'https://github.com/ada' } });
    // What was there before the restore is kept, so the restore can be undone.
    versions = (await list(id)).json();
    expect(versions[0]).toMatchObject({ title: 'CTO', template: 'modern' });
  });

  it('keeps the newest twenty per signature', async () => {
    const id = await create(owner, { name: 'Grace', title: 'v0' });
    const other = await create(owner, { name: 'Other', title: 'o0' });
    await save(other, { title: 'o1' });
    for (let i = 1; i <= 23; i += 1) {
      await save(id, { title: `v${i}` });
      await ageVersions(id);
    }
    const titles = (await list(id)).json().map((v: { title: string }) => v.title);
    expect(titles).toEqual(Array.from({ length: 20 }, (_, i) => `v${22 - i}`));
    // Another signature's versions are its own.
    expect((await list(other)).json().map((v: { title: string }) => v.title)).toEqual(['o0']);
  });

  it('a teammate and another organization can neither list nor restore; an unknown version is 404', async () => {
    const id = await create(owner, { name: 'Private', title: 'Before' });
    await save(id, { title: 'After' });
    const [version] = (await list(id)).json();
    expect(version).toMatchObject({ title: 'Before' });
    for (const person of [teammate, outsider]) {
      const listed = await list(id, person);
      expect(listed.statusCode).toBe(404);
      expect(listed.json().error).toMatch(/could not find that signature/);
      const restore = await call('POST', `/api/signatures/${id}/versions/${version.id}/restore`, person.cookie);
      expect(restore.statusCode).toBe(404);
      // Their own signature with the owner's version id: still nothing.
      const theirs = await create(person, { name: person.user.name });
      expect(
        (await call('POST', `/api/signatures/${theirs}/versions/${version.id}/restore`, person.cookie)).statusCode,
      ).toBe(404);
    }
    const unknown = await call('POST', `/api/signatures/${id}/versions/nope/restore`, owner.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatch(/earlier version/);
    expect(
      (await call('GET', '/api/signatures', owner.cookie)).json().find((s: { id: string }) => s.id === id),
    ).toMatchObject({
      title: 'After',
    });
    expect((await call('GET', `/api/signatures/${id}/versions`, '')).statusCode).toBe(401);
  });

  it("a restore is saved like any change: a member's locked fields keep the organization's values", async () => {
    const boss = await signUpPerson(t, 'Bea Boss');
    const member = await join(t, boss, await signUpPerson(t, 'Mia Member'), 'member');
    const created = await call(
      'POST',
      '/api/signatures',
      member.cookie,
      createEmptySignature({ name: 'Mia', company: 'Own Co', title: 'Before' }),
    );
    const id = created.json().id as string;
    const template = await call('PUT', '/api/workspace/template', boss.cookie, {
      template: {
        design: TEST_TEMPLATE_DESIGN,
        company: 'Acme Corp',
        website: '',
        address: '',
        photoUrl: '',
        socialLinks: {},
      },
      editableFields: ['name', 'title', 'phone', 'mobile', 'photoUrl'],
    });
    expect(template.statusCode).toBe(200);
    // The version kept by this save still holds the company from before the locks.
    expect((await call('PUT', `/api/signatures/${id}`, member.cookie, { title: 'After' })).statusCode).toBe(200);
    const [version] = (await list(id, member)).json();
    expect(version).toMatchObject({ title: 'Before' });
    const [kept] = await t.database.db.select().from(signatureVersion).where(eq(signatureVersion.id, version.id));
    expect(kept!.content.company).toBe('Own Co');
    const restored = await call('POST', `/api/signatures/${id}/versions/${version.id}/restore`, member.cookie);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ title: 'Before', company: 'Acme Corp' });
    expect(restored.json().design.template).toBe(TEST_TEMPLATE_DESIGN.template);
  });
});
