import { and, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { effectiveSubscriptionStatus } from '../../../shared/billing/team-entitlement';
import type { Db } from '../../db/client';
import { member, organization, user } from '../../db/schema/auth.schema';

const payerMember = alias(member, 'payer_member');
const payer = alias(user, 'payer');

/** The status the product treats a person by: their own, or their team's paid plan (one query). */
export async function findEffectiveSubscriptionStatus(
  db: Db,
  userId: string,
): Promise<{ status: string; coveredByTeam: boolean } | undefined> {
  const rows = await db
    .select({ own: user.subscriptionStatus, organizationPlan: organization.plan, payerStatus: payer.subscriptionStatus })
    .from(user)
    .leftJoin(member, eq(member.userId, user.id))
    .leftJoin(organization, eq(organization.id, member.organizationId))
    .leftJoin(payerMember, and(eq(payerMember.organizationId, organization.id), inArray(payerMember.role, ['owner', 'admin'])))
    .leftJoin(payer, eq(payer.id, payerMember.userId))
    .where(eq(user.id, userId));
  const first = rows[0];
  if (!first) return undefined;
  return effectiveSubscriptionStatus({
    own: first.own,
    organizationPlan: first.organizationPlan,
    payerStatuses: rows.map((r) => r.payerStatus),
  });
}
