import { ShieldCheck, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  MONEY_BACK_NOTE,
  VOLUME_DISCOUNT_NOTE,
  isBillingPeriod,
  planIdFromName,
  type BillingPeriod,
  type PlanId,
} from '../../../shared/billing/plans';
import { needsPlanChoice } from '../../../shared/billing/plan-status';
import { BillingToggle } from '../../components/pricing/billing-toggle';
import { PlanCards } from '../../components/pricing/plan-cards';
import { usePlanChoice } from '../../components/pricing/use-plan-choice';
import { SiteFooter } from '../../components/site-footer/site-footer';
import { SiteHeader } from '../../components/site-header/site-header';
import { SignupSteps } from '../../components/ui/signup-steps';
import { trialDaysLeft, useSession } from '../../api/session';
import { useSiteHeaderSession } from './use-site-header-session';
import type { MeResponse } from '../../../shared/account-types';

/** Statuses under which the stored plan is really the person's (not canceled or never chosen). */
const HOLDS_PLAN = new Set(['free', 'active', 'lifetime', 'past_due']);

type Offer = { lead: string; cta(planId: PlanId): string | undefined; trialDays?: number };

const planName = (planId: PlanId) => (planId === 'pro' ? 'Pro' : 'Standard');

/**
 * What choosing a paid plan means for this reader (decision 0151): a visitor starts a 7-day trial; a
 * person whose organization's trial runs keeps its days and pays at its end; after the trial, checkout
 * charges at once, so no card may still promise a free trial.
 */
function trialOffer(organization: MeResponse['organization'] | undefined): Offer {
  if (!organization)
    return {
      lead: 'Start free, or try Standard or Pro free for 7 days. Cancel anytime before the trial ends and you pay nothing.',
      cta: () => undefined,
    };
  const left = trialDaysLeft(organization.trialEndsAt);
  if (organization.plan === 'trial' && left > 0) {
    const ends = new Date(organization.trialEndsAt!).toLocaleDateString(undefined, { dateStyle: 'medium' });
    return {
      lead: `Your trial has ${left} ${left === 1 ? 'day' : 'days'} left. A plan chosen now costs nothing until ${ends}; Free means you stay on Free when the trial ends.`,
      cta: (planId) => `Choose ${planName(planId)}`,
      trialDays: left,
    };
  }
  return {
    lead: 'Your free trial is over: a paid plan starts at once. Cancel anytime in Plan & Billing.',
    cta: (planId) => `Buy ${planName(planId)}`,
    trialDays: 0,
  };
}

export function PricingPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const initial = params.get('billing');
  const [period, setPeriod] = useState<BillingPeriod>(isBillingPeriod(initial) ? initial : 'monthly');
  const { data: session } = useSession();
  const { choose, busyPlanId } = usePlanChoice((to) => navigate(to));
  useSiteHeaderSession(session);

  useEffect(() => {
    document.title = 'Pricing — SignaturePro';
  }, []);

  const status = session?.user.subscriptionStatus;
  const currentPlanId: PlanId | null =
    status && HOLDS_PLAN.has(status) ? (planIdFromName(session?.user.subscriptionPlan) ?? null) : null;

  const trial = trialOffer(session?.organization);

  const changePeriod = (next: BillingPeriod) => {
    setPeriod(next);
    setParams(
      (p) => {
        p.set('billing', next);
        return p;
      },
      { replace: true },
    );
  };

  return (
    <div className="flex min-h-full flex-col bg-gradient-to-b from-blue-50/70 via-slate-50 to-slate-50">
      <SiteHeader current="pricing" />
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 pb-20 pt-12 sm:px-6 sm:pt-16">
        {/* The last step of signing up: a new account has verified its address and not chosen yet. */}
        {session?.user.emailVerified && needsPlanChoice(session.user.subscriptionStatus) && (
          <SignupSteps current="Plan" className="mb-8" />
        )}
        <div className="mx-auto max-w-2xl text-center">
          <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">Choose your plan</h1>
          <p className="mt-4 text-lg text-slate-600">{trial.lead}</p>
        </div>
        <div className="mt-10 flex justify-center">
          <BillingToggle value={period} onChange={changePeriod} />
        </div>
        <div className="mt-12">
          <PlanCards
            billingPeriod={period}
            onChoose={(planId) => choose(planId, period)}
            busyPlanId={busyPlanId}
            currentPlanId={currentPlanId}
            trialDays={trial.trialDays}
            ctaFor={(planId) =>
              planId === 'free' ? (currentPlanId === 'free' ? 'Continue with Free' : undefined) : trial.cta(planId)
            }
          />
        </div>
        <div className="mt-12 flex flex-col items-center gap-3 text-center">
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-medium text-slate-700 shadow-sm ring-1 ring-slate-200">
            <ShieldCheck className="h-4 w-4 text-emerald-600" aria-hidden="true" />
            {MONEY_BACK_NOTE}
          </p>
          <p className="inline-flex items-center gap-2 text-sm text-slate-500">
            <Users className="h-4 w-4" aria-hidden="true" />
            {VOLUME_DISCOUNT_NOTE}.{' '}
            <Link to="/contact" className="font-medium text-brand hover:underline">
              Talk to sales
            </Link>
          </p>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
