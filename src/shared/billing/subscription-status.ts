/**
 * The values user.subscriptionStatus takes. Only active and lifetime pay (see watermark.ts);
 * docs/decisions/0020-billing-statuses-and-plans.md says what each one means for the person.
 */
export const SUBSCRIPTION_STATUSES = ['none', 'free', 'active', 'lifetime', 'past_due', 'paused', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  none: 'No plan chosen',
  free: 'Free',
  active: 'Active',
  lifetime: 'Lifetime access',
  past_due: 'Payment past due',
  paused: 'Paused: add a payment method',
  canceled: 'Canceled',
};

export function isSubscriptionStatus(value: string | null | undefined): value is SubscriptionStatus {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(value ?? '');
}

/** The words to show for any stored status, including ones this build does not know yet. */
export function describeSubscriptionStatus(value: string | null | undefined): string {
  return isSubscriptionStatus(value) ? SUBSCRIPTION_STATUS_LABELS[value] : 'Free';
}
