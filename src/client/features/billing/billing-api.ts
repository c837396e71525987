import { useQuery } from '@tanstack/react-query';
import type { OrganizationDetails } from '../../../shared/account-area-types';
import type { BillingOverview, TestPaymentResult, TestPaymentView } from '../../../shared/billing/billing-types';
import type { CreateCheckoutInput, CreateCheckoutResponse, PaymentSuccessResponse } from '../../../shared/billing/checkout-schema';
import { api } from '../../lib/api';

export const BILLING_QUERY_KEY = ['/api/billing'] as const;

/** The signed-in person's billing state (which provider, whether a plan is already live). */
export function useBillingOverview(enabled: boolean) {
  return useQuery({ queryKey: BILLING_QUERY_KEY, queryFn: () => api.get<BillingOverview>('/api/billing'), enabled });
}

/**
 * Seats the buyer's organization fills now (members and open invitations), when the buyer runs it
 * (owner or admin: only then does their purchase set the organization's seats); null otherwise.
 */
export function useSeatsInUse(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/organization'],
    queryFn: () => api.get<OrganizationDetails>('/api/organization'),
    enabled,
    select: (org) => (org.role === 'owner' || org.role === 'admin' ? org.seats.used : null),
  });
}

export const createCheckoutSession = (input: CreateCheckoutInput) => api.post<CreateCheckoutResponse>('/api/create-checkout-session', input);

export const confirmPayment = (sessionId: string) => api.post<PaymentSuccessResponse>('/api/payment-success', { sessionId });

export function useTestPayment(id: string) {
  return useQuery({
    queryKey: ['/api/test-payments', id],
    queryFn: () => api.get<TestPaymentView>(`/api/test-payments/${encodeURIComponent(id)}`),
  });
}

export const payTestPayment = (id: string) => api.post<TestPaymentResult>(`/api/test-payments/${encodeURIComponent(id)}/pay`, {});

export const cancelTestPayment = (id: string) => api.post<TestPaymentResult>(`/api/test-payments/${encodeURIComponent(id)}/cancel`, {});

/** Same-origin URLs the server hands back become router paths; anything else is a full page load. */
export function toAppPath(url: string): string | null {
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.origin === window.location.origin ? `${parsed.pathname}${parsed.search}` : null;
  } catch {
    return null;
  }
}
