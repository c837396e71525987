import { useEffect, useRef, useState } from 'react';
import type { CreateCheckoutInput } from '../../../shared/billing/checkout-schema';
import { toast } from '../../lib/toast-store';
import { errorMessage } from '../../lib/api';
import { createCheckoutSession } from '../../api/billing';

/** Spec section 9: after the payment page opens, this page goes back to /pricing after 3 s. */
export const CHECKOUT_REDIRECT_MS = 3000;

export type CheckoutState =
  { kind: 'idle' } | { kind: 'processing' } | { kind: 'opened'; url: string } | { kind: 'blocked'; url: string };

/** The writing on the blank tab while the payment page is being created. */
function showOpening(tab: Window) {
  try {
    tab.document.title = 'Opening secure checkout…';
    tab.document.body.innerHTML =
      '<p style="font:16px system-ui,sans-serif;color:#475569;margin:20vh auto;text-align:center">Opening secure checkout…</p>';
  } catch {
    // Some browsers do not let the opener write into the new tab; an empty tab is fine.
  }
}

/**
 * idle → processing → opened (then /pricing after 3 s), or blocked (a button and the link).
 * The tab is opened during the click itself: opened after the network call, most browsers would
 * count it as an unrequested popup and block it.
 */
export function useStartCheckout(onOpened: () => void) {
  const [state, setState] = useState<CheckoutState>({ kind: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const start = async (input: CreateCheckoutInput) => {
    if (state.kind === 'processing' || state.kind === 'opened') return;
    const tab = window.open('', '_blank');
    if (tab) showOpening(tab);
    setState({ kind: 'processing' });
    try {
      const { url } = await createCheckoutSession(input);
      if (!url) {
        tab?.close();
        setState({ kind: 'idle' });
        toast({ title: 'No checkout URL received from server', variant: 'destructive' });
        return;
      }
      if (tab && !tab.closed) {
        // The payment page has no business with this window.
        tab.opener = null;
        tab.location.href = url;
        setState({ kind: 'opened', url });
        timer.current = setTimeout(onOpened, CHECKOUT_REDIRECT_MS);
      } else {
        setState({ kind: 'blocked', url });
        toast({
          title: 'Popup Blocked',
          description: 'Your browser blocked the payment page. Please use the button below to open it.',
        });
      }
    } catch (error) {
      tab?.close();
      setState({ kind: 'idle' });
      toast({
        title: 'Payment Failed',
        description: errorMessage(error, 'Failed to process payment'),
        variant: 'destructive',
      });
    }
  };

  return { state, start };
}

/** 'https://checkout.stripe.com/c/pay/cs_test_a1b2…' — enough to recognise, short enough to fit. */
export function truncateUrl(url: string, max = 48): string {
  return url.length <= max ? url : `${url.slice(0, max - 1)}…`;
}
