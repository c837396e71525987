import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { MeResponse } from '../../../shared/account-types';
import { signupSchema, type SignupInput } from '../../../shared/validation/auth-schemas';
import { api, errorMessage } from '../../lib/api';
import { useSessionChanged } from '../../lib/session';
import { Button } from '../ui/button';
import { Field, Input } from '../ui/field';
import { toast } from '../ui/toast-store';
import { closeAuthDialog } from './auth-dialog-store';

export const PENDING_EMAIL_KEY = 'pendingVerificationEmail';

export function SignupForm() {
  const navigate = useNavigate();
  const sessionChanged = useSessionChanged();
  const form = useForm<SignupInput>({
    resolver: zodResolver(signupSchema),
    defaultValues: { name: '', email: '', password: '', termsAccepted: false as unknown as true },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const me = await api.post<MeResponse>('/api/auth/signup', values);
      localStorage.setItem(PENDING_EMAIL_KEY, me.user.email);
      await sessionChanged(me);
      toast({ title: 'Account created!', description: 'Please check your email to verify your account.', variant: 'success' });
      closeAuthDialog();
      navigate(`/verify-email?email=${encodeURIComponent(me.user.email)}`);
    } catch (error) {
      toast({
        title: 'Signup failed',
        description: errorMessage(error, 'Something went wrong. Please try again.'),
        variant: 'destructive',
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <Field id="signup-name" label="Name (optional)" error={errors.name?.message}>
        <Input id="signup-name" autoComplete="name" {...form.register('name')} />
      </Field>
      <Field id="signup-email" label="Email" required error={errors.email?.message}>
        <Input id="signup-email" type="email" autoComplete="email" aria-invalid={!!errors.email} {...form.register('email')} />
      </Field>
      <Field id="signup-password" label="Password" required error={errors.password?.message} hint="At least 8 characters.">
        <Input
          id="signup-password"
          type="password"
          autoComplete="new-password"
          aria-invalid={!!errors.password}
          {...form.register('password')}
        />
      </Field>
      <div className="grid gap-1">
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input type="checkbox" className="mt-0.5 h-4 w-4" aria-invalid={!!errors.termsAccepted} {...form.register('termsAccepted')} />
          <span>
            I accept the{' '}
            <a href="/terms" target="_blank" rel="noopener" className="text-brand underline">
              terms
            </a>{' '}
            and{' '}
            <a href="/privacy" target="_blank" rel="noopener" className="text-brand underline">
              privacy policy
            </a>
          </span>
        </label>
        {errors.termsAccepted && (
          <p role="alert" className="text-xs text-red-600">
            {errors.termsAccepted.message}
          </p>
        )}
      </div>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  );
}
