/**
 * When the time already paid for ends: the trial's end while the subscription is in its trial,
 * else the current period's end. A cancellation takes effect then; nothing is charged before it.
 * Works on stored rows (Date) and on API answers (ISO strings) alike.
 */
export function paidUntil<T>(sub: {
  providerStatus: string;
  trialEndsAt: T | null;
  currentPeriodEnd: T | null;
}): T | null {
  return sub.providerStatus === 'trialing' ? (sub.trialEndsAt ?? sub.currentPeriodEnd) : sub.currentPeriodEnd;
}
