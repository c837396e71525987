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
import { BillingToggle } from '../../components/pricing/billing-toggle';
import { PlanCards } from '../../components/pricing/plan-cards';
import { usePlanChoice } from '../../components/pricing/use-plan-choice';
import { useSession } from '../../api/session';
import { BillingHeader } from './billing-header';

/** Statuses under which the stored plan is really the person's (not canceled or never chosen). */
const HOLDS_PLAN = new Set(['free', 'active', 'lifetime', 'past_due']);

export function PricingPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const initial = params.get('billing');
  const [period, setPeriod] = useState<BillingPeriod>(isBillingPeriod(initial) ? initial : 'monthly');
  const { data: session } = useSession();
  const { choose, busyPlanId } = usePlanChoice((to) => navigate(to));

  useEffect(() => {
    document.title = 'Pricing — SignaturePro';
  }, []);

  const status = session?.user.subscriptionStatus;
  const currentPlanId: PlanId | null =
    status && HOLDS_PLAN.has(status) ? (planIdFromName(session?.user.subscriptionPlan) ?? null) : null;

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
    <div className="min-h-full bg-gradient-to-b from-blue-50/70 via-slate-50 to-slate-50">
      <BillingHeader />
      <main className="mx-auto max-w-6xl px-4 pb-20 pt-12 sm:px-6 sm:pt-16">
        <div className="mx-auto max-w-2xl text-center">
          <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">Choose your plan</h1>
          <p className="mt-4 text-lg text-slate-600">
            Start free, or try Standard or Pro free for 7 days. Cancel anytime before the trial ends and you pay
            nothing.
          </p>
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
            ctaFor={(planId) => (planId === 'free' && currentPlanId === 'free' ? 'Continue with Free' : undefined)}
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
    </div>
  );
}
