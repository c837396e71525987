import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { user } from '../../db/schema/auth.schema';
import { apiCaller, describeEachDatabase, signUpUser } from '../../../test-support/test-app';
import {
  buildMailTestApp,
  PUBLIC_URL,
  settleMail,
  waitForMail,
  type MailTestApp,
} from '../../../test-support/accounts';
import { createEmptySignature } from '../../../shared/signature/signature-schema';
import { TEST_EMAIL_LIMIT, TEST_EMAIL_SUBJECT } from './test-email.service';

describeEachDatabase('POST /api/signatures/:id/test-email', (kind) => {
  let t: MailTestApp;
  beforeAll(async () => {
    t = await buildMailTestApp(kind);
  });
  afterAll(async () => t?.close());

  const call = apiCaller(() => t.app);

  async function person(verified: boolean) {
    const signedUp = await signUpUser(t.app);
    if (verified) await t.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, signedUp.user.id));
    const created = await call(
      'POST',
      '/api/signatures',
      signedUp.cookie,
      createEmptySignature({
        name: 'Ada Lovelace',
        title: 'Engineer',
        email: 'ada@example.com',
        website: 'example.com/?a=1&b=2',
        photoUrl: '/objects/7f3c9a2e-4b1d-4e8a-9c6f-2d5e8b1a7c40.png',
      }),
    );
    expect(created.statusCode).toBe(201);
    return { ...signedUp, signatureId: created.json().id as string };
  }

  it('mails the signature, rendered on the server with PUBLIC_URL, to the person’s own address', async () => {
    const ada = await person(true);
    const res = await call('POST', `/api/signatures/${ada.signatureId}/test-email`, ada.cookie, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ to: ada.email, message: `Test email sent to ${ada.email}.` });
    await t.app.services.mailer.drain();
    const mail = await waitForMail(t.smtp, ada.email, /Test email: your SignaturePro signature/);
    expect(mail.subject).toBe(TEST_EMAIL_SUBJECT);
    expect(mail.html).toContain('Ada Lovelace');
    expect(mail.html).toContain(`src="${PUBLIC_URL}/objects/7f3c9a2e-4b1d-4e8a-9c6f-2d5e8b1a7c40.png"`);
    expect(mail.html).toContain('href="https://example.com/?a=1&amp;b=2"');
    // A new account is on Free: the same watermark rule as generate-html.
    expect(mail.html).toContain('Created with SignaturePro - localhost:5000');
    expect(mail.text).toContain('Ada Lovelace\nEngineer');
    expect(mail.html).not.toMatch(/<script|onerror=/i);
  });

  it('refuses an unverified address with words, and sends nothing', async () => {
    const bob = await person(false);
    const res = await call('POST', `/api/signatures/${bob.signatureId}/test-email`, bob.cookie, {});
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/^Verify your email address first/);
    await settleMail(t);
    expect(t.smtp.mails.some((m) => m.to.includes(bob.email) && m.subject === TEST_EMAIL_SUBJECT)).toBe(false);
  });

  it('answers 401 signed out and 404 for someone else’s signature', async () => {
    const ada = await person(true);
    const eve = await person(true);
    expect((await call('POST', `/api/signatures/${ada.signatureId}/test-email`, undefined, {})).statusCode).toBe(401);
    const stolen = await call('POST', `/api/signatures/${ada.signatureId}/test-email`, eve.cookie, {});
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().error).toContain('We could not find that signature');
  });

  it(`allows ${TEST_EMAIL_LIMIT.limit} an hour per person, then 429 with words and Retry-After`, async () => {
    const carol = await person(true);
    const url = `/api/signatures/${carol.signatureId}/test-email`;
    for (let i = 0; i < TEST_EMAIL_LIMIT.limit; i += 1)
      expect((await call('POST', url, carol.cookie, {})).statusCode).toBe(200);
    const limited = await call('POST', url, carol.cookie, {});
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatch(
      /^You can send 5 test emails an hour\. Please try again in \d+ (minutes?|hours?)\.$/,
    );
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
    // Another person is not held back by Carol's count.
    const dave = await person(true);
    expect((await call('POST', `/api/signatures/${dave.signatureId}/test-email`, dave.cookie, {})).statusCode).toBe(
      200,
    );
  });

  it('refuses an empty signature with words', async () => {
    const signedUp = await signUpUser(t.app);
    await t.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, signedUp.user.id));
    const created = await call('POST', '/api/signatures', signedUp.cookie, createEmptySignature());
    const res = await call('POST', `/api/signatures/${created.json().id}/test-email`, signedUp.cookie, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('Your signature is empty');
  });
});
