import type { Logger as HttpLogger } from '../../http';
import { INCLUDED_SEATS, isBillingPeriod, isPaidPlanId } from '../../../shared/billing/plans';
import { AppError } from '../../errors';
import type {
  PaymentProvider,
  ProviderEvent,
  ProviderInvoice,
  ProviderSubscription,
} from '../../payments/payment-provider';
import type { BillingQueries, BillingRepository } from './billing.repository';
import type { CheckoutSessionRow } from './checkout-session.repository';
import { computeEntitlement, computeOrganizationPlan } from './entitlement';
import type { MailMessage } from '../../mail/mailer';
import { purchaseMail } from './purchase-notice';

export type FulfilmentResult = { state: 'complete' | 'pending' | 'ignored' };

type Logger = Pick<HttpLogger, 'warn' | 'error'>;

/**
 * The one path by which payments change what a person has. The Stripe webhook, the test payment
 * page and POST /api/payment-success all arrive here. Every step is idempotent: the provider's
 * current state is re-read and stored, and the person's plan is recomputed from what is stored.
 */
export function createFulfilment(deps: {
  repository: BillingRepository;
  provider: PaymentProvider;
  /** The confirmation e-mail of a completed checkout goes this way (the mail outbox). */
  sendMail?: (message: MailMessage) => Promise<void>;
  publicUrl?: string;
  log?: Logger;
}) {
  const { repository, provider } = deps;

  /**
   * An organization's plan and seats from every purchase made for it, by anyone (0024), under its
   * row lock. `dropToFree` puts it on Free when no purchase is left for it (its payer moved theirs
   * away); otherwise an organization nobody bought anything for is left as it is.
   */
  async function recomputeOrganizationWith(
    q: BillingQueries,
    organizationId: string,
    options: { exceptUserId?: string; dropToFree?: boolean } = {},
  ): Promise<void> {
    await q.lockOrganization(organizationId);
    const [subscriptions, lifetimes] = await Promise.all([
      q.listOrganizationSubscriptions(organizationId),
      q.listOrganizationLifetimes(organizationId, options.exceptUserId),
    ]);
    const counted = subscriptions.filter((s) => s.userId !== options.exceptUserId);
    const plan = computeOrganizationPlan({
      subscriptions: counted.map((s) => ({
        plan: s.plan,
        providerStatus: s.providerStatus,
        seats: s.seats,
        createdAt: s.createdAt,
      })),
      lifetimes: lifetimes.map((l) => ({ plan: l.plan, revoked: l.status !== 'paid' })),
    });
    if (plan) await q.setOrganizationPlan(organizationId, plan.plan, plan.seats, freeUntil(plan.plan, counted));
    else if (options.dropToFree) {
      const org = await q.findOrganization(organizationId);
      if (org && (org.plan === 'standard' || org.plan === 'pro'))
        await q.setOrganizationPlan(organizationId, 'free', INCLUDED_SEATS);
    }
  }

  /**
   * A bought plan still in its free trial keeps the organization's `trialEndsAt` at that trial's
   * end, so the editor can say "Pro trial · N days left" (0151); one charged at once ends any trial
   * that was left. Undefined leaves the stored date alone (Free, or nothing bought).
   */
  function freeUntil(
    plan: string,
    subscriptions: { providerStatus: string; trialEndsAt: Date | null; plan: string }[],
  ) {
    if (plan !== 'standard' && plan !== 'pro') return undefined;
    const trials = subscriptions
      .filter((s) => s.providerStatus === 'trialing' && s.plan === plan && s.trialEndsAt)
      .map((s) => s.trialEndsAt!.getTime());
    return trials.length > 0 ? new Date(Math.max(...trials)) : null;
  }

  /** The buyer's confirmation e-mail; a mail that cannot be recorded never undoes the purchase. */
  async function sendPurchaseMail(checkoutSessionId: string) {
    if (!deps.sendMail || !deps.publicUrl) return;
    try {
      const mail = await purchaseMail(repository, checkoutSessionId, deps.publicUrl);
      if (mail) await deps.sendMail(mail);
    } catch (error) {
      deps.log?.error({ err: error, checkoutSessionId }, 'purchase confirmation e-mail not recorded');
    }
  }

  /** Recomputes the person's status, and the plan of every organization their purchases were for. */
  async function recomputeEntitlement(userId: string): Promise<void> {
    await repository.withUserLocked(userId, async (q) => {
      const [subscriptions, lifetime, revoked] = await Promise.all([
        q.listSubscriptions(userId),
        q.findLifetimePurchase(userId),
        q.findRevokedLifetime(userId),
      ]);
      let lifetimeOrg: string | null = null;
      if (lifetime?.checkoutSessionId)
        lifetimeOrg = (await q.findCheckoutSession(lifetime.checkoutSessionId))?.organizationId ?? null;
      const entitlement = computeEntitlement({
        subscriptions: subscriptions.map((s) => ({
          plan: s.plan,
          providerStatus: s.providerStatus,
          seats: s.seats,
          createdAt: s.createdAt,
          organizationId: s.organizationId,
        })),
        lifetime: lifetime ? { plan: lifetime.plan, organizationId: lifetimeOrg } : null,
        revokedLifetime: revoked ? { organizationId: revoked.organizationId } : null,
      });
      if (entitlement)
        await q.setUserPlan(userId, entitlement.user.subscriptionStatus, entitlement.user.subscriptionPlan);
      // Each organization is decided by everything bought for it, so one person's purchase
      // never lowers what someone else bought for the same team.
      const organizations = new Set(
        [...subscriptions.map((s) => s.organizationId), lifetimeOrg, revoked?.organizationId].filter(
          (id): id is string => !!id,
        ),
      );
      for (const organizationId of organizations) await recomputeOrganizationWith(q, organizationId);
    });
  }

  /** The organization's plan without one person's purchases (their account is being deleted). */
  async function recomputeOrganization(
    organizationId: string,
    options: { exceptUserId?: string; dropToFree?: boolean } = {},
  ) {
    await repository.withOrganizationLocked(organizationId, (q) =>
      recomputeOrganizationWith(q, organizationId, options),
    );
  }

  /**
   * A payer leaves an organization: the subscription or lifetime access they bought for it moves
   * with them to their new organization, and the one they left is recomputed from what others
   * bought for it (Free when nobody did). Returns whether anything moved.
   */
  async function movePurchases(userId: string, fromOrganizationId: string, toOrganizationId: string): Promise<boolean> {
    const moved = await repository.movePurchases(userId, fromOrganizationId, toOrganizationId);
    if (moved === 0) return false;
    await recomputeEntitlement(userId);
    await recomputeOrganization(fromOrganizationId, { dropToFree: true });
    return true;
  }

  /**
   * A refund or dispute takes back what the purchase gave (0024). Lifetime: the payment is marked
   * and the person's status recomputed (lifetime gone). Subscription: it is ended at once at the
   * provider and read back, as any cancellation is, and its payment is marked.
   */
  async function revokePurchase(
    purchase: { lifetimeSessionId?: string | null; subscriptionId?: string | null; paymentId?: string | null },
    reason: 'refunded' | 'disputed',
  ) {
    if (purchase.lifetimeSessionId) {
      const row = await repository.findCheckoutSession(purchase.lifetimeSessionId);
      if (!row || row.kind !== 'lifetime') return false;
      if (!(await repository.setPaymentStatus(`lifetime_${row.id}`, reason))) return false;
      await recomputeEntitlement(row.userId);
      return true;
    }
    if (purchase.subscriptionId) {
      const stored = await repository.findSubscription(purchase.subscriptionId);
      if (!stored) return false;
      if (purchase.paymentId) await repository.setPaymentStatus(purchase.paymentId, reason);
      if (stored.providerStatus !== 'canceled') await provider.cancelSubscription(stored.id, 'now');
      await syncSubscription(stored.id);
      return true;
    }
    return false;
  }

  /**
   * What was bought, from the metadata this app writes on the subscription at checkout and on
   * every in-place change; null when it is missing or not ours to read.
   */
  function termsOf(metadata: Record<string, string>) {
    const { plan, billingPeriod, seats } = metadata;
    if (!isPaidPlanId(plan) || !isBillingPeriod(billingPeriod)) return null;
    return { plan, billingPeriod, seats: Math.max(1, Number.parseInt(seats ?? '1', 10) || 1) };
  }

  /** Whose subscription this is (our stored row, else the checkout, else its metadata) and its current terms. */
  async function ownerOf(sub: ProviderSubscription, session?: CheckoutSessionRow) {
    const terms = termsOf(sub.metadata);
    const stored = await repository.findSubscription(sub.id);
    if (stored) return { ...stored, ...terms };
    if (session) return { ...session, ...terms, checkoutSessionId: session.id };
    const { userId, organizationId } = sub.metadata;
    if (!userId || !terms) return null;
    if (!(await repository.findUser(userId))) return null;
    return { userId, ...terms, organizationId: organizationId || null, checkoutSessionId: null };
  }

  /** Re-reads a subscription from the provider (never trusting an event's copy) and applies it. */
  async function syncSubscription(subscriptionId: string, session?: CheckoutSessionRow): Promise<string | null> {
    // Taken before the read: a handler that read later always wins over this one.
    const readAt = new Date();
    const sub = await provider.retrieveSubscription(subscriptionId);
    const owner = await ownerOf(sub, session);
    if (!owner) {
      deps.log?.warn({ subscriptionId }, 'subscription event for a subscription this app did not create; ignored');
      return null;
    }
    const fresh = await repository.upsertSubscriptionState({
      id: sub.id,
      provider: provider.name,
      userId: owner.userId,
      organizationId: owner.organizationId,
      checkoutSessionId: owner.checkoutSessionId,
      plan: owner.plan,
      billingPeriod: owner.billingPeriod,
      seats: owner.seats,
      providerStatus: sub.status,
      trialEndsAt: sub.trialEnd,
      currentPeriodEnd: sub.currentPeriodEnd,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      canceledAt: sub.canceledAt,
      stateReadAt: readAt,
    });
    if (fresh) await recomputeEntitlement(owner.userId);
    return owner.userId;
  }

  /**
   * Completes a checkout. With `callerUserId` (POST /api/payment-success) the session must be the
   * caller's own, so someone else's session id changes nothing and reveals nothing.
   */
  async function fulfilCheckoutSession(sessionId: string, callerUserId?: string): Promise<FulfilmentResult> {
    const row = await repository.findCheckoutSession(sessionId);
    if (!row || row.provider !== provider.name || (callerUserId !== undefined && row.userId !== callerUserId)) {
      if (callerUserId !== undefined) {
        throw new AppError(
          'NOT_FOUND',
          'We could not find that payment session. If you were charged, please contact support.',
        );
      }
      return { state: 'ignored' };
    }
    const session = await provider.retrieveCheckoutSession(sessionId);
    if (session.status === 'expired') {
      await repository.markCheckoutSession(row.id, 'expired', null);
      return { state: 'pending' };
    }
    if (session.status !== 'complete') return { state: 'pending' };

    if (row.kind === 'lifetime') {
      // An async method (bank debit) can complete the session before the money arrives.
      if (session.paymentStatus !== 'paid') return { state: 'pending' };
      await repository.upsertPayment({
        id: `lifetime_${row.id}`,
        provider: provider.name,
        userId: row.userId,
        checkoutSessionId: row.id,
        kind: 'lifetime',
        plan: row.plan,
        amount: session.amountTotal ?? row.amount,
        currency: session.currency ?? row.currency,
        status: 'paid',
        description: 'Lifetime access (one-time payment)',
      });
      const first = await repository.markCheckoutSession(row.id, 'completed', null);
      await recomputeEntitlement(row.userId);
      if (first) await sendPurchaseMail(row.id);
      return { state: 'complete' };
    }

    if (!session.subscriptionId) return { state: 'pending' };
    await syncSubscription(session.subscriptionId, row);
    if (await repository.markCheckoutSession(row.id, 'completed', session.subscriptionId))
      await sendPurchaseMail(row.id);
    return { state: 'complete' };
  }

  async function recordInvoice(invoice: ProviderInvoice): Promise<void> {
    if (!invoice.subscriptionId) return;
    // Re-reading first also covers an invoice that arrives before its subscription's events.
    const userId = await syncSubscription(invoice.subscriptionId);
    const stored = userId ? await repository.findSubscription(invoice.subscriptionId) : undefined;
    if (!userId || !stored) return;
    await repository.upsertPayment({
      id: invoice.id,
      provider: provider.name,
      userId,
      subscriptionId: invoice.subscriptionId,
      checkoutSessionId: stored.checkoutSessionId,
      kind: 'subscription',
      plan: stored.plan,
      amount: invoice.amount,
      currency: invoice.currency,
      status: invoice.status,
      description: invoice.description,
      invoiceUrl: invoice.url,
    });
  }

  /** Applies a provider event at most once (by event id); a failed attempt is released for the retry. */
  async function applyEvent(event: ProviderEvent): Promise<{ applied: boolean }> {
    if (!(await repository.claimEvent(event.id, provider.name, event.type))) return { applied: false };
    try {
      switch (event.subject.kind) {
        case 'checkout_session':
          await fulfilCheckoutSession(event.subject.id);
          break;
        case 'subscription':
          await syncSubscription(event.subject.id);
          break;
        case 'invoice':
          await recordInvoice(event.subject.invoice);
          break;
        case 'charge': {
          const { reason } = event.subject;
          const found = await provider.findChargedPurchase(event.subject);
          // A partial refund is a credit, not a refund of the purchase: it takes nothing away.
          if (!found || (reason === 'refunded' && !found.fullyRefunded)) break;
          await revokePurchase(
            {
              lifetimeSessionId: found.lifetimeSessionId,
              subscriptionId: found.subscriptionId,
              paymentId: found.invoiceId,
            },
            reason,
          );
          break;
        }
        case 'ignored':
          break;
      }
    } catch (error) {
      await repository.releaseEvent(event.id);
      throw error;
    }
    await repository.finishEvent(event.id);
    return { applied: true };
  }

  return {
    applyEvent,
    fulfilCheckoutSession,
    syncSubscription,
    recomputeEntitlement,
    recomputeOrganization,
    movePurchases,
    revokePurchase,
  };
}
export type Fulfilment = ReturnType<typeof createFulfilment>;
