import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { createEmptySignature } from '../../shared/signature/signature-schema';
import { upload } from '../db/schema/signatures.schema';
import { join, signUpPerson } from '../../test-support/team-world';
import { describeEachDatabase, signUpUser } from '../../test-support/test-app';
import { useTestApp } from '../../test-support/app-fixtures';
import { ORGANIZATION_STORAGE_BYTES, QUOTAS } from './quotas';

/** Uploads, stored bytes, signatures and the telemetry beacon have quotas. */
describeEachDatabase('quotas', (kind) => {
  const t = useTestApp(kind);

  const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method, url, remoteAddress, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

  function expectTooMany(res: Awaited<ReturnType<typeof call>>, words: RegExp) {
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(res.json().error).toMatch(words);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(55 * 60);
  }

  it(`upload slots: ${QUOTAS.uploadsPerPerson.limit} an hour per person, then 429 with Retry-After`, async () => {
    const { cookie } = await signUpUser(t.app);
    for (let i = 0; i < QUOTAS.uploadsPerPerson.limit; i++)
      expect((await call('POST', '/api/objects/upload', cookie)).statusCode).toBe(200);
    expectTooMany(
      await call('POST', '/api/objects/upload', cookie),
      /^You have uploaded 30 images in the last hour, the most we allow\. Please try again in /,
    );
    // Someone else is not held back by it.
    const other = await signUpUser(t.app);
    expect((await call('POST', '/api/objects/upload', other.cookie)).statusCode).toBe(200);
  });

  it("stored bytes: an organization's members share one allowance", async () => {
    const owner = await signUpPerson(t, 'Storage Owner');
    const colleague = await join(t, owner, await signUpPerson(t, 'Storage Colleague'), 'member');
    const stored = (userId: string, bytes: number) => ({
      id: randomUUID(),
      userId,
      status: 'stored',
      objectKey: `public/${randomUUID()}.png`,
      bytes,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const half = Math.ceil(ORGANIZATION_STORAGE_BYTES / 2);
    await t.database.db.insert(upload).values(stored(owner.user.id, half));
    expect((await call('POST', '/api/objects/upload', colleague.cookie)).statusCode).toBe(200);
    await t.database.db.insert(upload).values(stored(owner.user.id, half));
    const refused = await call('POST', '/api/objects/upload', colleague.cookie);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error).toBe(
      "Your organization's images already use 100 MB, the most we keep (100 MB). Please delete images you no longer use under Account › Images & Assets, then upload again.",
    );
    // Another organization is not affected.
    const outsider = await signUpPerson(t, 'Other Org');
    expect((await call('POST', '/api/objects/upload', outsider.cookie)).statusCode).toBe(200);
  });

  it(`new signatures: ${QUOTAS.signaturesPerPerson.limit} an hour per person`, async () => {
    const { cookie } = await signUpUser(t.app);
    for (let i = 0; i < QUOTAS.signaturesPerPerson.limit; i++) {
      expect(
        (
          await call(
            'POST',
            '/api/signatures',
            cookie,
            createEmptySignature({ name: `Signature ${i}`, email: 'ada@example.com' }),
          )
        ).statusCode,
      ).toBe(201);
    }
    expectTooMany(
      await call(
        'POST',
        '/api/signatures',
        cookie,
        createEmptySignature({ name: 'One too many', email: 'ada@example.com' }),
      ),
      /^You have created 30 signatures in the last hour, the most we allow\. Please try again in /,
    );
  });

  it(`the telemetry beacon: ${QUOTAS.telemetryPerIp.limit} an hour per address`, async () => {
    const ip = `10.77.${Math.floor(Math.random() * 250)}.9`;
    for (let i = 0; i < QUOTAS.telemetryPerIp.limit; i++) {
      expect((await call('POST', '/api/auth/telemetry/auth-open', undefined, { source: 'test' }, ip)).statusCode).toBe(
        204,
      );
    }
    expectTooMany(
      await call('POST', '/api/auth/telemetry/auth-open', undefined, { source: 'test' }, ip),
      /^Too many requests from your network\. Please try again in /,
    );
    expect(
      (await call('POST', '/api/auth/telemetry/auth-open', undefined, { source: 'test' }, '10.78.0.1')).statusCode,
    ).toBe(204);
  });
});
