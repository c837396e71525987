import { useState } from 'react';
import type { CreateCheckoutInput } from '../../../shared/billing/checkout-schema';
import { toast } from '../../lib/toast-store';
import { errorMessage } from '../../lib/api';
import { createCheckoutSession } from '../../api/billing';

export type CheckoutState = { kind: 'idle' } | { kind: 'processing' };

/**
 * idle → processing → the payment page, in this same tab (decision 0151): its success and cancel
 * addresses bring the person back here, so a second tab only left the first one behind.
 */
export function useStartCheckout(go: (url: string) => void = (url) => window.location.assign(url)) {
  const [state, setState] = useState<CheckoutState>({ kind: 'idle' });

  const start = async (input: CreateCheckoutInput) => {
    if (state.kind === 'processing') return;
    setState({ kind: 'processing' });
    try {
      const { url } = await createCheckoutSession(input);
      if (!url) {
        setState({ kind: 'idle' });
        toast({ title: 'No checkout URL received from server', variant: 'destructive' });
        return;
      }
      // Stays "processing" while the browser leaves for the payment page.
      go(url);
    } catch (error) {
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
