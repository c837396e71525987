import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { MeResponse } from '../../../shared/account-types';
import { loginSchema, signupSchema, type LoginInput, type SignupInput } from '../../../shared/validation/auth-schemas';
import { toast } from '../../lib/toast-store';
import { logIn, signUp } from '../../api/auth';
import { ApiError, errorMessage, tooManyRequestsWords } from '../../lib/api';
import { useSessionChanged } from '../../api/session';

/**
 * The one login form and the one signup form (state, validation, submit, error words, 429), used
 * by the auth dialog, /login and the invitation page; each screen lays out its own fields and says
 * what happens after success. What was typed stays in the fields when the server refuses it.
 */

/** What an accepted signup answers (the contract's 201). */
export type SignupAnswer = Awaited<ReturnType<typeof signUp>>;

/**
 * The words after a refused login (spec section 8). The dialog and the invitation page: 'Login
 * failed' with the server's words or 'Invalid email or password.'. The login page: 'Login Failed'
 * with the server's words or 'Invalid email or password', and 'Something went wrong. Please try
 * again.' when no answer came. Too many attempts (429): the server's words, which say when to try again (tooManyRequestsWords).
 */
export function loginFailure(error: unknown, screen: 'dialog' | 'login-page'): { title: string; description: string } {
  if (screen === 'login-page') {
    const description =
      tooManyRequestsWords(error) ??
      (error instanceof ApiError
        ? error.message || 'Invalid email or password'
        : 'Something went wrong. Please try again.');
    return { title: 'Login Failed', description };
  }
  return { title: 'Login failed', description: errorMessage(error, 'Invalid email or password.') };
}

/** 'Signup failed' with the server's words, or 'Something went wrong. Please try again.'. */
export function signupFailure(error: unknown): { title: string; description: string } {
  return { title: 'Signup failed', description: errorMessage(error, 'Something went wrong. Please try again.') };
}

type LoginFormOptions = {
  /** An address given by the screen (the invitation's), sent instead of the field's. */
  email?: string;
  /** Which words a refusal gets (loginFailure). */
  screen?: 'dialog' | 'login-page';
  /**
   * Store the new session before `onSignedIn` (the default). The invitation page stores it once
   * the person has joined, so that its screen does not change under the form.
   */
  seedSession?: boolean;
  onSignedIn: (me: MeResponse) => void | Promise<void>;
};

/** POST /api/auth/login with the form's values; success stores the session, then `onSignedIn`. */
export function useLoginForm({ email, screen = 'dialog', seedSession = true, onSignedIn }: LoginFormOptions) {
  const sessionChanged = useSessionChanged();
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: email ?? '', password: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const me = await logIn(email === undefined ? values : { ...values, email });
      if (seedSession) await sessionChanged(me);
      await onSignedIn(me);
    } catch (error) {
      toast({ ...loginFailure(error, screen), variant: 'destructive' });
    }
  });

  return { form, onSubmit, errors: form.formState.errors, isSubmitting: form.formState.isSubmitting };
}

type SignupFormOptions = {
  /** An address given by the screen (the invitation's), sent instead of the field's. */
  email?: string;
  /** What the email field starts with (an address being corrected), still the person's to change. */
  initialEmail?: string;
  /**
   * What follows an accepted signup. The answer names no account (an address already registered
   * gets the same one), so a session, if any, is read back by the screen.
   */
  onSignedUp: (answer: SignupAnswer) => void | Promise<void>;
};

/** POST /api/auth/signup with the form's values (terms accepted), then `onSignedUp`. */
export function useSignupForm({ email, initialEmail, onSignedUp }: SignupFormOptions) {
  const form = useForm<SignupInput>({
    resolver: zodResolver(signupSchema),
    defaultValues: {
      name: '',
      email: email ?? initialEmail ?? '',
      password: '',
      termsAccepted: false as unknown as true,
    },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await signUp(email === undefined ? values : { ...values, email });
      await onSignedUp(answer);
    } catch (error) {
      toast({ ...signupFailure(error), variant: 'destructive' });
    }
  });

  return { form, onSubmit, errors: form.formState.errors, isSubmitting: form.formState.isSubmitting };
}
