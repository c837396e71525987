import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { MeResponse } from '../../../shared/account-types';
import { loginSchema, type LoginInput } from '../../../shared/validation/auth-schemas';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { toast } from '../../components/ui/toast-store';
import { ApiError, api } from '../../lib/api';
import { useSessionChanged } from '../../lib/session';

export function LoginPage() {
  const navigate = useNavigate();
  const sessionChanged = useSessionChanged();
  const form = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const me = await api.post<MeResponse>('/api/auth/login', values);
      await sessionChanged(me);
      toast({ title: 'Welcome back!', variant: 'success' });
      navigate('/pricing');
    } catch (error) {
      const description = error instanceof ApiError ? error.message || 'Invalid email or password' : 'Something went wrong. Please try again.';
      toast({ title: 'Login Failed', description, variant: 'destructive' });
    }
  });

  const sendMagicLink = async () => {
    const email = form.getValues('email').trim();
    if (!email) {
      toast({ title: 'Email Required', description: 'Please enter your email address to send a magic link.', variant: 'destructive' });
      return;
    }
    try {
      await api.post('/api/auth/send-magic-link', { email });
      toast({ title: 'Magic link sent', description: 'Check your inbox for a sign-in link.', variant: 'success' });
    } catch (error) {
      toast({
        title: 'Failed to Send Magic Link',
        description: error instanceof Error ? error.message : 'Please try again later.',
        variant: 'destructive',
      });
    }
  };

  return (
    <main className="flex min-h-full items-center justify-center p-4">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <Link to="/" className="text-lg font-bold text-brand">
          SignaturePro
        </Link>
        <h1 className="mt-4 text-2xl font-semibold">Log in</h1>
        <form onSubmit={onSubmit} noValidate className="mt-6 grid gap-4">
          <Field id="email" label="Email" required error={errors.email?.message}>
            <Input id="email" type="email" autoComplete="email" aria-invalid={!!errors.email} {...form.register('email')} />
          </Field>
          <Field id="password" label="Password" required error={errors.password?.message}>
            <Input id="password" type="password" autoComplete="current-password" aria-invalid={!!errors.password} {...form.register('password')} />
          </Field>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Signing in...' : 'Log in'}
          </Button>
          <Button variant="secondary" onClick={sendMagicLink}>
            Send Magic Link
          </Button>
        </form>
        <p className="mt-6 text-center text-sm text-slate-600">
          No account yet?{' '}
          <Link to="/" className="font-medium text-brand hover:underline">
            Sign up
          </Link>
        </p>
      </div>
    </main>
  );
}
