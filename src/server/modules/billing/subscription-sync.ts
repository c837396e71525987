import type { Logger as HttpLogger } from '../../http';
import { isBillingPeriod, isPaidPlanId } from '../../../shared/billing/plans';
import type { PaymentProvider, ProviderSubscription } from '../../payments/payment-provider';
import type { BillingRepository } from './billing.repository';
import type { CheckoutSessionRow } from './checkout-session.repository';
import type { PlanRecompute } from './plan-recompute';

/** Stores a subscription as the payment provider reports it now, and recomputes what its owner has. */
export function createSubscriptionSync(deps: {
  repository: BillingRepository;
  provider: PaymentProvider;
  recompute: PlanRecompute;
  log?: Pick<HttpLogger, 'warn'>;
}) {
  const { repository, provider } = deps;

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
    if (fresh) await deps.recompute.recomputeEntitlement(owner.userId);
    return owner.userId;
  }

  return syncSubscription;
}
