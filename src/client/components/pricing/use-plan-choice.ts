import { useEffect, useRef, useState } from 'react';
import type { BillingPeriod, PlanId } from '../../../shared/billing/plans';
import { useRefetchSession, useSession } from '../../api/session';
import { choosePlan, FREE_PLAN_REDIRECT_MS, selectFreePlan } from './plan-choice';

export type FreePlanActivation = 'idle' | 'activating';

/**
 * Runs POST /api/select-free-plan, refreshes /api/auth/me, then goes to the editor after 100 ms.
 * `navigate` is passed in so the router-free landing page can use full page loads.
 */
export function useFreePlanActivation(navigate: (to: string) => void) {
  const refetchSession = useRefetchSession();
  const [state, setState] = useState<FreePlanActivation>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const activate = async () => {
    if (state === 'activating') return;
    setState('activating');
    try {
      await selectFreePlan();
    } catch {
      setState('idle');
      return;
    }
    await refetchSession();
    timer.current = setTimeout(() => navigate('/editor'), FREE_PLAN_REDIRECT_MS);
  };
  return { state, activate };
}

/** The plan cards of /pricing: choosePlan (plan-choice.ts) with the app's session and router. */
export function usePlanChoice(navigate: (to: string) => void) {
  const { data: session } = useSession();
  const freePlan = useFreePlanActivation(navigate);

  const choose = (planId: PlanId, period: BillingPeriod) => {
    void choosePlan(planId, period, !!session, navigate, freePlan.activate);
  };

  return { choose, busyPlanId: freePlan.state === 'activating' ? ('free' as const) : null };
}
