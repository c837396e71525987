import type { BillingPeriod, PlanId } from '../../../shared/billing/plans';
import { choosePlan, FREE_PLAN_REDIRECT_MS, selectFreePlan } from '../../components/pricing/plan-choice';

const goTo = (to: string) => window.location.assign(to);

/**
 * A plan card on the landing page does what it does on /pricing (choosePlan), with full page
 * loads: the landing page runs without the app's router. A failed Free activation is thrown on.
 */
export function choosePlanFromLanding(planId: PlanId, period: BillingPeriod, signedIn: boolean): Promise<void> {
  return choosePlan(planId, period, signedIn, goTo, async () => {
    await selectFreePlan();
    setTimeout(() => goTo('/editor'), FREE_PLAN_REDIRECT_MS);
  });
}
