import type { Logger as HttpLogger } from '../../http';
import { AppError } from '../../errors';
import type { PaymentProvider } from '../../payments/payment-provider';
import type { MailMessage } from '../../mail/mailer';
import type { BillingRepository } from './billing.repository';
import type { CheckoutSessionRow } from './checkout-session.repository';
import type { PlanRecompute } from './plan-recompute';
import { purchaseMail } from './purchase-notice';

export type FulfilmentResult = { state: 'complete' | 'pending' | 'ignored' };

/** Completes a checkout once: records what was paid, recomputes the buyer's plan, mails the receipt. */
export function createCheckoutCompletion(deps: {
  repository: BillingRepository;
  provider: PaymentProvider;
  recompute: PlanRecompute;
  syncSubscription: (subscriptionId: string, session: CheckoutSessionRow) => Promise<string | null>;
  sendMail?: (message: MailMessage) => Promise<void>;
  publicUrl?: string;
  log?: Pick<HttpLogger, 'error'>;
}) {
  const { repository, provider, syncSubscription } = deps;
  const { recomputeEntitlement } = deps.recompute;

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

  return fulfilCheckoutSession;
}
