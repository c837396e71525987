import type { BillingPeriod, PlanId } from '../../../shared/billing/plans';
import { callPublic } from '../../api/public';
import { errorMessage } from '../../lib/api';
import { openAuthDialog } from '../auth-dialog/auth-dialog-store';
import { toast } from '../../lib/toast-store';

/** Spec section 9: the free plan activation goes to the editor 100 ms after it succeeds. */
export const FREE_PLAN_REDIRECT_MS = 100;

export const checkoutPath = (planId: PlanId, period: BillingPeriod) => `/checkout?plan=${planId}&billing=${period}`;

/**
 * What choosing a plan card does, on /pricing and on the landing page alike: a visitor is asked to
 * sign up first (then goes on to checkout, or to the editor for Free); a signed-in person goes to
 * checkout with the chosen billing period, or has the Free plan activated (`activateFree`, which
 * then goes on to the editor). `navigate` is the router's in the app, a full page load on the
 * router-free landing page.
 */
export async function choosePlan(
  planId: PlanId,
  period: BillingPeriod,
  signedIn: boolean,
  navigate: (to: string) => void,
  activateFree: () => void | Promise<void>,
): Promise<void> {
  if (!signedIn)
    openAuthDialog('signup', {
      redirectTo: planId === 'free' ? '/editor' : checkoutPath(planId, period),
      plan: { planId, period },
    });
  else if (planId === 'free') await activateFree();
  else navigate(checkoutPath(planId, period));
}

/** POST /api/select-free-plan; a failure shows the spec's toast and is thrown on. */
export async function selectFreePlan(): Promise<void> {
  try {
    await callPublic('selectFreePlan');
  } catch (error) {
    toast({
      title: 'Failed to activate free plan',
      description: errorMessage(error, 'Please try again later.'),
      variant: 'destructive',
    });
    throw error;
  }
}
