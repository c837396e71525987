import { Info, Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isLifetimePromotion, quoteCheckout, type CheckoutQuote } from '../../../shared/billing/checkout-quote';
import {
  findPlan,
  isBillingPeriod,
  isPaidPlanId,
  MAX_SELF_SERVE_SEATS,
  type BillingPeriod,
} from '../../../shared/billing/plans';
import { useFreePlanActivation } from '../../components/pricing/use-plan-choice';
import { trialDaysLeft, useSession } from '../../api/session';
import { BillingHeader } from './billing-header';
import { CheckoutSummary } from './checkout-summary';
import { PaymentCard } from './payment-card';
import { useStartCheckout } from './use-start-checkout';
import { useBillingOverview } from '../../api/billing';
import { useSeatsInUse } from '../../api/teams';
import { logInToPay } from './login-first';

/**
 * The organization's trial is the only one (0151): bought during it, the first charge comes at its
 * end (`trialEnd`); after it, or once a trial was used (null), the first period is charged today.
 * Undefined while not known yet: the catalogue's quote stands.
 */
function withOrganizationTrial(quote: CheckoutQuote | null, trialEnd: string | null | undefined) {
  if (!quote || quote.kind !== 'subscription' || trialEnd === undefined) return quote;
  return trialEnd === null
    ? { ...quote, trialDays: 0, dueToday: quote.recurringTotal }
    : { ...quote, trialDays: trialDaysLeft(trialEnd) };
}

export function CheckoutPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { data: session } = useSession();
  const overview = useBillingOverview(!!session);
  const plan = findPlan(params.get('plan'));
  const billing = params.get('billing');
  const period: BillingPeriod = isBillingPeriod(billing) ? billing : 'monthly';
  const [seats, setSeats] = useState(1);
  const [seatsChosen, setSeatsChosen] = useState(false);
  const seatsInUse = useSeatsInUse(!!session).data ?? null;
  // A team already larger than one starts with the seats it fills, until the person picks a number.
  useEffect(() => {
    if (!seatsChosen && seatsInUse) setSeats(Math.min(MAX_SELF_SERVE_SEATS, Math.max(1, seatsInUse)));
  }, [seatsInUse, seatsChosen]);
  const chooseSeats = (next: number) => {
    setSeatsChosen(true);
    setSeats(next);
  };
  const [promotionCode, setPromotionCode] = useState('');
  const freePlan = useFreePlanActivation((to) => navigate(to));
  const checkout = useStartCheckout();

  useEffect(() => {
    document.title = 'Checkout — SignaturePro';
  }, []);

  useEffect(() => {
    if (session === null) {
      logInToPay(navigate);
    }
  }, [session, navigate]);

  useEffect(() => {
    if (!plan) navigate('/pricing', { replace: true });
  }, [plan, navigate]);

  if (!session || !plan) {
    return (
      <div className="flex min-h-full items-center justify-center" role="status" aria-label="Loading">
        <Loader2 className="h-6 w-6 animate-spin text-brand" aria-hidden="true" />
      </div>
    );
  }

  const isFree = !isPaidPlanId(plan.id);
  const catalogueQuote = isPaidPlanId(plan.id)
    ? quoteCheckout({ planId: plan.id, billingPeriod: period, seats, promotionCode })
    : null;
  const trialEnd = overview.data?.checkoutTrialEnd ?? null;
  const noTrial = overview.data?.trialAvailable === false;
  const trialDays = trialEnd ? trialDaysLeft(trialEnd) : 0;
  const quote = withOrganizationTrial(catalogueQuote, overview.data ? trialEnd : undefined);
  const changePeriod = (next: BillingPeriod) =>
    setParams(
      (p) => {
        p.set('billing', next);
        return p;
      },
      { replace: true },
    );

  const submit = () => {
    if (isPaidPlanId(plan.id)) void checkout.start({ planType: plan.id, billingPeriod: period, promotionCode, seats });
    else void freePlan.activate();
  };

  return (
    <div className="min-h-full bg-slate-50">
      <BillingHeader backTo={`/pricing?billing=${period}`} backLabel="Plans" secure />
      <main className="mx-auto max-w-5xl px-4 pb-20 pt-10 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">
          {isFree ? 'Start with Free' : `Start your ${plan.name} plan`}
        </h1>
        <p className="mt-2 text-slate-600">
          Signed in as <span className="font-medium text-slate-800">{session.user.email}</span>
        </p>
        {params.get('canceled') && (
          <p
            role="status"
            className="mt-5 flex items-center gap-2 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700"
          >
            <Info className="h-4 w-4 text-brand" aria-hidden="true" />
            Checkout was canceled. You have not been charged.
          </p>
        )}
        <div className="mt-8 grid gap-6 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)] lg:items-start">
          <CheckoutSummary
            plan={plan}
            period={period}
            onPeriodChange={changePeriod}
            seats={seats}
            onSeatsChange={chooseSeats}
            seatsInUse={seatsInUse}
            quote={quote}
            trialEnd={trialEnd}
          />
          <PaymentCard
            isFree={isFree}
            lifetime={isLifetimePromotion(promotionCode)}
            trial={!noTrial}
            trialDays={trialDays || 7}
            promotionCode={promotionCode}
            onPromotionCodeChange={setPromotionCode}
            testMode={overview.data?.provider === 'test'}
            blockedByLivePlan={!isFree && !!overview.data?.hasLivePlan}
            freeActivating={freePlan.state === 'activating'}
            state={checkout.state}
            onSubmit={submit}
          />
        </div>
      </main>
    </div>
  );
}
