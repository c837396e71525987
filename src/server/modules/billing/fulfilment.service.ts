import type { Logger as HttpLogger } from '../../http';
import type { PaymentProvider, ProviderEvent, ProviderInvoice } from '../../payments/payment-provider';
import type { BillingRepository } from './billing.repository';
import { createPlanRecompute } from './plan-recompute';
import { createSubscriptionSync } from './subscription-sync';
import { createCheckoutCompletion } from './checkout-completion';
import type { MailMessage } from '../../mail/mailer';

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
  const recompute = createPlanRecompute(repository);
  const { recomputeEntitlement, recomputeOrganization, movePurchases } = recompute;
  const syncSubscription = createSubscriptionSync({ repository, provider, recompute, log: deps.log });
  const fulfilCheckoutSession = createCheckoutCompletion({ ...deps, recompute, syncSubscription });

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
