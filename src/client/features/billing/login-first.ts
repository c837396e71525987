import type { NavigateFunction } from 'react-router';
import { toast } from '../../lib/toast-store';

/** A signed-out visitor on the checkout or its success page: the spec's toast, then /login. */
export function logInToPay(navigate: NavigateFunction) {
  toast({
    title: 'Authentication Required',
    description: 'Please log in to continue with payment.',
    variant: 'destructive',
  });
  void navigate('/login', { replace: true });
}
