import type { BillingOverview } from '../../../shared/billing/billing-types';
import { AppError } from '../../errors';
import type { PaymentProvider } from '../../payments/payment-provider';
import type { TestPaymentProvider } from '../../payments/test-payment-provider';
import type { BillingMaintenance } from './billing-maintenance';
import type { BillingRepository } from './billing.repository';

/**
 * True while an organization's free days run: its own 7-day trial, or the trial of a plan bought
 * during it (0151). What "End trial now (test mode)" can end.
 */
export function freeDaysRunning(org: { plan: string; trialEndsAt: Date | null }, now = new Date()): boolean {
  return (
    ['trial', 'standard', 'pro'].includes(org.plan) && !!org.trialEndsAt && org.trialEndsAt.getTime() > now.getTime()
  );
}

/**
 * "End trial now (test mode)" (docs/decisions/0154): as Stripe's test clocks let a test account skip
 * ahead, the owner ends the organization's trial at once and sees what happens at its end: Free with
 * nothing bought, or the first charge of a plan bought during it. TEST MODE payments only.
 */
export function createTestTrialService(deps: {
  repository: BillingRepository;
  provider: PaymentProvider;
  testProvider: TestPaymentProvider | null;
  maintenance: BillingMaintenance;
  getOverview: (userId: string) => Promise<BillingOverview>;
}) {
  const { repository, testProvider } = deps;
  return {
    async endTrialNow(userId: string, now = new Date()): Promise<BillingOverview> {
      if (deps.provider.name !== 'test' || !testProvider) {
        throw new AppError(
          'NOT_FOUND',
          'Ending a trial early exists only with TEST MODE payments. With Stripe, a trial ends on its date.',
        );
      }
      const membership = await repository.findPrimaryMembership(userId);
      if (membership?.role !== 'owner')
        throw new AppError('FORBIDDEN', "Only the organization's owner can end its trial.");
      const org = await repository.findOrganization(membership.organizationId);
      if (!org || !freeDaysRunning(org, now))
        throw new AppError('CONFLICT', 'Your organization has no trial running, so there is nothing to end.');

      await repository.setOrganizationTrialEnd(org.id, now);
      // A plan bought during the trial starts being charged now, as it would at the trial's end.
      for (const sub of await repository.listOrganizationSubscriptions(org.id)) {
        if (sub.provider === 'test' && sub.providerStatus === 'trialing')
          await testProvider.updateSubscription(sub.id, {
            trialEnd: now.toISOString(),
            currentPeriodEnd: now.toISOString(),
          });
      }
      // The pass that ends trials and charges due subscriptions; when another process is in one,
      // the next pass (minutes) stores it, and every read already treats the trial as over.
      await deps.maintenance.run(now);
      return deps.getOverview(userId);
    },
  };
}
export type TestTrialService = ReturnType<typeof createTestTrialService>;
