import { formatUsd } from './checkout-quote';
import { daysUntil } from '../duration';

/**
 * What a purchase did, in the words the success page shows and the confirmation e-mail sends
 * (docs/decisions/0151-buying-during-the-trial.md): a trial names its first charge and its date,
 * never "Payment successful!" for $0.
 */
export type PurchaseFacts = {
  kind: 'subscription' | 'lifetime';
  planName: string;
  /** Cents: the lifetime price, or what each period of the subscription costs. */
  amount: number;
  /** The subscription's free trial ends (and its first charge comes) then; null when charged at once. */
  trialEndsAt: Date | null;
  /** The next charge of a subscription charged at once. */
  nextChargeAt: Date | null;
};

/** "4 Dec 2026": day, short month, year, read the same way everywhere (UTC, as the trial's end is stored). */
export function shortDate(date: Date | string): string {
  return new Date(date).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export function describePurchase(p: PurchaseFacts, now = new Date()): { heading: string; message: string } {
  if (p.kind === 'lifetime') {
    return {
      heading: 'Payment successful!',
      message: `You have lifetime access to ${p.planName}: ${formatUsd(p.amount)} paid once, with no renewals.`,
    };
  }
  if (p.trialEndsAt && p.trialEndsAt.getTime() > now.getTime()) {
    return {
      heading: `Your ${p.planName} trial has started`,
      message:
        `Your ${daysUntil(p.trialEndsAt, now)}-day ${p.planName} trial has started. ` +
        `First charge ${formatUsd(p.amount)} on ${shortDate(p.trialEndsAt)}; cancel any time in Plan & Billing.`,
    };
  }
  const next = p.nextChargeAt ? `; next charge on ${shortDate(p.nextChargeAt)}` : '';
  return {
    heading: 'Payment successful!',
    message: `Your ${p.planName} plan is active: ${formatUsd(p.amount)} charged today${next}; cancel any time in Plan & Billing.`,
  };
}
