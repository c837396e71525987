import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { organization, user } from '../../db/schema/auth.schema';
import { signature } from '../../db/schema/signatures.schema';
import { apiCaller, describeEachDatabase, signUpUser } from '../../../test-support/test-app';
import { useTestApp } from '../../../test-support/app-fixtures';
import { GREEN_DESIGN, GREEN_SIGNATURE_DEFAULTS } from '../../../test-support/signatures';
import { setOrganizationPlan, signUpPerson } from '../../../test-support/team-world';
import {
  createEmptySignature,
  type SavedSignature,
  type SignatureFields,
} from '../../../shared/signature/signature-schema';

/** A person's several signatures (docs/decisions/0120). */
describeEachDatabase('several signatures per person', (kind) => {
  const t = useTestApp(kind);

  const call = apiCaller(() => t.app);
  const fields = (overrides: Partial<SignatureFields> = {}) =>
    createEmptySignature({ name: 'Ada Lovelace', email: 'ada@example.com', ...overrides });

  async function create(cookie: string, body: Record<string, unknown>): Promise<SavedSignature> {
    const res = await call('POST', '/api/signatures', cookie, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as SavedSignature;
  }
  const list = async (cookie: string) => (await call('GET', '/api/signatures', cookie)).json() as SavedSignature[];

  it('the first signature is the default, named "My signature"; later ones are named and listed after it', async () => {
    const person = await signUpUser(t.app);
    const first = await create(person.cookie, fields({ title: 'First' }));
    expect(first).toMatchObject({ label: 'My signature', isDefault: true, sendAsEmail: null, version: 1 });
    const second = await create(person.cookie, {
      ...fields({ title: 'Second' }),
      label: 'Deutsch',
      sendAsEmail: ' Ada@Example.DE ',
    });
    expect(second).toMatchObject({
      label: 'Deutsch',
      isDefault: false,
      sendAsEmail: 'ada@example.de',
      title: 'Second',
    });
    const third = await create(person.cookie, fields({ title: 'Third' }));
    expect(third.label).toBe('Signature 3');
    expect((await list(person.cookie)).map((s) => s.title)).toEqual(['First', 'Second', 'Third']);
  });

  it('making another one the default moves it first, and leaves exactly one default', async () => {
    const person = await signUpUser(t.app);
    const a = await create(person.cookie, fields({ title: 'A' }));
    const b = await create(person.cookie, fields({ title: 'B' }));
    const c = await create(person.cookie, fields({ title: 'C' }));
    const res = await call('PUT', `/api/signatures/${c.id}`, person.cookie, { isDefault: true });
    expect(res.statusCode).toBe(200);
    // Not a content edit: the version a full save compares stays where it was (decision 0006).
    expect(res.json()).toMatchObject({ id: c.id, isDefault: true, version: 1 });
    const after = await list(person.cookie);
    expect(after.map((s) => s.id)).toEqual([c.id, a.id, b.id]);
    expect(after.filter((s) => s.isDefault).map((s) => s.id)).toEqual([c.id]);

    // Two tabs making different ones the default at once: one wins, never two.
    await Promise.all([
      call('PUT', `/api/signatures/${a.id}`, person.cookie, { isDefault: true }),
      call('PUT', `/api/signatures/${b.id}`, person.cookie, { isDefault: true }),
    ]);
    const rows = await t.database.db.select().from(signature).where(eq(signature.userId, person.user.id));
    expect(rows.filter((r) => r.isDefault)).toHaveLength(1);

    const off = await call('PUT', `/api/signatures/${a.id}`, person.cookie, { isDefault: false });
    expect(off.statusCode).toBe(400);
    expect(off.json().error).toMatch(/make another signature the default/);
  });

  it('renames and sets "Used for" through the partial save, with or without other fields, keeping the version for metadata alone', async () => {
    const person = await signUpUser(t.app);
    const sig = await create(person.cookie, fields());
    const renamed = await call('PUT', `/api/signatures/${sig.id}`, person.cookie, {
      label: '  Sales alias ',
      sendAsEmail: 'Sales@Example.com',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ label: 'Sales alias', sendAsEmail: 'sales@example.com', version: 1 });
    const both = await call('PUT', `/api/signatures/${sig.id}`, person.cookie, {
      title: 'Head of Sales',
      label: 'Sales',
    });
    expect(both.json()).toMatchObject({ label: 'Sales', title: 'Head of Sales', version: 2 });
    const cleared = await call('PUT', `/api/signatures/${sig.id}`, person.cookie, { sendAsEmail: '' });
    expect(cleared.json()).toMatchObject({ sendAsEmail: null });
    // A full save is the content read back: its label, address and default flag are read-only
    // there, so an older copy never undoes a rename (and renames never make it stale).
    const full = await call('PUT', `/api/signatures/${sig.id}`, person.cookie, {
      ...(both.json() as object),
      label: 'Old name',
      sendAsEmail: 'old@example.com',
      isDefault: false,
      title: 'VP Sales',
    });
    expect(full.statusCode).toBe(200);
    expect(full.json()).toMatchObject({
      title: 'VP Sales',
      label: 'Sales',
      sendAsEmail: null,
      isDefault: true,
      version: 3,
    });

    for (const [body, words] of [
      [{ label: '' }, 'Please give the signature a name'],
      [{ label: 'x'.repeat(61) }, 'The signature name must be 60 characters or fewer'],
      [{ sendAsEmail: 'not an address' }, 'Please enter a valid send-as email address'],
    ] as const) {
      const res = await call('PUT', `/api/signatures/${sig.id}`, person.cookie, body);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(words);
    }
    const [row] = await t.database.db.select().from(signature).where(eq(signature.id, sig.id));
    expect(row).toMatchObject({ label: 'Sales', sendAsEmail: null });
  });

  it('gives each send-as address at most one signature per person (409 with words); another person may use it', async () => {
    const person = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    await create(person.cookie, { ...fields(), sendAsEmail: 'team@example.com' });
    const second = await create(person.cookie, fields());
    const clash = await call('POST', '/api/signatures', person.cookie, {
      ...fields(),
      sendAsEmail: 'TEAM@example.com',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toBe(
      'Another of your signatures is already used for team@example.com. Each send-as address has one signature: clear "Used for" on that one first, or choose another address.',
    );
    const moved = await call('PUT', `/api/signatures/${second.id}`, person.cookie, { sendAsEmail: 'team@example.com' });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().errors).toEqual({ sendAsEmail: 'Already used by another of your signatures' });
    expect((await list(person.cookie)).map((s) => s.sendAsEmail)).toEqual(['team@example.com', null]);
    await create(other.cookie, { ...fields(), sendAsEmail: 'team@example.com' });
  });

  it('duplicates a signature with copyFrom (content copied, new name, not the default), only from your own', async () => {
    const person = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const source = await create(
      person.cookie,
      fields({
        title: 'CTO',
        socialLinks: { github: 'https://github.com/ada' },
        design: { ...fields().design, template: 'modern' },
      }),
    );
    await call('PUT', `/api/signatures/${source.id}`, person.cookie, {
      label: 'English',
      sendAsEmail: 'ada@example.com',
    });
    const copy = await create(person.cookie, { copyFrom: source.id, name: 'ignored' });
    expect(copy).toMatchObject({
      label: 'English (copy)',
      isDefault: false,
      sendAsEmail: null,
      name: 'Ada Lovelace',
      title: 'CTO',
      socialLinks: { github: 'https://github.com/ada' },
      version: 1,
    });
    expect(copy.design.template).toBe('modern');
    expect(copy.id).not.toBe(source.id);
    const named = await create(person.cookie, { copyFrom: source.id, label: 'Deutsch' });
    expect(named.label).toBe('Deutsch');
    const stolen = await call('POST', '/api/signatures', other.cookie, { copyFrom: source.id });
    expect(stolen.statusCode).toBe(404);
    expect(await list(other.cookie)).toEqual([]);
  });

  it('deletes a signature; the last one stays (409 with words); deleting the default makes the oldest left the default', async () => {
    const person = await signUpUser(t.app);
    const other = await signUpUser(t.app);
    const a = await create(person.cookie, fields({ title: 'A' }));
    const b = await create(person.cookie, fields({ title: 'B' }));
    const c = await create(person.cookie, fields({ title: 'C' }));

    expect((await call('DELETE', `/api/signatures/${b.id}`, other.cookie)).statusCode).toBe(404);
    const removed = await call('DELETE', `/api/signatures/${a.id}`, person.cookie);
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as SavedSignature[]).map((s) => [s.id, s.isDefault])).toEqual([
      [b.id, true],
      [c.id, false],
    ]);
    expect((await call('DELETE', `/api/signatures/${a.id}`, person.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/signatures/${c.id}`, person.cookie)).statusCode).toBe(200);
    const last = await call('DELETE', `/api/signatures/${b.id}`, person.cookie);
    expect(last.statusCode).toBe(409);
    expect(last.json().error).toBe(
      'This is your only signature, so it cannot be deleted. Create another one first, or edit this one instead.',
    );
    expect((await list(person.cookie)).map((s) => [s.id, s.isDefault])).toEqual([[b.id, true]]);
    expect((await call('DELETE', `/api/signatures/${b.id}`)).statusCode).toBe(401);
  });

  it('two deletes at once never remove the last two', async () => {
    const person = await signUpUser(t.app);
    const a = await create(person.cookie, fields());
    const b = await create(person.cookie, fields());
    const results = await Promise.all([a, b].map((s) => call('DELETE', `/api/signatures/${s.id}`, person.cookie)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const left = await list(person.cookie);
    expect(left).toHaveLength(1);
    expect(left[0]!.isDefault).toBe(true);
  });

  it('Free keeps one signature (403 with words, for a copy too); a paid plan has several', async () => {
    const person = await signUpPerson(t, 'Free Person');
    expect((await call('POST', '/api/select-free-plan', person.cookie, {})).statusCode).toBe(200);
    // Free has Pro's features while the organization's trial runs (0150): this is Free after it.
    await setOrganizationPlan(t.database.db, person.organizationId, { trialEndsAt: new Date(Date.now() - 1000) });
    const first = await create(person.cookie, fields());
    for (const body of [fields(), { copyFrom: first.id }]) {
      const res = await call('POST', '/api/signatures', person.cookie, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe(
        'Several signatures are part of the Standard plan ($19/month). Upgrade under Plan & Billing.',
      );
    }
    await t.database.db
      .update(organization)
      .set({ plan: 'standard' })
      .where(eq(organization.id, person.organizationId));
    await create(person.cookie, { copyFrom: first.id });
    expect(await list(person.cookie)).toHaveLength(2);
  });

  it("the organization's signature defaults fill each new signature's left-out design values", async () => {
    const owner = await signUpPerson(t, 'Default Owner');
    const saved = await call('PUT', '/api/organization/signature-defaults', owner.cookie, GREEN_SIGNATURE_DEFAULTS);
    expect(saved.statusCode).toBe(200);
    const { design: _leftOut, ...body } = fields({ name: 'Olivia', email: 'olivia@example.com' });
    await create(owner.cookie, body);
    const second = await create(owner.cookie, { ...body, label: 'Second' });
    expect(second.design).toMatchObject(GREEN_DESIGN);
    // The required phone applies to the second signature as to the first.
    const html = await call('POST', `/api/signatures/${second.id}/generate-html`, owner.cookie, {});
    expect(html.statusCode).toBe(400);
    expect(html.json().error).toMatch(/phone/i);
  });

  it("a full save's stale-version conflict applies to each signature on its own", async () => {
    const person = await signUpUser(t.app);
    const a = await create(person.cookie, fields({ title: 'A' }));
    const b = await create(person.cookie, fields({ title: 'B' }));
    expect((await call('PUT', `/api/signatures/${a.id}`, person.cookie, { title: 'A2' })).json().version).toBe(2);
    const stale = await call('PUT', `/api/signatures/${a.id}`, person.cookie, {
      ...fields({ title: 'A stale' }),
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ id: a.id, title: 'A2', label: 'My signature' });
    const fine = await call('PUT', `/api/signatures/${b.id}`, person.cookie, {
      ...fields({ title: 'B2' }),
      version: 1,
    });
    expect(fine.statusCode).toBe(200);
  });

  it('data export carries every signature with its name, address and default flag; deleting the account removes them all', async () => {
    const person = await signUpUser(t.app);
    const a = await create(person.cookie, fields({ title: 'A' }));
    await create(person.cookie, { ...fields({ title: 'B' }), label: 'Deutsch', sendAsEmail: 'ada@example.de' });
    const exported = await call('GET', '/api/account/export', person.cookie);
    expect(exported.statusCode, exported.body).toBe(200);
    const data = JSON.parse(exported.body) as { signatures: Array<Record<string, unknown>> };
    expect(data.signatures.map((s) => [s.id === a.id, s.label, s.sendAsEmail, s.isDefault, s.title])).toEqual([
      [true, 'My signature', null, true, 'A'],
      [false, 'Deutsch', 'ada@example.de', false, 'B'],
    ]);
    const deleted = await call('POST', '/api/account/delete', person.cookie, {
      confirmation: 'DELETE MY ACCOUNT',
      password: person.password,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.database.db.select().from(user).where(eq(user.id, person.user.id))).toEqual([]);
    expect(await t.database.db.select().from(signature).where(eq(signature.userId, person.user.id))).toEqual([]);
  });
});
