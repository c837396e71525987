import type { BillingPeriod, PlanId } from '../../shared/billing/plans';

/** The plan a visitor picked on a pricing card before signing up. */
export type PlanChoice = { planId: PlanId; period: BillingPeriod };

const PENDING_PLAN_KEY = 'pendingPlanChoice';
/**
 * The catalogue's ids and plan names (shared/billing/plans), spelled out: importing the catalogue
 * here would put it in one more chunk that the landing page's sign-up dialog lists.
 */
const NAMES: Record<PlanId, string> = { free: 'Free', standard: 'Standard', pro: 'Pro' };

/**
 * Kept from sign-up until the address is verified, so the Verify step leads on to what was chosen
 * (checkout, or Free and the editor) instead of asking again. Storage may be off: then the plans page asks.
 */
export function rememberPendingPlan(choice: PlanChoice | null) {
  try {
    if (choice) localStorage.setItem(PENDING_PLAN_KEY, `${choice.planId}:${choice.period}`);
    else localStorage.removeItem(PENDING_PLAN_KEY);
  } catch {
    // Private mode: nothing kept, the plans page asks again.
  }
}

export function readPendingPlan(): PlanChoice | null {
  let stored: string | null;
  try {
    stored = localStorage.getItem(PENDING_PLAN_KEY);
  } catch {
    return null;
  }
  const [planId, period] = (stored ?? '').split(':');
  return Object.hasOwn(NAMES, planId ?? '') && (period === 'monthly' || period === 'annual')
    ? { planId: planId as PlanId, period }
    : null;
}

/** "Standard, billed monthly" / "Free". */
export function describePlanChoice(choice: PlanChoice): string {
  const name = NAMES[choice.planId];
  return choice.planId === 'free' ? name : `${name}, billed ${choice.period === 'annual' ? 'annually' : 'monthly'}`;
}

/**
 * Checkout for a paid choice. The pricing cards build the same address (components/pricing/plan-choice);
 * importing theirs here would split the landing page's pricing code into one more chunk.
 */
export function checkoutPathOf(choice: PlanChoice): string {
  return `/checkout?plan=${choice.planId}&billing=${choice.period}`;
}

export function clearPendingPlan() {
  rememberPendingPlan(null);
}
