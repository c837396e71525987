import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { BillingOverview } from '../../../shared/billing/billing-types';
import { formatUsd, quoteCheckout } from '../../../shared/billing/checkout-quote';
import { paidUntil } from '../../../shared/billing/paid-until';
import { changePlanSchema, type ChangePlanInput } from '../../../shared/billing/checkout-schema';
import { MAX_SELF_SERVE_SEATS, PLANS, getPlan, isBillingPeriod, isPaidPlanId } from '../../../shared/billing/plans';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { FormActions, formatDate, SectionCard, Select, saveWithToast } from './account-ui';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useCancelSubscription, useChangePlan, useResumeSubscription, useTestRefund } from '../../api/billing';

type Subscription = NonNullable<BillingOverview['subscription']>;
type Terms = { planType: 'standard' | 'pro'; billingPeriod: 'monthly' | 'annual'; seats: number };

export const MANAGE_SUBSCRIPTION_ID = 'manage-subscription';

const PERIOD_WORD = { monthly: 'month', annual: 'year' } as const;

/** The date the paid period (or the trial) ends: when a cancellation takes effect. */
const endOf = (sub: Subscription): string => formatDate(paidUntil(sub), { dateStyle: 'long' });

function termsOf(sub: Subscription): Terms {
  return {
    planType: isPaidPlanId(sub.plan) ? sub.plan : 'standard',
    billingPeriod: isBillingPeriod(sub.billingPeriod) ? sub.billingPeriod : 'monthly',
    seats: sub.seats,
  };
}

const describeTerms = (t: Terms) =>
  `${getPlan(t.planType).name}, billed ${t.billingPeriod === 'annual' ? 'annually' : 'monthly'}, ${t.seats} ${t.seats === 1 ? 'seat' : 'seats'}`;

/**
 * Plan & Billing's own controls for a live subscription, the same on Stripe and on the test
 * provider: switch plan, billing period or seats in place; cancel at the period end; resume.
 */
export function ManageSubscription({ billing }: { billing: BillingOverview }) {
  const sub = billing.subscription;
  const { actions } = billing;
  const lifetime = billing.subscriptionStatus === 'lifetime';
  if (!(actions.cancel || actions.resume || actions.change || actions.testRefund)) return null;
  const planName = sub && isPaidPlanId(sub.plan) ? getPlan(sub.plan).name : (billing.subscriptionPlan ?? 'your plan');

  return (
    <SectionCard
      id={MANAGE_SUBSCRIPTION_ID}
      title="Manage subscription"
      description={
        billing.provider === 'test'
          ? 'Change or cancel your plan. Test mode: no money moves.'
          : 'Change or cancel your plan. Payment methods and receipts are in the Stripe billing portal.'
      }
    >
      <div className="grid gap-6">
        {sub && actions.resume && <ResumeNotice sub={sub} planName={planName} />}
        {/* Keyed by the saved terms: after a change the form starts again from what is now saved. */}
        {sub && actions.change && (
          <ChangePlanForm key={`${sub.plan}|${sub.billingPeriod}|${sub.seats}`} sub={sub} provider={billing.provider} />
        )}
        {sub && actions.cancel && <CancelRow sub={sub} planName={planName} />}
        {actions.testRefund && <TestRefundRow planName={lifetime ? `${planName} lifetime access` : planName} />}
      </div>
    </SectionCard>
  );
}

function ResumeNotice({ sub, planName }: { sub: Subscription; planName: string }) {
  const resume = useResumeSubscription();
  const onResume = async () => {
    await saveWithToast(() => resume.mutateAsync(undefined), {
      title: 'Subscription resumed',
      description: `${planName} continues as before.`,
    });
  };
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-3 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200"
    >
      <p className="mr-auto">
        Your subscription ends on <strong>{endOf(sub)}</strong>. Until then you keep {planName}; after that your
        organization moves to Free with 1 seat and the watermark returns.
      </p>
      <Button onClick={onResume} disabled={resume.isPending}>
        {resume.isPending ? 'Resuming...' : 'Resume subscription'}
      </Button>
    </div>
  );
}

function ChangePlanForm({ sub, provider }: { sub: Subscription; provider: BillingOverview['provider'] }) {
  const change = useChangePlan();
  const current = termsOf(sub);
  const form = useForm<ChangePlanInput, unknown, Terms>({
    resolver: zodResolver(changePlanSchema),
    defaultValues: current,
  });
  const { errors, isDirty } = form.formState;
  const { planType, billingPeriod, seats } = useWatch({ control: form.control });

  const chosen: Terms = {
    planType: planType === 'pro' ? 'pro' : 'standard',
    billingPeriod: billingPeriod === 'annual' ? 'annual' : 'monthly',
    seats: Math.min(MAX_SELF_SERVE_SEATS, Math.max(1, Number(seats) || 1)),
  };
  const quote = quoteCheckout({ planId: chosen.planType, billingPeriod: chosen.billingPeriod, seats: chosen.seats });
  const inTrial = sub.providerStatus === 'trialing';

  const onSubmit = form.handleSubmit(async (values) => {
    await saveWithToast(
      () => change.mutateAsync(values),
      { title: 'Plan changed', description: `You are now on ${describeTerms(values)}.` },
      form,
      ['planType', 'billingPeriod', 'seats'],
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="change-plan-title" className="-mx-5 sm:-mx-6">
      <div className="px-5 sm:px-6">
        <h3 id="change-plan-title" className="text-sm font-semibold text-slate-900">
          Change plan
        </h3>
        <p className="mt-1 text-sm text-slate-600">Now: {describeTerms(current)}.</p>
        <div className="mt-4 grid gap-4 sm:grid-cols-3">
          <Field id="change-plan" label="Plan" error={errors.planType?.message}>
            <Select id="change-plan" aria-invalid={!!errors.planType} {...form.register('planType')}>
              {PLANS.filter((plan) => isPaidPlanId(plan.id)).map((plan) => (
                <option key={plan.id} value={plan.id}>
                  {plan.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="change-billing" label="Billing" error={errors.billingPeriod?.message}>
            <Select id="change-billing" aria-invalid={!!errors.billingPeriod} {...form.register('billingPeriod')}>
              <option value="monthly">Monthly</option>
              <option value="annual">Annual</option>
            </Select>
          </Field>
          <Field
            id="change-seats"
            label="Seats"
            error={errors.seats?.message}
            hint="1 included; each extra seat is billed."
          >
            <Select
              id="change-seats"
              aria-invalid={!!errors.seats}
              {...form.register('seats', { valueAsNumber: true })}
            >
              {Array.from({ length: MAX_SELF_SERVE_SEATS }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <p className="mt-4 text-sm text-slate-700" aria-live="polite">
          {isDirty ? 'New price' : 'Price'}:{' '}
          <strong className="tabular-nums">
            {formatUsd(quote.recurringTotal)} per {PERIOD_WORD[chosen.billingPeriod]}
          </strong>
          {inTrial
            ? `. Nothing is charged before your trial ends on ${endOf(sub)}.`
            : provider === 'stripe'
              ? '. The change applies now; Stripe prorates the difference on your next invoice.'
              : '. The change applies now.'}
        </p>
      </div>
      <div className="mt-4">
        <FormActions
          dirty={isDirty}
          saving={change.isPending}
          onCancel={() => form.reset(current)}
          saveLabel="Change plan"
        />
      </div>
    </form>
  );
}

/** A plan change behind a confirmation: the row says what it does, the dialog asks, success is told in a toast. */
function ConfirmRow(props: {
  title: string;
  text: string;
  trigger: string;
  question: string;
  description: string;
  confirmLabel: string;
  cancelLabel: string;
  done: { title: string; description: string };
  mutation: { isPending: boolean; mutateAsync(input: undefined): Promise<unknown> };
}) {
  const onConfirm = async () => {
    await saveWithToast(() => props.mutation.mutateAsync(undefined), props.done);
  };
  return (
    <div className="flex flex-wrap items-center gap-3 border-t border-slate-100 pt-5">
      <div className="mr-auto">
        <h3 className="text-sm font-semibold text-slate-900">{props.title}</h3>
        <p className="mt-1 text-sm text-slate-600">{props.text}</p>
      </div>
      <ConfirmDialog
        trigger={<Button variant="secondary">{props.trigger}</Button>}
        title={props.question}
        description={props.description}
        confirmLabel={props.confirmLabel}
        cancelLabel={props.cancelLabel}
        busy={props.mutation.isPending}
        onConfirm={onConfirm}
      />
    </div>
  );
}

function CancelRow({ sub, planName }: { sub: Subscription; planName: string }) {
  return (
    <ConfirmRow
      title="Cancel subscription"
      text={`Nothing more is charged; you keep ${planName} until ${endOf(sub)}.`}
      trigger="Cancel subscription"
      question="Cancel your subscription?"
      description={`You keep ${planName} until ${endOf(sub)}. After that your organization moves to Free with 1 seat and the watermark returns to your signature. You can resume any time before then.`}
      confirmLabel="Cancel subscription"
      cancelLabel="Keep subscription"
      done={{ title: 'Subscription canceled', description: `You keep ${planName} until ${endOf(sub)}.` }}
      mutation={useCancelSubscription()}
    />
  );
}

/**
 * The TEST MODE pretend refund, in place of a refund from the Stripe dashboard (the 30-day money-back guarantee):
 * the money goes back and the plan with it, exactly as Stripe's charge.refunded does.
 */
function TestRefundRow({ planName }: { planName: string }) {
  return (
    <ConfirmRow
      title="Test refund"
      text={`Test mode: try the money-back guarantee. A refund ends ${planName} at once.`}
      trigger="Refund (test mode)"
      question="Refund this purchase?"
      description={`${planName} ends now: your organization moves to Free with 1 seat and the watermark returns to your signature. No real money moves in test mode.`}
      confirmLabel="Refund and end plan"
      cancelLabel="Keep plan"
      done={{
        title: 'Refunded (test mode)',
        description: `${planName} was refunded and has ended. The watermark is back.`,
      }}
      mutation={useTestRefund()}
    />
  );
}
