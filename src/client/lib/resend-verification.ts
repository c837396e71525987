import { useState } from 'react';
import { resendVerification } from '../api/auth';
import { toast } from '../components/ui/toast-store';
import { errorMessage } from './api';

/**
 * "Resend the verification mail" of the code page, the link page and the editor's banner, with the
 * spec's toasts: 'Verification email sent' with the screen's words (`sent`), or the screen's failure
 * title with the server's words. `resend` resolves true once the mail is on its way.
 */
export function useResendVerification(sent: (email: string | null | undefined) => string, failedTitle: string) {
  const [sending, setSending] = useState(false);
  const resend = async (email?: string | null): Promise<boolean> => {
    setSending(true);
    try {
      await resendVerification(email);
      toast({ title: 'Verification email sent', description: sent(email), variant: 'success' });
      return true;
    } catch (error) {
      toast({
        title: failedTitle,
        description: errorMessage(error, 'Please try again later.'),
        variant: 'destructive',
      });
      return false;
    } finally {
      setSending(false);
    }
  };
  return { sending, resend };
}
