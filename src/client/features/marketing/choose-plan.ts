import type { BillingPeriod, PlanId } from '../../../shared/billing/plans';
import { openAuthDialog } from '../../components/auth-dialog/auth-dialog-store';
import { toast } from '../../components/ui/toast-store';
import { api, errorMessage } from '../../lib/api';

/** Spec section 9: the free plan activation goes to the editor 100 ms after it succeeds. */
const FREE_PLAN_REDIRECT_MS = 100;

export const checkoutPath = (planId: PlanId, period: BillingPeriod) => `/checkout?plan=${planId}&billing=${period}`;

/**
 * What a plan card on the landing page does, as on /pricing: a visitor is asked to sign up first
 * (then goes on to checkout, or to the editor for Free); a signed-in person goes to checkout, or
 * has the Free plan activated. Full page loads: the landing page runs without the app's router.
 */
export async function choosePlanFromLanding(planId: PlanId, period: BillingPeriod, signedIn: boolean): Promise<void> {
  if (!signedIn) {
    openAuthDialog('signup', { redirectTo: planId === 'free' ? '/editor' : checkoutPath(planId, period) });
    return;
  }
  if (planId !== 'free') {
    window.location.assign(checkoutPath(planId, period));
    return;
  }
  try {
    await api.post('/api/select-free-plan', {});
    setTimeout(() => window.location.assign('/editor'), FREE_PLAN_REDIRECT_MS);
  } catch (error) {
    toast({ title: 'Failed to activate free plan', description: errorMessage(error, 'Please try again later.'), variant: 'destructive' });
    throw error;
  }
}
