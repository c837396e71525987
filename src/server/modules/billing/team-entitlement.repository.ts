import { asc, eq } from 'drizzle-orm';
import { effectiveSubscriptionStatus, type EffectiveStatus } from '../../../shared/billing/team-entitlement';
import { organizationPlanNow } from '../../../shared/billing/plan-features';
import type { Db } from '../../db/client';
import { member, organization, user } from '../../db/schema/auth.schema';

/**
 * The status the product treats a person by: their own, or a seat on their team's paid plan when
 * the organization's seats reach them (owner first, then by join date).
 */
export async function findEffectiveSubscriptionStatus(db: Db, userId: string): Promise<EffectiveStatus | undefined> {
  const [first] = await db
    .select({
      own: user.subscriptionStatus,
      organizationId: organization.id,
      organizationPlan: organization.plan,
      seats: organization.seats,
      trialEndsAt: organization.trialEndsAt,
    })
    .from(user)
    .leftJoin(member, eq(member.userId, user.id))
    .leftJoin(organization, eq(organization.id, member.organizationId))
    .where(eq(user.id, userId))
    .orderBy(asc(member.createdAt))
    .limit(1);
  if (!first) return undefined;
  // A trial past its end counts as Free before the end-of-trial job stores it (0150).
  const org = first.organizationPlan
    ? organizationPlanNow({ plan: first.organizationPlan, trialEndsAt: first.trialEndsAt, seats: first.seats ?? 0 })
    : null;
  const members = first.organizationId
    ? await db
        .select({
          userId: member.userId,
          role: member.role,
          joinedAt: member.createdAt,
          ownStatus: user.subscriptionStatus,
          name: user.name,
          email: user.email,
        })
        .from(member)
        .innerJoin(user, eq(user.id, member.userId))
        .where(eq(member.organizationId, first.organizationId))
    : [];
  return effectiveSubscriptionStatus({
    userId,
    own: first.own,
    organizationPlan: org?.plan,
    seats: org?.seats ?? 0,
    members,
  });
}
