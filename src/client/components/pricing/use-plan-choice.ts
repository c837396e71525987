import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { BillingPeriod, PlanId } from '../../../shared/billing/plans';
import { api, errorMessage } from '../../lib/api';
import { ME_QUERY_KEY, useSession } from '../../lib/session';
import { openAuthDialog } from '../auth-dialog/auth-dialog-store';
import { toast } from '../ui/toast-store';

/** Spec section 9: the free plan activation redirects 100 ms after it succeeds. */
export const FREE_PLAN_REDIRECT_MS = 100;

export type FreePlanActivation = 'idle' | 'activating';

export const checkoutPath = (planId: PlanId, period: BillingPeriod) => `/checkout?plan=${planId}&billing=${period}`;

/**
 * Runs POST /api/select-free-plan, refreshes /api/auth/me, then goes to the editor after 100 ms.
 * `navigate` is passed in so the router-free landing page can use full page loads.
 */
export function useFreePlanActivation(navigate: (to: string) => void) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<FreePlanActivation>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const activate = async () => {
    if (state === 'activating') return;
    setState('activating');
    try {
      await api.post('/api/select-free-plan', {});
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      timer.current = setTimeout(() => navigate('/editor'), FREE_PLAN_REDIRECT_MS);
    } catch (error) {
      setState('idle');
      toast({ title: 'Failed to activate free plan', description: errorMessage(error, 'Please try again later.'), variant: 'destructive' });
    }
  };
  return { state, activate };
}

/**
 * What choosing a plan card does: visitors get the sign-up dialog; Free runs the activation;
 * Standard and Pro go to checkout with the chosen billing period.
 */
export function usePlanChoice(navigate: (to: string) => void) {
  const { data: session } = useSession();
  const freePlan = useFreePlanActivation(navigate);

  const choose = (planId: PlanId, period: BillingPeriod) => {
    if (!session) {
      openAuthDialog('signup', { redirectTo: planId === 'free' ? '/editor' : checkoutPath(planId, period) });
      return;
    }
    if (planId === 'free') void freePlan.activate();
    else navigate(checkoutPath(planId, period));
  };

  return { choose, busyPlanId: freePlan.state === 'activating' ? ('free' as const) : null };
}
