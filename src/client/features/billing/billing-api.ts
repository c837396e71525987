import { useQuery } from '@tanstack/react-query';
import { billingApi } from '../../../shared/api/billing';
import { teamsApi } from '../../../shared/api/teams';
import type { CreateCheckoutInput } from '../../../shared/billing/checkout-schema';
import { callApi } from '../../lib/api-client';

export const BILLING_QUERY_KEY = ['/api/billing'] as const;

/** The signed-in person's billing state (which provider, whether a plan is already live). */
export function useBillingOverview(enabled: boolean) {
  return useQuery({ queryKey: BILLING_QUERY_KEY, queryFn: () => callApi(billingApi.overview), enabled });
}

/**
 * Seats the buyer's organization fills now (members and open invitations), when the buyer runs it
 * (owner or admin: only then does their purchase set the organization's seats); null otherwise.
 */
export function useSeatsInUse(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/organization'],
    queryFn: () => callApi(teamsApi.getOrganization),
    enabled,
    select: (org) => (org.role === 'owner' || org.role === 'admin' ? org.seats.used : null),
  });
}

export const createCheckoutSession = (input: CreateCheckoutInput) => callApi(billingApi.startCheckout, { body: input });

export const confirmPayment = (sessionId: string) => callApi(billingApi.confirmPayment, { body: { sessionId } });

export function useTestPayment(id: string) {
  return useQuery({
    queryKey: ['/api/test-payments', id],
    queryFn: () => callApi(billingApi.testPaymentView, { params: { id } }),
  });
}

export const payTestPayment = (id: string) => callApi(billingApi.testPaymentPay, { params: { id } });

export const cancelTestPayment = (id: string) => callApi(billingApi.testPaymentCancel, { params: { id } });

/** Same-origin URLs the server hands back become router paths; anything else is a full page load. */
export function toAppPath(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.origin === window.location.origin ? `${parsed.pathname}${parsed.search}` : null;
  } catch {
    return null;
  }
}
