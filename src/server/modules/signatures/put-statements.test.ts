import { expect, it } from 'vitest';
import { apiCaller, describeEachDatabase, signUpUser } from '../../../test-support/test-app';
import { useTestApp } from '../../../test-support/app-fixtures';
import { createEmptySignature } from '../../../shared/signature/signature-schema';

/**
 * Several signatures must not slow the autosave down: a partial save
 * stays one statement, and so does a rename. Counted at the driver, every query the app sends.
 */
describeEachDatabase('statements per signature save', (kind) => {
  const t = useTestApp(kind);
  const call = apiCaller(() => t.app);

  async function countStatements(work: () => Promise<unknown>): Promise<number> {
    const client = t.database.db.$client as unknown as { query: (...args: unknown[]) => Promise<unknown> };
    const original = client.query;
    let count = 0;
    client.query = function (this: unknown, ...args: unknown[]) {
      // Background work shares the pool: the jobs runner (pg-boss) polls, the mail outbox sends the
      // sign-up mail. Their statements are not the save's.
      const first = args[0];
      const text = typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '');
      if (!/pgboss|"mail_outbox"/.test(text)) count += 1;
      return original.apply(this, args);
    };
    try {
      await work();
    } finally {
      client.query = original;
    }
    return count;
  }

  it('an autosave and a rename are one statement each', async () => {
    const person = await signUpUser(t.app);
    const created = await call(
      'POST',
      '/api/signatures',
      person.cookie,
      createEmptySignature({ name: 'Ada', email: 'ada@example.com' }),
    );
    const id = created.json().id as string;
    const put = (body: object) => async () =>
      expect((await call('PUT', `/api/signatures/${id}`, person.cookie, body)).statusCode).toBe(200);
    expect(await countStatements(put({ title: 'CTO' }))).toBe(1);
    expect(await countStatements(put({ label: 'Work' }))).toBe(1);
    expect(await countStatements(put({ title: 'CEO', label: 'Office' }))).toBe(2);
  });
});
