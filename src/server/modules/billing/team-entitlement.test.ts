import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { createEmptySignature } from '../../../shared/signature/signature-schema';
import { member, organization, user } from '../../db/schema/auth.schema';
import { describeEachDatabase, signUpUser } from '../../../test-support/test-app';
import { useTestApp } from '../../../test-support/app-fixtures';

describeEachDatabase('a seat on a paid team plan', (kind) => {
  const t = useTestApp(kind);

  async function teamOf(ownerStatus: string, plan: string) {
    const owner = await signUpUser(t.app);
    const mate = await signUpUser(t.app, { name: 'Team Mate' });
    const db = t.database.db;
    const [ownerMembership] = await db.select().from(member).where(eq(member.userId, owner.user.id));
    await db.update(user).set({ subscriptionStatus: ownerStatus }).where(eq(user.id, owner.user.id));
    await db.update(organization).set({ plan }).where(eq(organization.id, ownerMembership!.organizationId));
    // One organization per person: the mate moves into the owner's organization as a member.
    await db
      .update(member)
      .set({ organizationId: ownerMembership!.organizationId, role: 'member' })
      .where(eq(member.userId, mate.user.id));
    return mate;
  }

  async function exportHtml(cookie: string) {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/signatures',
      headers: { cookie, origin: t.config.publicUrl },
      payload: createEmptySignature({ name: 'Team Mate', email: 'mate@example.com' }),
    });
    expect(created.statusCode).toBe(201);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/signatures/${created.json().id}/generate-html`,
      headers: { cookie, origin: t.config.publicUrl },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    return res.json().htmlSignature as string;
  }

  it('counts as active for a member while the owner pays for Standard: no watermark, no pricing redirect', async () => {
    const mate = await teamOf('active', 'standard');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: mate.cookie } });
    expect(me.json().user).toMatchObject({ subscriptionStatus: 'active', coveredByTeam: true });
    expect(await exportHtml(mate.cookie)).not.toContain('Created with SignaturePro');
  });

  it('does not count while the owner is past due', async () => {
    const mate = await teamOf('past_due', 'standard');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: mate.cookie } });
    expect(me.json().user).toMatchObject({ subscriptionStatus: 'none', coveredByTeam: false });
    expect(await exportHtml(mate.cookie)).toContain('Created with SignaturePro');
  });
});
