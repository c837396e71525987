import { FlaskConical, Loader2, Lock, ShieldCheck, Sparkles, Tag } from 'lucide-react';
import { Link } from 'react-router';
import { LIFETIME_NOTICE } from '../../../shared/billing/lifetime';
import { MONEY_BACK_NOTE } from '../../../shared/billing/plans';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import type { CheckoutState } from './use-start-checkout';

/** Promotion code, the notices and the main button (the payment page opens in this tab). */
export function PaymentCard(props: {
  isFree: boolean;
  lifetime: boolean;
  /** False once the organization's trial is over or was used: the first period is charged at once. */
  trial?: boolean;
  /** Days of the organization's trial left: the free days this purchase gets (0151). */
  trialDays?: number;
  promotionCode: string;
  onPromotionCodeChange: (code: string) => void;
  testMode: boolean;
  blockedByLivePlan: boolean;
  freeActivating: boolean;
  state: CheckoutState;
  onSubmit: () => void;
}) {
  const { state } = props;
  const busy = state.kind === 'processing' || props.freeActivating;
  const label = props.isFree
    ? 'Start Free Plan'
    : props.lifetime
      ? 'Get Lifetime Access for $1'
      : props.trial === false
        ? 'Subscribe'
        : `Start ${props.trialDays ?? 7}-Day Free Trial`;
  return (
    <section
      aria-labelledby="payment-title"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id="payment-title" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
        Payment
      </h2>

      {props.testMode && !props.isFree && (
        <div className="mt-4 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3.5 text-sm text-amber-900">
          <FlaskConical className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <p>
            <strong>Test mode.</strong> Payments are not connected yet: you will confirm on a test payment page and no
            card is charged.
          </p>
        </div>
      )}

      {props.blockedByLivePlan && (
        <div className="mt-4 rounded-xl border border-blue-200 bg-blue-50 p-3.5 text-sm text-blue-900">
          You already have a paid plan. You can change or cancel it from{' '}
          <Link to="/account/billing" className="font-semibold underline">
            Plan &amp; Billing
          </Link>
          .
        </div>
      )}

      {!props.isFree && (
        <div className="mt-5">
          <Field
            id="promotion-code"
            label="Promotion code"
            hint="Optional. You can also enter a code on the payment page."
          >
            <div className="relative">
              <Tag
                className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
                aria-hidden="true"
              />
              <Input
                id="promotion-code"
                value={props.promotionCode}
                onChange={(e) => props.onPromotionCodeChange(e.target.value.toUpperCase())}
                autoComplete="off"
                spellCheck={false}
                maxLength={64}
                placeholder="Enter code"
                className="pl-9 font-mono uppercase tracking-wider placeholder:font-sans placeholder:normal-case placeholder:tracking-normal"
              />
            </div>
          </Field>
          {props.lifetime && (
            <div
              role="status"
              className="mt-3 flex gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-3.5 text-sm text-emerald-900"
            >
              <Sparkles className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" aria-hidden="true" />
              <p>
                <strong>LIFETIME1DOLLAR applied.</strong> {LIFETIME_NOTICE}
              </p>
            </div>
          )}
        </div>
      )}

      <Button
        size="lg"
        className="mt-6 w-full text-base"
        onClick={props.onSubmit}
        disabled={busy || props.blockedByLivePlan}
      >
        {busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
        {busy ? (props.isFree ? 'Activating...' : 'Processing...') : label}
      </Button>

      <ul className="mt-6 grid gap-2 text-xs text-slate-500">
        <li className="flex items-center gap-2">
          <ShieldCheck className="h-4 w-4 text-emerald-600" aria-hidden="true" />
          {MONEY_BACK_NOTE}
        </li>
        {!props.isFree && (
          <li className="flex items-center gap-2">
            <Lock className="h-4 w-4 text-slate-400" aria-hidden="true" />
            {props.testMode
              ? 'Test mode: no card details are collected.'
              : 'Card details are handled by Stripe and never reach our servers.'}
          </li>
        )}
      </ul>
    </section>
  );
}
