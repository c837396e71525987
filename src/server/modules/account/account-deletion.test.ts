import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { account, invitation, organization, session } from '../../db/schema/auth.schema';
import { signature, upload } from '../../db/schema/signatures.schema';
import { apiCaller, describeEachDatabase } from '../../../test-support/test-app';
import { buildMailTestApp, SUBJECTS, waitForMail, type MailTestApp } from '../../../test-support/accounts';
import {
  createTeamWorld,
  invite,
  signatureFieldsOnly,
  signUpPerson,
  type Person,
} from '../../../test-support/team-world';
import { DELETE_NEEDS_FRESH_SIGN_IN, DELETE_NEEDS_PASSWORD } from './account.service';

const PASSWORD = 'Sup3r-secret-pass';
const CONFIRM = 'DELETE MY ACCOUNT';

describeEachDatabase('deleting an account', (kind) => {
  let t: MailTestApp;
  beforeAll(async () => {
    t = await buildMailTestApp(kind);
  });
  afterAll(async () => t?.close());
  const call = apiCaller(() => t.app);

  async function uploadImage(person: Person) {
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#0a66c2' } })
      .png()
      .toBuffer();
    const { uploadURL } = (await call('POST', '/api/objects/upload', person.cookie)).json();
    const put = await t.app.inject({
      method: 'PUT',
      url: uploadURL,
      headers: { cookie: person.cookie, 'content-type': 'image/png' },
      payload: png,
    });
    expect(put.statusCode).toBe(200);
    const attached = await call('PUT', '/api/signatures/image', person.cookie, {
      imageURL: uploadURL,
      signatureId: 'temp',
    });
    expect(attached.statusCode).toBe(200);
    const objectPath = attached.json().objectPath as string;
    const [row] = await t.database.db
      .select()
      .from(upload)
      .where(eq(upload.objectKey, `public/${objectPath.slice('/objects/'.length)}`));
    return { objectPath, row: row! };
  }

  it('asks for the password again, keeps what was typed on a wrong one, and deletes with the right one', async () => {
    const person = await signUpPerson(t, 'Pat Word');
    const missing = await call('POST', '/api/account/delete', person.cookie, { confirmation: CONFIRM });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ password: DELETE_NEEDS_PASSWORD });
    const wrong = await call('POST', '/api/account/delete', person.cookie, {
      confirmation: CONFIRM,
      password: 'not-my-password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ password: 'Current password is incorrect' });
    expect((await call('GET', '/api/auth/me', person.cookie)).statusCode).toBe(200);
    const deleted = await call('POST', '/api/account/delete', person.cookie, {
      confirmation: CONFIRM,
      password: PASSWORD,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', person.cookie)).statusCode).toBe(401);
  });

  it('stops guessing the password through deletion after five wrong tries', async () => {
    const person = await signUpPerson(t, 'Guess Target');
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await call('POST', '/api/account/delete', person.cookie, { confirmation: CONFIRM, password: `guess-${i}-xx` }))
          .statusCode,
      ).toBe(400);
    }
    const limited = await call('POST', '/api/account/delete', person.cookie, {
      confirmation: CONFIRM,
      password: PASSWORD,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json().error).toMatch(/^Too many wrong passwords\. Please try again in \d+ minutes?\.$/);
  });

  it('an account without a password needs a sign-in by email link within the last 10 minutes, and is mailed one', async () => {
    const person = await signUpPerson(t, 'Link Only');
    await t.database.db
      .delete(account)
      .where(and(eq(account.userId, person.user.id), eq(account.providerId, 'credential')));
    // The session is an hour old: not a fresh sign-in.
    await t.database.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 60 * 60_000) })
      .where(eq(session.userId, person.user.id));
    const mailsBefore = t.smtp.mails.length;
    const stale = await call('POST', '/api/account/delete', person.cookie, { confirmation: CONFIRM });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error).toBe(DELETE_NEEDS_FRESH_SIGN_IN);
    await t.app.services.mailer.drain();
    const mail = await waitForMail(t.smtp, person.email, SUBJECTS.magicLink, mailsBefore);
    expect(mail.links.some((l) => l.includes('/magic-link/'))).toBe(true);
    expect((await call('GET', '/api/auth/me', person.cookie)).statusCode).toBe(200);
    // Signed in a minute ago (as the link would do): deletion goes ahead.
    await t.database.db
      .update(session)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(session.userId, person.user.id));
    expect((await call('POST', '/api/account/delete', person.cookie, { confirmation: CONFIRM })).statusCode).toBe(200);
  });

  it("keeps the organization's logo, images others' signatures show and invitations sent for the team", async () => {
    const { owner, admin, member } = await createTeamWorld(t);
    // The admin uploads the team's logo; the member's signature shows another of the admin's images.
    const logo = await uploadImage(admin);
    await t.database.db
      .update(organization)
      .set({ logo: `https://sig.example.com${logo.objectPath}` })
      .where(eq(organization.id, owner.organizationId));
    const [memberSignature] = await t.database.db.select().from(signature).where(eq(signature.userId, member.user.id));
    const shared = await uploadImage(admin);
    if (memberSignature) {
      await t.database.db
        .update(signature)
        .set({ photoUrl: shared.objectPath })
        .where(eq(signature.id, memberSignature.id));
    } else {
      const created = await call('POST', '/api/signatures', member.cookie, {
        ...signatureFieldsOnly('Mia', member.email),
        photoUrl: shared.objectPath,
        design: {
          template: 'professional',
          primaryColor: '#1a73e8',
          fontFamily: 'Arial',
          layout: 'horizontal',
          animateLogo: 'false',
          photoShape: 'round',
        },
      });
      expect(created.statusCode).toBe(201);
    }
    const privateImage = await uploadImage(admin);
    const sent = await invite(t, admin, `invitee-${Date.now()}@example.com`);
    const objects = path.join(t.dataDir, 'objects');
    const fileOf = (key: string) => path.join(objects, key);
    for (const image of [logo, shared, privateImage]) expect(existsSync(fileOf(image.row.objectKey!))).toBe(true);

    const deleted = await call('POST', '/api/account/delete', admin.cookie, {
      confirmation: CONFIRM,
      password: PASSWORD,
    });
    expect(deleted.statusCode).toBe(200);

    // The logo and the image in the member's signature stay, served and now the owner's and the member's.
    for (const image of [logo, shared]) {
      expect(existsSync(fileOf(image.row.objectKey!))).toBe(true);
      // Every shape's file of it too (decision 0070).
      expect(existsSync(fileOf(image.row.objectKey!.replace('.png', '-o.png')))).toBe(true);
      expect((await t.app.inject({ method: 'GET', url: image.objectPath })).statusCode).toBe(200);
    }
    const kept = await t.database.db.select({ id: upload.id, userId: upload.userId }).from(upload);
    expect(kept.find((u) => u.id === logo.row.id)?.userId).toBe(owner.user.id);
    expect(kept.find((u) => u.id === shared.row.id)?.userId).toBe(member.user.id);
    // The admin's own image, used by nobody else, is gone.
    expect(existsSync(fileOf(privateImage.row.objectKey!))).toBe(false);
    expect(existsSync(fileOf(privateImage.row.objectKey!.replace('.png', '-o.png')))).toBe(false);
    expect(kept.find((u) => u.id === privateImage.row.id)).toBeUndefined();
    // The invitation the admin sent stays the organization's, with the owner as its inviter.
    const [stillThere] = await t.database.db.select().from(invitation).where(eq(invitation.id, sent.id));
    expect(stillThere).toMatchObject({ status: 'pending', inviterId: owner.user.id });
    expect(
      (await call('GET', '/api/organization/members', owner.cookie))
        .json()
        .entries.map((e: { email: string }) => e.email),
    ).toContain(stillThere!.email);
  });
});
