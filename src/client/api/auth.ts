import { useState } from 'react';
import { authApi } from '../../shared/api/auth';
import type { ForgotPasswordInput, LoginInput, SignupInput } from '../../shared/validation/auth-schemas';
import { toast } from '../lib/toast-store';
import { errorMessage } from '../lib/api';
import { callApi } from '../lib/api-client';
import { PENDING_EMAIL_KEY } from './session';

/** The account calls of spec section 7 that the auth pages make; every one sends credentials. */
export type Message = { message: string };

export const logIn = (body: LoginInput) => callApi(authApi.login, { body });

export const signUp = (body: SignupInput) => callApi(authApi.signup, { body });

export const forgotPassword = (body: ForgotPasswordInput) => callApi(authApi.forgotPassword, { body });

export const verifyEmail = (token: string, email?: string) => callApi(authApi.verifyEmail, { body: { token, email } });

export const resendVerification = (email?: string | null) =>
  callApi(authApi.resendVerification, { body: email ? { email } : {} });

export const choosePassword = (newPassword: string) => callApi(authApi.choosePassword, { body: { newPassword } });

export const checkResetToken = (token: string) => callApi(authApi.checkResetToken, { body: { token } });

export const resetPassword = (token: string, newPassword: string) =>
  callApi(authApi.resetPassword, { body: { token, newPassword } });

export const sendMagicLink = (email: string) => callApi(authApi.sendMagicLink, { body: { email } });

export const signInWithMagicLink = (token: string) => callApi(authApi.verifyMagicLink, { body: { token } });

/** Set by the signup form; the code page falls back to it when the URL has no email. */
export function readPendingEmail(): string | null {
  try {
    return localStorage.getItem(PENDING_EMAIL_KEY);
  } catch {
    return null;
  }
}

export function clearPendingEmail() {
  try {
    localStorage.removeItem(PENDING_EMAIL_KEY);
  } catch {
    // Storage can be off (private mode); nothing to clear then.
  }
}

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
