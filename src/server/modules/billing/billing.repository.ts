import { and, asc, desc, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { member, organization, user } from '../../db/schema/auth.schema';
import {
  billingCustomer,
  billingPayment,
  billingSubscription,
  checkoutSession,
  processedWebhookEvent,
} from '../../db/schema/billing.schema';
import { INCLUDED_SEATS } from '../../../shared/billing/plans';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

export type CheckoutSessionRow = typeof checkoutSession.$inferSelect;
export type SubscriptionRow = typeof billingSubscription.$inferSelect;
export type NewSubscriptionRow = typeof billingSubscription.$inferInsert;
export type PaymentRow = typeof billingPayment.$inferSelect;

/** Claims older than this are taken to belong to a handler that died, and may be claimed again. */
const STALE_CLAIM = sql`interval '10 minutes'`;

function queries(db: Executor) {
  return {
    async findUser(userId: string) {
      const [row] = await db.select().from(user).where(eq(user.id, userId)).limit(1);
      return row;
    },

    /** The organization the user works in (oldest membership) and their role there. */
    async findPrimaryMembership(userId: string) {
      const [row] = await db
        .select({ organizationId: member.organizationId, role: member.role })
        .from(member)
        .where(eq(member.userId, userId))
        .orderBy(asc(member.createdAt))
        .limit(1);
      return row;
    },

    async setUserPlan(userId: string, subscriptionStatus: string, subscriptionPlan: string | null) {
      await db.update(user).set({ subscriptionStatus, subscriptionPlan }).where(eq(user.id, userId));
    },

    /** `trialEndsAt`, when given, is when the organization's free days end (its trial, or a bought plan's trial: 0151). */
    async setOrganizationPlan(organizationId: string, plan: string, seats: number, trialEndsAt?: Date | null) {
      await db
        .update(organization)
        .set(trialEndsAt === undefined ? { plan, seats } : { plan, seats, trialEndsAt })
        .where(eq(organization.id, organizationId));
    },

    /** TEST MODE's "End trial now": the organization's free days end at `at`. */
    async setOrganizationTrialEnd(organizationId: string, at: Date) {
      await db.update(organization).set({ trialEndsAt: at }).where(eq(organization.id, organizationId));
    },

    /** Organizations whose 7-day trial ran out with nothing bought drop to Free with one seat. */
    async endExpiredOrganizationTrials(now: Date): Promise<number> {
      const rows = await db
        .update(organization)
        .set({ plan: 'free', seats: INCLUDED_SEATS })
        .where(and(eq(organization.plan, 'trial'), lte(organization.trialEndsAt, now)))
        .returning({ id: organization.id });
      return rows.length;
    },

    async findCustomerId(userId: string, provider: string): Promise<string | undefined> {
      const [row] = await db
        .select({ customerId: billingCustomer.customerId })
        .from(billingCustomer)
        .where(and(eq(billingCustomer.userId, userId), eq(billingCustomer.provider, provider)))
        .limit(1);
      return row?.customerId;
    },

    /** Keeps the first customer saved for the user; a racing second one is dropped. */
    async saveCustomerId(userId: string, provider: string, customerId: string): Promise<string> {
      await db.insert(billingCustomer).values({ userId, provider, customerId }).onConflictDoNothing();
      const [row] = await db.select().from(billingCustomer).where(eq(billingCustomer.userId, userId)).limit(1);
      return row?.provider === provider ? row.customerId : customerId;
    },

    async insertCheckoutSession(row: typeof checkoutSession.$inferInsert) {
      await db.insert(checkoutSession).values(row);
    },

    async findCheckoutSession(id: string): Promise<CheckoutSessionRow | undefined> {
      const [row] = await db.select().from(checkoutSession).where(eq(checkoutSession.id, id)).limit(1);
      return row;
    },

    /** True for the one call that moved the session out of `open` (what happens once per checkout hangs on it). */
    async markCheckoutSession(
      id: string,
      status: 'completed' | 'expired',
      subscriptionId: string | null,
    ): Promise<boolean> {
      const rows = await db
        .update(checkoutSession)
        .set({ status, subscriptionId, completedAt: status === 'completed' ? new Date() : null })
        .where(and(eq(checkoutSession.id, id), eq(checkoutSession.status, 'open')))
        .returning({ id: checkoutSession.id });
      return rows.length > 0;
    },

    async findSubscription(id: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db.select().from(billingSubscription).where(eq(billingSubscription.id, id)).limit(1);
      return row;
    },

    async listSubscriptions(userId: string): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(billingSubscription)
        .where(eq(billingSubscription.userId, userId))
        .orderBy(desc(billingSubscription.createdAt));
    },

    async findLiveSubscription(userId: string, liveStatuses: readonly string[]): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(billingSubscription)
        .where(
          and(eq(billingSubscription.userId, userId), inArray(billingSubscription.providerStatus, [...liveStatuses])),
        )
        .limit(1);
      return row;
    },

    /**
     * Stores the provider's state unless a fresher read is already stored. Returns false when this
     * read was older, so the caller knows its view is stale and changes nothing else.
     */
    async upsertSubscriptionState(row: NewSubscriptionRow): Promise<boolean> {
      const rows = await db
        .insert(billingSubscription)
        .values(row)
        .onConflictDoUpdate({
          target: billingSubscription.id,
          set: {
            // Plan, period and seats follow in-place changes; who owns it never changes.
            plan: row.plan,
            billingPeriod: row.billingPeriod,
            seats: row.seats,
            providerStatus: row.providerStatus,
            trialEndsAt: row.trialEndsAt ?? null,
            currentPeriodEnd: row.currentPeriodEnd ?? null,
            cancelAtPeriodEnd: row.cancelAtPeriodEnd ?? false,
            canceledAt: row.canceledAt ?? null,
            stateReadAt: row.stateReadAt,
          },
          setWhere: sql`${billingSubscription.stateReadAt} < excluded.state_read_at`,
        })
        .returning({ id: billingSubscription.id });
      return rows.length > 0;
    },

    /** Serialises recomputing an organization's plan from its purchases. */
    async lockOrganization(organizationId: string) {
      await db
        .select({ id: organization.id })
        .from(organization)
        .where(eq(organization.id, organizationId))
        .for('update');
    },

    async findOrganization(organizationId: string) {
      const [row] = await db.select().from(organization).where(eq(organization.id, organizationId)).limit(1);
      return row;
    },

    /** Every subscription anyone bought for the organization, in any state. */
    async listOrganizationSubscriptions(organizationId: string): Promise<SubscriptionRow[]> {
      return db.select().from(billingSubscription).where(eq(billingSubscription.organizationId, organizationId));
    },

    /** Lifetime purchases made for the organization, paid or taken back (refunded, disputed). */
    async listOrganizationLifetimes(organizationId: string, exceptUserId?: string) {
      const rows = await db
        .select({ plan: billingPayment.plan, status: billingPayment.status, userId: billingPayment.userId })
        .from(billingPayment)
        .innerJoin(checkoutSession, eq(checkoutSession.id, billingPayment.checkoutSessionId))
        .where(and(eq(checkoutSession.organizationId, organizationId), eq(billingPayment.kind, 'lifetime')));
      return rows.filter((r) => r.userId !== exceptUserId && r.status !== 'pending' && r.status !== 'failed');
    },

    /** A lifetime purchase that was refunded or disputed, with the organization it was for. */
    async findRevokedLifetime(userId: string) {
      const [row] = await db
        .select({ organizationId: checkoutSession.organizationId })
        .from(billingPayment)
        .leftJoin(checkoutSession, eq(checkoutSession.id, billingPayment.checkoutSessionId))
        .where(
          and(
            eq(billingPayment.userId, userId),
            eq(billingPayment.kind, 'lifetime'),
            inArray(billingPayment.status, ['refunded', 'disputed']),
          ),
        )
        .limit(1);
      return row;
    },

    /** A refund or dispute takes a payment back, whatever its status was. */
    async setPaymentStatus(id: string, status: 'refunded' | 'disputed') {
      const rows = await db
        .update(billingPayment)
        .set({ status })
        .where(eq(billingPayment.id, id))
        .returning({ id: billingPayment.id });
      return rows.length > 0;
    },

    /** The latest payment recorded for a subscription (the one a test refund gives back). */
    async findLatestSubscriptionPayment(subscriptionId: string) {
      const [row] = await db
        .select()
        .from(billingPayment)
        .where(and(eq(billingPayment.subscriptionId, subscriptionId), eq(billingPayment.status, 'paid')))
        .orderBy(desc(billingPayment.createdAt))
        .limit(1);
      return row;
    },

    /** True when the person, or the organization a purchase would be for, already had a subscription (and so its trial). */
    async hasHadSubscription(userId: string, organizationId: string | null): Promise<boolean> {
      const [row] = await db
        .select({ id: billingSubscription.id })
        .from(billingSubscription)
        .where(
          or(
            eq(billingSubscription.userId, userId),
            organizationId ? eq(billingSubscription.organizationId, organizationId) : undefined,
            // A subscription checkout completed but not read back yet still used the trial.
          ),
        )
        .limit(1);
      if (row) return true;
      const [session] = await db
        .select({ id: checkoutSession.id })
        .from(checkoutSession)
        .where(
          and(
            eq(checkoutSession.kind, 'subscription'),
            eq(checkoutSession.status, 'completed'),
            or(
              eq(checkoutSession.userId, userId),
              organizationId ? eq(checkoutSession.organizationId, organizationId) : undefined,
            ),
          ),
        )
        .limit(1);
      return !!session;
    },

    /** A payer who leaves an organization takes the purchases they made for it along (0024). */
    async movePurchases(userId: string, fromOrganizationId: string, toOrganizationId: string): Promise<number> {
      const subs = await db
        .update(billingSubscription)
        .set({ organizationId: toOrganizationId })
        .where(and(eq(billingSubscription.userId, userId), eq(billingSubscription.organizationId, fromOrganizationId)))
        .returning({ id: billingSubscription.id });
      const sessions = await db
        .update(checkoutSession)
        .set({ organizationId: toOrganizationId })
        .where(
          and(
            eq(checkoutSession.userId, userId),
            eq(checkoutSession.organizationId, fromOrganizationId),
            isNotNull(checkoutSession.completedAt),
          ),
        )
        .returning({ id: checkoutSession.id });
      return subs.length + sessions.length;
    },

    async findLifetimePurchase(userId: string) {
      const [row] = await db
        .select({ plan: billingPayment.plan, checkoutSessionId: billingPayment.checkoutSessionId })
        .from(billingPayment)
        .where(
          and(
            eq(billingPayment.userId, userId),
            eq(billingPayment.kind, 'lifetime'),
            eq(billingPayment.status, 'paid'),
          ),
        )
        .orderBy(asc(billingPayment.createdAt))
        .limit(1);
      return row;
    },

    /**
     * Records a payment once; a later event may move pending/failed to paid, never paid back to
     * failed, and never a refunded or disputed payment back to paid.
     */
    async upsertPayment(row: typeof billingPayment.$inferInsert) {
      await db
        .insert(billingPayment)
        .values(row)
        .onConflictDoUpdate({
          target: billingPayment.id,
          set: { status: row.status, amount: row.amount, invoiceUrl: row.invoiceUrl ?? null },
          setWhere: sql`${billingPayment.status} in ('pending', 'failed')`,
        });
    },

    async listPayments(userId: string, limit = 24): Promise<PaymentRow[]> {
      return db
        .select()
        .from(billingPayment)
        .where(eq(billingPayment.userId, userId))
        .orderBy(desc(billingPayment.createdAt))
        .limit(limit);
    },

    /** Takes an event for this handler; false when it is already applied or another handler holds it. */
    async claimEvent(id: string, provider: string, type: string): Promise<boolean> {
      const rows = await db
        .insert(processedWebhookEvent)
        .values({ id, provider, type })
        .onConflictDoUpdate({
          target: processedWebhookEvent.id,
          set: { claimedAt: sql`now()` },
          setWhere: sql`${processedWebhookEvent.status} = 'processing' and ${processedWebhookEvent.claimedAt} < now() - ${STALE_CLAIM}`,
        })
        .returning({ id: processedWebhookEvent.id });
      return rows.length > 0;
    },

    async finishEvent(id: string) {
      await db
        .update(processedWebhookEvent)
        .set({ status: 'done', processedAt: new Date() })
        .where(eq(processedWebhookEvent.id, id));
    },

    /** The handler failed: let the provider's retry apply the event. */
    async releaseEvent(id: string) {
      await db
        .delete(processedWebhookEvent)
        .where(and(eq(processedWebhookEvent.id, id), eq(processedWebhookEvent.status, 'processing')));
    },
  };
}
export type BillingQueries = ReturnType<typeof queries>;

export function createBillingRepository(db: Db) {
  return {
    ...queries(db),
    /**
     * Runs `fn` holding the user's row lock, so that two handlers recomputing the same person's
     * plan take turns and the last one reads everything the first wrote.
     */
    async withUserLocked<T>(userId: string, fn: (q: BillingQueries) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
        return fn(queries(tx));
      });
    },
    async withOrganizationLocked<T>(organizationId: string, fn: (q: BillingQueries) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx
          .select({ id: organization.id })
          .from(organization)
          .where(eq(organization.id, organizationId))
          .for('update');
        return fn(queries(tx));
      });
    },
  };
}
export type BillingRepository = ReturnType<typeof createBillingRepository>;
