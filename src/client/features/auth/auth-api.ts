import type { MeResponse } from '../../../shared/account-types';
import { PENDING_EMAIL_KEY } from '../../lib/session';
import { api } from '../../lib/api';

/** The account calls of spec section 7 that the auth pages make; every one sends credentials. */
export type Message = { message: string };

export const verifyEmail = (token: string, email?: string) => api.post<Message & { email: string; signedOut?: boolean }>('/api/auth/verify-email', { token, email });

export const resendVerification = (email?: string | null) =>
  api.post<Message>('/api/auth/resend-verification', email ? { email } : {});

export const checkResetToken = (token: string) => api.post<{ valid: boolean }>('/api/auth/reset-password/check', { token });

export const resetPassword = (token: string, newPassword: string) =>
  api.post<Message>('/api/auth/reset-password', { token, newPassword });

export const sendMagicLink = (email: string) => api.post<Message>('/api/auth/send-magic-link', { email });

export const signInWithMagicLink = (token: string) => api.post<MeResponse>('/api/auth/magic-link/verify', { token });

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
