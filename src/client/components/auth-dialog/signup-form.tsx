import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { TermsCheckbox } from '../ui/terms-checkbox';
import { useNavigate } from 'react-router';
import { signupSchema, type SignupInput } from '../../../shared/validation/auth-schemas';
import { api, errorMessage } from '../../lib/api';
import { Button } from '../ui/button';
import { Field, Input } from '../ui/field';
import { toast } from '../ui/toast-store';
import { closeAuthDialog } from './auth-dialog-store';

export const PENDING_EMAIL_KEY = 'pendingVerificationEmail';

export function SignupForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<SignupInput>({
    resolver: zodResolver(signupSchema),
    defaultValues: { name: '', email: '', password: '', termsAccepted: false as unknown as true },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      // The answer names no account (an address already registered gets the same one), so the
      // session, if any, is read back from /me with everything else.
      const res = await api.post<{ message: string; email: string }>('/api/auth/signup', values);
      localStorage.setItem(PENDING_EMAIL_KEY, res.email);
      toast({ title: 'Account created!', description: res.message, variant: 'success' });
      closeAuthDialog();
      // Leave the current screen before the new session arrives, so a screen with its own rule for
      // signed-in users (the editor sends them to /pricing) cannot act on it first.
      // The route is a lazy chunk: wait until it has loaded and rendered before refetching.
      await navigate(`/verify-email?email=${encodeURIComponent(res.email)}`);
      await queryClient.invalidateQueries();
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
      <TermsCheckbox registration={form.register('termsAccepted')} error={errors.termsAccepted?.message} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  );
}
