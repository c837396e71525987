import { useState } from 'react';
import { MONEY_BACK_NOTE, VOLUME_DISCOUNT_NOTE, type BillingPeriod, type PlanId } from '../../../shared/billing/plans';
import { BillingToggle } from '../../components/pricing/billing-toggle';
import { PlanCards } from '../../components/pricing/plan-cards';
import { useKnownSession } from '../../api/session-probe';
import { choosePlanFromLanding } from './choose-plan';
import { LandingSection } from './landing-section';

/** The shared plan cards; annual billing shown per month here ($15, $159), per year on /pricing. */
export function PricingSection() {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const me = useKnownSession();
  const [busyPlanId, setBusyPlanId] = useState<PlanId | null>(null);
  const choose = (planId: PlanId) => {
    if (planId === 'free' && me) setBusyPlanId('free');
    choosePlanFromLanding(planId, period, !!me).catch(() => setBusyPlanId(null));
  };
  return (
    <LandingSection
      id="pricing"
      className="bg-gradient-to-b from-white to-blue-50/60 py-20 sm:py-24"
      eyebrow="Pricing"
      title="Simple plans for every inbox"
      intro="Start free, or try Standard or Pro free for 7 days. Switch or cancel any time."
    >
      <div className="mt-10 flex justify-center">
        <BillingToggle value={period} onChange={setPeriod} />
      </div>
      {/* Three cards side by side are too narrow on a tablet: one column, centred, until lg. */}
      <div className="mx-auto mt-12 md:max-lg:max-w-md md:max-lg:[&>ul]:grid-cols-1">
        <PlanCards
          billingPeriod={period}
          annualDisplay="per-month"
          headingLevel="h3"
          onChoose={choose}
          busyPlanId={busyPlanId}
        />
      </div>
      <p className="mt-10 text-center text-sm text-slate-600">
        {MONEY_BACK_NOTE}. {VOLUME_DISCOUNT_NOTE}:{' '}
        <a href="/contact" className="font-semibold text-brand-dark underline-offset-4 hover:underline">
          contact us
        </a>
        .
      </p>
    </LandingSection>
  );
}
