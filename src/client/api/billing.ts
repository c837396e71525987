import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { billingApi } from '../../shared/api/billing';
import type { ChangePlanInput, CreateCheckoutInput } from '../../shared/billing/checkout-schema';
import { callApi } from '../lib/api-client';
import { queryKeys, testPaymentKey } from './keys';
import { useSave } from './cache';

/** The signed-in person's billing state (which provider, whether a plan is already live). */
export const useBillingOverview = (enabled = true) =>
  useQuery({ queryKey: queryKeys.billing, queryFn: () => callApi(billingApi.overview), enabled });

export const openBillingPortal = () => callApi(billingApi.portal);

/** Subscription changes answer with the new overview; the organization's plan and seats and the session follow. */
const useBillingChange = <TInput>(
  request: (input: TInput) => Promise<z.infer<(typeof billingApi.overview.responses)[200]>>,
) => useSave(request, queryKeys.billing, [queryKeys.organization, queryKeys.team, queryKeys.session]);
export const useCancelSubscription = () => useBillingChange(() => callApi(billingApi.cancel));
export const useResumeSubscription = () => useBillingChange(() => callApi(billingApi.resume));
/** Test mode only: gives the money back, which takes the plan away as a Stripe refund would. */
export const useTestRefund = () => useBillingChange(() => callApi(billingApi.testRefund));
/** Test mode only, the owner: ends the organization's trial now, as Stripe's test clocks skip ahead. */
export const useTestEndTrial = () => useBillingChange(() => callApi(billingApi.testEndTrial));
export const useChangePlan = () =>
  useBillingChange((input: ChangePlanInput) => callApi(billingApi.changePlan, { body: input }));

export const createCheckoutSession = (input: CreateCheckoutInput) => callApi(billingApi.startCheckout, { body: input });

export const confirmPayment = (sessionId: string) => callApi(billingApi.confirmPayment, { body: { sessionId } });

export function useTestPayment(id: string) {
  return useQuery({
    queryKey: testPaymentKey(id),
    queryFn: () => callApi(billingApi.testPaymentView, { params: { id } }),
  });
}

export const payTestPayment = (id: string) => callApi(billingApi.testPaymentPay, { params: { id } });

export const cancelTestPayment = (id: string) => callApi(billingApi.testPaymentCancel, { params: { id } });
