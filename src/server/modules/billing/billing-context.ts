import type { Logger as HttpLogger } from '../../http';
import type { EffectiveStatus } from '../../../shared/billing/team-entitlement';
import { paidUntil } from '../../../shared/billing/paid-until';
import { trialRunning } from '../../../shared/billing/plan-features';
import { HOUR_MS } from '../../../shared/duration';
import { AppError, unauthenticated } from '../../errors';
import type { PaymentProvider } from '../../payments/payment-provider';
import type { Analytics } from '../analytics/analytics.service';
import type { BillingRepository } from './billing.repository';
import type { SubscriptionRow } from './subscription.repository';
import { LIVE_PROVIDER_STATUSES } from './entitlement';
import type { Fulfilment } from './fulfilment.service';

/** Stripe Checkout refuses a trial_end under 48 hours ahead. */
export const STRIPE_MIN_TRIAL_MS = 49 * HOUR_MS;

const providerUnavailable = () =>
  new AppError('UNAVAILABLE', 'We could not reach the payment provider. Please try again in a minute.');

/** Provider calls fail in the provider's words; the person gets ours, the log keeps theirs. */
export async function callProvider<T>(log: Logger | undefined, what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof AppError) throw error;
    log?.error({ err: error }, `payment provider: ${what} failed`);
    throw providerUnavailable();
  }
}

export type Logger = Pick<HttpLogger, 'error' | 'warn'>;

/** What the three billing services share: the repository, the provider, one fulfilment, the log. */
export type BillingDeps = {
  repository: BillingRepository;
  provider: PaymentProvider;
  fulfilment: Fulfilment;
  analytics: Analytics;
  publicUrl: string;
  /** Seats an organization fills now; a change to fewer seats than that is refused. */
  seatsInUse?: (organizationId: string) => Promise<number>;
  /** The status the product treats a person by (own, or a seat on the team's plan). */
  effectiveStatus?: (userId: string) => Promise<EffectiveStatus | undefined>;
  log?: Logger;
};

/**
 * The checks and reads the three billing services share (decision 0107): billing.module.ts builds one
 * and hands it to the status, checkout and plan-management services.
 */
export function createBillingContext(deps: BillingDeps) {
  const { repository, provider, fulfilment, log } = deps;

  async function requireUser(userId: string) {
    const user = await repository.findUser(userId);
    if (!user) throw unauthenticated();
    return user;
  }

  async function hasLivePlan(userId: string, status: string): Promise<boolean> {
    if (status === 'lifetime') return true;
    return !!(await repository.findLiveSubscription(userId, LIVE_PROVIDER_STATUSES));
  }

  /** The subscription the person pays for now, made through the provider this server uses. */
  async function requireLiveSubscription(userId: string): Promise<SubscriptionRow> {
    const live = await repository.findLiveSubscription(userId, LIVE_PROVIDER_STATUSES);
    if (!live)
      throw new AppError('NOT_FOUND', 'You have no subscription to manage. Choose a plan on the pricing page first.');
    if (live.provider !== provider.name) {
      throw new AppError(
        'CONFLICT',
        'Your subscription was made with a payment provider this server no longer uses. Please contact support to change it.',
      );
    }
    return live;
  }

  /** After a change at the provider, its current state is read back through the one fulfilment path. */
  const syncAfter = (subscriptionId: string) =>
    callProvider(log, 'subscription re-read', () => fulfilment.syncSubscription(subscriptionId));

  const endDate = (sub: SubscriptionRow) => {
    const end = paidUntil(sub);
    return end
      ? end.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
      : 'the end of the period';
  };

  /**
   * When a subscription bought now would first be charged (decision 0151): the end of the
   * organization's running 7-day trial, so buying during it starts no second trial. Null (charged
   * at once) after the trial, and once the person or the organization has had a subscription.
   */
  async function checkoutTrialEnd(userId: string, now = new Date()): Promise<Date | null> {
    const membership = await repository.findPrimaryMembership(userId);
    const org = membership ? await repository.findOrganization(membership.organizationId) : undefined;
    if (!org?.trialEndsAt || !trialRunning(org, now)) return null;
    const buysFor = membership!.role === 'owner' || membership!.role === 'admin' ? membership!.organizationId : null;
    if (await repository.hasHadSubscription(userId, buysFor)) return null;
    // Stripe Checkout wants a trial_end at least 48 hours ahead: in a trial's last two days the
    // first charge waits that long instead (an hour's margin for the clocks).
    return new Date(Math.max(org.trialEndsAt.getTime(), now.getTime() + STRIPE_MIN_TRIAL_MS));
  }

  return { requireUser, hasLivePlan, requireLiveSubscription, syncAfter, endDate, checkoutTrialEnd };
}
export type BillingContext = ReturnType<typeof createBillingContext>;
