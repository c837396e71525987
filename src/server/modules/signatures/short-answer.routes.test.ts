import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { signature } from '../../db/schema/signatures.schema';
import { describeEachDatabase } from '../../../test-support/test-app';
import { useTestApp } from '../../../test-support/app-fixtures';
import { join, signUpPerson, type Person } from '../../../test-support/team-world';
import { TEST_TEMPLATE_DESIGN } from '../../../test-support/workspace-world';
import { createEmptySignature } from '../../../shared/signature/signature-schema';

/**
 * A save that asks `Prefer: return=minimal` (the editor's autosave, decision 0245) is answered with
 * the id, version and time only, and is the same save: the body is checked, the session is checked in
 * the UPDATE, a stale full save is a 409 with the stored signature, the organization's locks and the
 * image policy hold, and a signature of someone else is a 404.
 */
describeEachDatabase('the short answer of a save', (kind) => {
  const t = useTestApp(kind);
  let owner: Person;
  let member: Person;
  let stranger: Person;
  const ids: Record<string, string> = {};

  const put = (person: Person, id: string, body: unknown, prefer: string | null = 'return=minimal') =>
    t.app.inject({
      method: 'PUT',
      url: `/api/signatures/${id}`,
      headers: { cookie: person.cookie, ...(prefer ? { prefer } : {}) },
      payload: body as object,
    });
  const stored = async (id: string) => (await t.database.db.select().from(signature).where(eq(signature.id, id)))[0]!;

  beforeAll(async () => {
    owner = await signUpPerson(t, 'Olivia Owner');
    member = await join(t, owner, await signUpPerson(t, 'Mia Member'), 'member');
    stranger = await signUpPerson(t, 'Sam Stranger');
    for (const [key, person] of Object.entries({ owner, member, stranger })) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/signatures',
        headers: { cookie: person.cookie },
        payload: createEmptySignature({ name: person.user.name, email: person.email, company: 'Own Co' }),
      });
      expect(created.statusCode).toBe(201);
      ids[key] = created.json().id as string;
    }
    const template = {
      design: TEST_TEMPLATE_DESIGN,
      company: 'Acme Corp',
      website: 'https://acme.example',
      address: '1 Acme Way',
      photoUrl: '',
      socialLinks: {},
    };
    const locked = await t.app.inject({
      method: 'PUT',
      url: '/api/workspace/template',
      headers: { cookie: owner.cookie },
      payload: { template, editableFields: ['name', 'title', 'phone', 'mobile', 'photoUrl'] },
    });
    expect(locked.statusCode, locked.body).toBe(200);
  });

  it('answers only the id, the new version and the time, and stores the change', async () => {
    const res = await put(stranger, ids.stranger!, { title: 'Chief Engineer' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['preference-applied']).toBe('return=minimal');
    const row = await stored(ids.stranger!);
    expect(res.json()).toEqual({ id: ids.stranger, version: row.version, updatedAt: row.updatedAt.toISOString() });
    expect(row.title).toBe('Chief Engineer');
    // The version answered is what the next full save is based on.
    const full = await put(stranger, ids.stranger!, { title: 'CTO', version: res.json().version });
    expect(full.statusCode).toBe(200);
    expect(full.json().version).toBe(row.version + 1);
    // Preferences are a comma-separated list in any case; without one the answer is the whole signature.
    expect((await put(stranger, ids.stranger!, { title: 'CTO' }, 'respond-async, RETURN=minimal')).json()).toEqual({
      id: ids.stranger,
      version: row.version + 2,
      updatedAt: expect.any(String),
    });
    const whole = await put(stranger, ids.stranger!, { title: 'CTO' }, null);
    expect(whole.headers['preference-applied']).toBeUndefined();
    expect(whole.json()).toMatchObject({ id: ids.stranger, title: 'CTO', company: 'Own Co', version: row.version + 3 });
  });

  it('refuses as the whole answer does: a bad body 400, a stale full save 409 with the stored signature, another person 404, no session 401', async () => {
    const bad = await put(stranger, ids.stranger!, { title: 42 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION');
    const before = await stored(ids.stranger!);
    const stale = await put(stranger, ids.stranger!, { title: 'Stale', version: before.version - 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id: ids.stranger, version: before.version, title: before.title });
    expect((await put(stranger, ids.owner!, { title: 'Not mine' })).statusCode).toBe(404);
    expect((await put({ ...stranger, cookie: '' }, ids.stranger!, { title: 'Anyone' })).statusCode).toBe(401);
    expect(await stored(ids.stranger!)).toMatchObject({ title: before.title, version: before.version });
    expect((await stored(ids.owner!)).title).not.toBe('Not mine');
  });

  it("holds the organization's locks and the image policy", async () => {
    const res = await put(member, ids.member!, { title: 'Lead', company: 'Not Acme' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['id', 'updatedAt', 'version']);
    expect(await stored(ids.member!)).toMatchObject({ title: 'Lead', company: 'Acme Corp' });
    const image = await put(stranger, ids.stranger!, { photoUrl: 'file:///etc/passwd' });
    expect(image.statusCode).toBe(400);
    expect((await stored(ids.stranger!)).photoUrl).toBe('');
  });
});
