import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { signature } from '../../db/schema/signatures.schema';
import { apiCaller, describeEachDatabase, signUpUser } from '../../../test-support/test-app';
import { useTestApp } from '../../../test-support/app-fixtures';
import { createEmptySignature } from '../../../shared/signature/signature-schema';

/**
 * Autosaves run a prepared UPDATE per shape of patch (signatures.repository.ts, decision 0092): the
 * statement is built once and reused with each save's own values and the saver's own session. A
 * statement that kept its first call's values, owner or version would fail here.
 */
describeEachDatabase('prepared signature saves', (kind) => {
  const t = useTestApp(kind);

  const call = apiCaller(() => t.app);
  const stored = async (id: string) => (await t.database.db.select().from(signature).where(eq(signature.id, id)))[0]!;

  async function create(cookie: string) {
    const res = await call(
      'POST',
      '/api/signatures',
      cookie,
      createEmptySignature({ name: 'Ada', email: 'ada@example.com', title: 'Engineer' }),
    );
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; version: number; design: Record<string, unknown> };
  }

  it('the same shape of save writes each call’s values, for each call’s own session only', async () => {
    const owner = await signUpUser(t.app);
    const stranger = await signUpUser(t.app);
    const sig = await create(owner.cookie);
    const first = await call('PUT', `/api/signatures/${sig.id}`, owner.cookie, { title: 'One' });
    expect(first.json()).toMatchObject({ title: 'One', version: 2 });
    const second = await call('PUT', `/api/signatures/${sig.id}`, owner.cookie, { title: 'Two' });
    expect(second.json()).toMatchObject({ title: 'Two', version: 3 });
    // The statement was prepared with the owner's token: another session gets its own answer, 404.
    expect((await call('PUT', `/api/signatures/${sig.id}`, stranger.cookie, { title: 'Three' })).statusCode).toBe(404);
    // And the owner's save after the stranger's is the owner's again.
    expect((await call('PUT', `/api/signatures/${sig.id}`, owner.cookie, { title: 'Four' })).json()).toMatchObject({
      title: 'Four',
      version: 4,
    });
    expect(await stored(sig.id)).toMatchObject({ title: 'Four', version: 4 });
  });

  it('fields given in another order are the same shape and keep their own values', async () => {
    const owner = await signUpUser(t.app);
    const sig = await create(owner.cookie);
    await call('PUT', `/api/signatures/${sig.id}`, owner.cookie, { title: 'CTO', company: 'Acme' });
    const res = await call('PUT', `/api/signatures/${sig.id}`, owner.cookie, { company: 'Globex', title: 'CEO' });
    expect(res.json()).toMatchObject({ title: 'CEO', company: 'Globex' });
    expect(await stored(sig.id)).toMatchObject({ title: 'CEO', company: 'Globex', version: 3 });
  });

  it('design and social links merge with each call’s own values', async () => {
    const owner = await signUpUser(t.app);
    const sig = await create(owner.cookie);
    await call('PUT', `/api/signatures/${sig.id}`, owner.cookie, {
      design: { primaryColor: '#111111' },
      socialLinks: { github: 'https://github.com/a' },
    });
    const res = await call('PUT', `/api/signatures/${sig.id}`, owner.cookie, {
      design: { primaryColor: '#222222' },
      socialLinks: { youtube: 'https://youtube.com/@b' },
    });
    expect(res.statusCode).toBe(200);
    const row = await stored(sig.id);
    expect(row.design).toEqual({ ...sig.design, primaryColor: '#222222' });
    expect(row.socialLinks).toEqual({ github: 'https://github.com/a', youtube: 'https://youtube.com/@b' });
  });

  it('a full save checks each call’s own version: stale answers 409, current writes', async () => {
    const owner = await signUpUser(t.app);
    const sig = await create(owner.cookie);
    const ok = await call('PUT', `/api/signatures/${sig.id}`, owner.cookie, { name: 'Grace', version: 1 });
    expect(ok.json()).toMatchObject({ name: 'Grace', version: 2 });
    const stale = await call('PUT', `/api/signatures/${sig.id}`, owner.cookie, { name: 'Stale', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ name: 'Grace', version: 2 });
    const current = await call('PUT', `/api/signatures/${sig.id}`, owner.cookie, { name: 'Hopper', version: 2 });
    expect(current.json()).toMatchObject({ name: 'Hopper', version: 3 });
    expect(await stored(sig.id)).toMatchObject({ name: 'Hopper', version: 3 });
  });
});
