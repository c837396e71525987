import { getPlan, isPaidPlanId } from '../../../shared/billing/plans';
import { describePurchase } from '../../../shared/billing/purchase-words';
import type { MailMessage } from '../../mail/mailer';
import { purchaseMessage } from '../../mail/templates/billing-messages';
import type { BillingRepository } from './billing.repository';
import type { CheckoutSessionRow } from './checkout-session.repository';

/**
 * The words of a completed checkout (decision 0151): from the checkout as stored and the
 * subscription as last read from the provider, so the success page and the e-mail say the same.
 */
export async function describeCheckout(
  repository: Pick<BillingRepository, 'findSubscription'>,
  row: CheckoutSessionRow,
  now = new Date(),
): Promise<{ heading: string; message: string }> {
  const planName = isPaidPlanId(row.plan) ? getPlan(row.plan).name : 'SignaturePro';
  const sub = row.subscriptionId ? await repository.findSubscription(row.subscriptionId) : undefined;
  const trialing = sub?.providerStatus === 'trialing';
  return describePurchase(
    {
      kind: row.kind === 'lifetime' ? 'lifetime' : 'subscription',
      planName,
      amount: row.amount,
      trialEndsAt: trialing ? (sub.trialEndsAt ?? null) : null,
      nextChargeAt: trialing ? null : (sub?.currentPeriodEnd ?? null),
    },
    now,
  );
}

/** The confirmation e-mail to the buyer; sent once, when the checkout is first marked completed. */
export async function purchaseMail(
  repository: Pick<BillingRepository, 'findSubscription' | 'findUser' | 'findCheckoutSession'>,
  checkoutSessionId: string,
  publicUrl: string,
): Promise<MailMessage | null> {
  const row = await repository.findCheckoutSession(checkoutSessionId);
  const buyer = row ? await repository.findUser(row.userId) : undefined;
  if (!row || !buyer) return null;
  const words = await describeCheckout(repository, row);
  return purchaseMessage({ to: buyer.email, name: buyer.name, ...words, publicUrl });
}
