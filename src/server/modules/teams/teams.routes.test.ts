import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { invitation } from '../../db/schema/auth.schema';
import { apiCaller, describeEachDatabase } from '../../../test-support/test-app';
import { useTestApp } from '../../../test-support/app-fixtures';
import type { TeamEntry } from '../../../shared/account-area-types';
import { createTeamWorld, invite, signatureFieldsOnly } from '../../../test-support/team-world';
import { GREEN_SIGNATURE_DEFAULTS } from '../../../test-support/signatures';

/** One of our stored images (a name the uploads pipeline gives): kept as it is, never fetched. */
const STORED_LOGO = '/objects/7f3c9a2e-4b1d-4e8a-9c6f-2d5e8b1a7c40.png';

describeEachDatabase('organization and team', (kind) => {
  const t = useTestApp(kind);

  const call = apiCaller(() => t.app);

  it('saves the organization, logo and defaults with the spec’s rules and messages', async () => {
    const { owner, member } = await createTeamWorld(t);
    const bad = await call('PUT', '/api/organization', owner.cookie, { name: ' ', domain: 'not a domain' });
    expect(bad.json().errors).toEqual({
      name: 'Organization name is required',
      domain: 'Please enter a valid domain (e.g., company.com)',
    });
    const long = await call('PUT', '/api/organization', owner.cookie, { name: 'x'.repeat(101), domain: 'acme.com' });
    expect(long.json().errors).toEqual({ name: 'Organization name too long' });
    const saved = await call('PUT', '/api/organization', owner.cookie, {
      name: '  Acme Inc ',
      domain: 'https://Acme.com/',
    });
    expect(saved.json()).toMatchObject({ name: 'Acme Inc', domain: 'acme.com', role: 'owner', canManage: true });
    // Members read what was saved.
    expect((await call('GET', '/api/organization', member.cookie)).json()).toMatchObject({
      name: 'Acme Inc',
      domain: 'acme.com',
      canManage: false,
    });

    for (const [logoUrl, message] of [
      ['not a url', 'Please enter a valid URL'],
      ['http://cdn.example.com/logo.png', 'Logo URL must use HTTPS'],
      ['https://cdn.example.com/logo', 'URL should point to an image file'],
    ] as const) {
      expect((await call('PUT', '/api/organization/logo', owner.cookie, { logoUrl })).json().errors).toEqual({
        logoUrl: message,
      });
    }
    // One of our stored images is kept as it is; an outside address is re-hosted or refused (decision 0162).
    expect((await call('PUT', '/api/organization/logo', owner.cookie, { logoUrl: STORED_LOGO })).json().logoUrl).toBe(
      STORED_LOGO,
    );
    const privateLogo = await call('PUT', '/api/organization/logo', owner.cookie, {
      logoUrl: 'https://10.0.0.5/Logo.PNG?v=2',
    });
    expect(privateLogo.statusCode).toBe(400);
    expect(privateLogo.json().errors.logoUrl).toMatch(/private or local network/);
    expect((await call('GET', '/api/organization', owner.cookie)).json().logoUrl).toBe(STORED_LOGO);
    expect((await call('PUT', '/api/organization/logo', owner.cookie, { logoUrl: '' })).json().logoUrl).toBeNull();

    const defaults = {
      template: 'creative',
      primaryColor: '#d73b2a',
      secondaryColor: '#666666',
      requiredPhone: true,
      requiredTitle: true,
      requiredAddress: false,
    };
    expect(
      (await call('PUT', '/api/organization/signature-defaults', owner.cookie, { ...defaults, template: '' })).json()
        .errors,
    ).toEqual({
      template: 'Please select a template',
    });
    expect(
      (
        await call('PUT', '/api/organization/signature-defaults', owner.cookie, {
          ...defaults,
          primaryColor: '#123456',
        })
      ).json().errors,
    ).toEqual({
      primaryColor: 'Please select a primary color',
    });
    expect((await call('PUT', '/api/organization/signature-defaults', owner.cookie, defaults)).statusCode).toBe(200);
    expect((await call('GET', '/api/organization/signature-defaults', member.cookie)).json()).toEqual({
      ...defaults,
      logoUrl: null,
      canManage: false,
    });
  });

  it('changes roles of active members only, never the owner’s or one’s own', async () => {
    const { owner, admin, member, pending } = await createTeamWorld(t);
    const promote = await call('PATCH', `/api/organization/members/${member.memberId}`, admin.cookie, {
      role: 'admin',
    });
    expect(promote.json()).toMatchObject({ role: 'admin', status: 'active', email: member.email });
    const team = (await call('GET', '/api/organization/members', owner.cookie)).json();
    expect(team.entries.map((e: TeamEntry) => [e.email, e.role, e.status])).toEqual([
      [owner.email, 'owner', 'active'],
      [admin.email, 'admin', 'active'],
      [member.email, 'admin', 'active'],
      [expect.stringMatching(/^pending-/), 'member', 'pending'],
    ]);
    const ownerEdit = await call('PATCH', `/api/organization/members/${owner.memberId}`, admin.cookie, {
      role: 'member',
    });
    expect(ownerEdit.statusCode).toBe(403);
    expect(ownerEdit.json().error).toBe("The organization's owner cannot be changed.");
    expect(
      (await call('PATCH', `/api/organization/members/${admin.memberId}`, admin.cookie, { role: 'member' })).statusCode,
    ).toBe(403);
    // A pending invitation has no role to change here: it is not a member.
    expect(
      (await call('PATCH', `/api/organization/members/${pending.id}`, owner.cookie, { role: 'admin' })).statusCode,
    ).toBe(404);
    expect(
      (await call('PATCH', `/api/organization/members/${member.memberId}`, owner.cookie, { role: 'owner' })).json()
        .errors,
    ).toEqual({
      role: 'Please select a role',
    });
    const removeOwner = await call('DELETE', `/api/organization/members/${owner.memberId}`, admin.cookie);
    expect(removeOwner.json().error).toBe("The organization's owner cannot be removed.");
  });

  it('a removed member loses access at their next request and keeps an organization of their own', async () => {
    const { owner, member } = await createTeamWorld(t);
    expect((await call('GET', '/api/organization', member.cookie)).json().id).toBe(owner.organizationId);
    expect((await call('DELETE', `/api/organization/members/${member.memberId}`, owner.cookie)).statusCode).toBe(204);

    const org = (await call('GET', '/api/organization', member.cookie)).json();
    expect(org.id).not.toBe(owner.organizationId);
    expect(org).toMatchObject({ role: 'owner', plan: 'free', seats: { limit: 1, used: 1 } });
    const team = (await call('GET', '/api/organization/members', member.cookie)).json();
    expect(team.entries.map((e: TeamEntry) => e.email)).toEqual([member.email]);
    expect(
      (await call('PATCH', `/api/organization/members/${owner.memberId}`, member.cookie, { role: 'member' }))
        .statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/auth/me', member.cookie)).json().organization.id).toBe(org.id);
  });

  it('hands ownership over, then the new owner can delete the team; everyone keeps an organization', async () => {
    const { owner, admin, member, pending } = await createTeamWorld(t);
    const moved = await call('POST', '/api/organization/transfer-ownership', owner.cookie, {
      memberId: admin.memberId,
    });
    expect(moved.json()).toMatchObject({ role: 'admin' });
    expect((await call('GET', '/api/organization', admin.cookie)).json().role).toBe('owner');
    expect((await call('DELETE', `/api/organization/members/${admin.memberId}`, owner.cookie)).statusCode).toBe(403);

    const wrong = await call('POST', '/api/organization/delete', admin.cookie, { confirmation: 'delete organization' });
    expect(wrong.json().errors).toEqual({ confirmation: 'Please type DELETE ORGANIZATION to confirm' });
    const deleted = await call('POST', '/api/organization/delete', admin.cookie, {
      confirmation: 'DELETE ORGANIZATION',
    });
    expect(deleted.json()).toMatchObject({
      id: owner.organizationId,
      name: "Adam Admin's organization",
      domain: null,
      seats: { used: 1 },
    });
    for (const person of [owner, member]) {
      expect((await call('GET', '/api/organization', person.cookie)).json()).toMatchObject({
        role: 'owner',
        plan: 'free',
      });
    }
    const [row] = await t.database.db.select().from(invitation).where(eq(invitation.id, pending.id));
    expect(row!.status).toBe('canceled');
  });

  it('members and admins may leave; the owner may not', async () => {
    const { owner, admin } = await createTeamWorld(t);
    const wrong = await call('POST', '/api/account/leave-organization', admin.cookie, { confirmation: 'LEAVE' });
    expect(wrong.json().errors).toEqual({ confirmation: 'Please type LEAVE ORGANIZATION to confirm' });
    expect(
      (await call('POST', '/api/account/leave-organization', admin.cookie, { confirmation: 'LEAVE ORGANIZATION' }))
        .statusCode,
    ).toBe(204);
    expect((await call('GET', '/api/organization', admin.cookie)).json().id).not.toBe(owner.organizationId);
    const stays = await call('POST', '/api/account/leave-organization', owner.cookie, {
      confirmation: 'LEAVE ORGANIZATION',
    });
    expect(stays.statusCode).toBe(409);
    expect(stays.json().error).toMatch(/^As the owner you cannot leave/);
  });

  it("a member's new signature starts from the organization's defaults; what they send wins", async () => {
    const { owner, member } = await createTeamWorld(t);
    const defaults = { ...GREEN_SIGNATURE_DEFAULTS, template: 'minimal' };
    await call('PUT', '/api/organization/signature-defaults', owner.cookie, defaults);
    await call('PUT', '/api/organization/logo', owner.cookie, { logoUrl: STORED_LOGO });
    const fields = signatureFieldsOnly('Mia', member.email);

    const fromDefaults = await call('POST', '/api/signatures', member.cookie, fields);
    expect(fromDefaults.statusCode).toBe(201);
    expect(fromDefaults.json().design).toMatchObject({
      template: 'minimal',
      primaryColor: '#2d8659',
      fontFamily: 'Arial',
    });
    expect(fromDefaults.json().photoUrl).toBe(STORED_LOGO);

    const chosen = await call('POST', '/api/signatures', member.cookie, {
      ...fields,
      photoUrl: '',
      design: { template: 'professional' },
    });
    expect(chosen.json().design).toMatchObject({ template: 'professional', primaryColor: '#2d8659' });
    expect(chosen.json().photoUrl).toBe('');
  });

  it('lists a pending invitation as pending and marks it expired once its week has passed', async () => {
    const { owner } = await createTeamWorld(t);
    const { id } = await invite(t, owner, `later-${Date.now()}@example.com`);
    await t.database.db
      .update(invitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitation.id, id));
    const entry = (await call('GET', '/api/organization/members', owner.cookie))
      .json()
      .entries.find((e: TeamEntry) => e.id === id);
    expect(entry).toMatchObject({ kind: 'invitation', status: 'pending', expired: true });
  });
});
