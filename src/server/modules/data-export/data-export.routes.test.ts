import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { session } from '../../db/schema/auth.schema';
import { expect, it } from 'vitest';
import { apiCaller, describeEachDatabase } from '../../../test-support/test-app';
import { useTestApp } from '../../../test-support/app-fixtures';
import { createTeamWorld, signUpPerson } from '../../../test-support/team-world';
import { EXPORT_FORMAT } from './data-export.service';

const newSignature = (email: string) => ({
  name: 'Dana Export',
  title: 'Archivist',
  company: 'Acme & Co',
  phone: '+1 555 0100',
  mobile: '',
  email,
  website: 'https://acme.example',
  address: '',
  photoUrl: '',
  imageLinkUrl: 'none',
  customImageUrl: '',
  socialLinks: { github: 'https://github.com/dana' },
  customFields: [{ label: 'Pronouns', value: 'she/her' }],
  design: {
    template: 'modern',
    primaryColor: '#1a73e8',
    fontFamily: 'Arial',
    layout: 'horizontal',
    animateLogo: 'false',
    photoShape: 'round',
  },
});

describeEachDatabase('download my data', (kind) => {
  const t = useTestApp(kind);
  const call = apiCaller(() => t.app);

  it('gives the person a JSON file of their account, signatures, uploads (URLs) and activity, and no secrets', async () => {
    const person = await signUpPerson(t, 'Dana Export');
    const other = await signUpPerson(t, 'Not Included');
    expect((await call('POST', '/api/signatures', person.cookie, newSignature(person.email))).statusCode).toBe(201);
    expect((await call('POST', '/api/signatures', other.cookie, newSignature(other.email))).statusCode).toBe(201);
    const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#1a73e8' } })
      .png()
      .toBuffer();
    const { uploadURL } = (await call('POST', '/api/objects/upload', person.cookie)).json();
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: uploadURL,
          headers: { cookie: person.cookie, 'content-type': 'image/png' },
          payload: png,
        })
      ).statusCode,
    ).toBe(200);
    const attached = await call('PUT', '/api/signatures/image', person.cookie, {
      imageURL: uploadURL,
      signatureId: 'temp',
    });
    expect(attached.statusCode).toBe(200);

    const res = await call('GET', '/api/account/export', person.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="signaturepro-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json();
    expect(data.format).toBe(EXPORT_FORMAT);
    expect(data.account).toMatchObject({
      id: person.user.id,
      email: person.email,
      name: 'Dana Export',
      emailVerified: expect.any(Boolean),
    });
    expect(data.organizations).toEqual([expect.objectContaining({ id: person.organizationId, role: 'owner' })]);
    expect(data.signatures).toHaveLength(1);
    expect(data.signatures[0]).toMatchObject({
      name: 'Dana Export',
      company: 'Acme & Co',
      socialLinks: { github: 'https://github.com/dana' },
    });
    expect(data.uploads).toHaveLength(1);
    expect(data.uploads[0].url).toMatch(new RegExp(`^${t.config.publicUrl}/objects/`));
    const file = await t.app.inject({ method: 'GET', url: new URL(data.uploads[0].url).pathname });
    expect(file.statusCode).toBe(200);
    expect(data.activity.map((a: { event: string }) => a.event)).toContain('user_signed_up');
    expect(data.sessions.length).toBeGreaterThan(0);
    // Nothing of anyone else, and no key to the account.
    const text = res.body;
    expect(text).not.toContain(other.email);
    expect(text).not.toMatch(/"(token|password|accessToken|refreshToken|idToken)"/i);
    const tokens = await t.database.db
      .select({ token: session.token })
      .from(session)
      .where(eq(session.userId, person.user.id));
    expect(tokens.length).toBeGreaterThan(0);
    for (const { token } of tokens) expect(text).not.toContain(token);
  });

  it('asks for a sign-in', async () => {
    const res = await call('GET', '/api/account/export');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Please log in to continue.');
  });

  it('lets the owner export the organization, and nobody else', async () => {
    const { owner, admin, member, other } = await createTeamWorld(t);
    expect((await call('POST', '/api/signatures', member.cookie, newSignature(member.email))).statusCode).toBe(201);
    expect((await call('POST', '/api/signatures', other.cookie, newSignature(other.email))).statusCode).toBe(201);
    const res = await call('GET', '/api/organization/export', owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="signaturepro-organization-/);
    const data = res.json();
    expect(data.organization).toMatchObject({ id: owner.organizationId });
    expect(data.members.map((m: { email: string }) => m.email).sort()).toEqual(
      [owner.email, admin.email, member.email].sort(),
    );
    expect(data.invitations.map((i: { status: string }) => i.status).sort()).toEqual([
      'accepted',
      'accepted',
      'pending',
    ]);
    expect(data.signatures.map((s: { owner: string }) => s.owner)).toEqual([member.email]);
    expect(res.body).not.toContain(other.email);

    for (const who of [admin, member]) {
      const refused = await call('GET', '/api/organization/export', who.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe(
        "Only the organization's owner can download the organization's data. Your own data is under Profile.",
      );
    }
  });
});
