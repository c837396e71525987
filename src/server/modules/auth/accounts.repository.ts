import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { member, organization, user } from '../../db/schema/auth.schema';

export const TRIAL_DAYS = 7;
export const TRIAL_SEATS = 10;

export function createAccountsRepository(db: Db) {
  return {
    async findUserById(id: string) {
      const [row] = await db.select().from(user).where(eq(user.id, id)).limit(1);
      return row;
    },

    /** The organization a user works in: the oldest membership. */
    async findPrimaryMembership(userId: string) {
      const [row] = await db
        .select({ organization, role: member.role })
        .from(member)
        .innerJoin(organization, eq(member.organizationId, organization.id))
        .where(eq(member.userId, userId))
        .orderBy(asc(member.createdAt))
        .limit(1);
      return row;
    },

    /** Every new account gets its own organization on a 7-day trial with 10 seats. */
    async createOwnOrganization(owner: { id: string; email: string; name: string }) {
      const orgId = randomUUID();
      const base = owner.name.trim() || owner.email.split('@')[0] || 'My';
      await db.insert(organization).values({
        id: orgId,
        name: `${base}'s organization`.slice(0, 100),
        slug: `org-${orgId}`,
        plan: 'trial',
        trialEndsAt: new Date(Date.now() + TRIAL_DAYS * 24 * 60 * 60 * 1000),
        seats: TRIAL_SEATS,
      });
      await db.insert(member).values({ id: randomUUID(), organizationId: orgId, userId: owner.id, role: 'owner' });
    },
  };
}
export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
