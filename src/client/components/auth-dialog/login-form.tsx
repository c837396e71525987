import { useNavigate } from 'react-router';
import { useLoginForm } from '../../lib/auth-forms';
import { Button } from '../ui/button';
import { Field, Input } from '../ui/field';
import { toast } from '../ui/toast-store';
import { closeAuthDialog, setAuthTab } from './auth-dialog-store';

export function LoginForm({ redirectTo }: { redirectTo: string | null }) {
  const navigate = useNavigate();
  const { form, onSubmit, errors, isSubmitting } = useLoginForm({
    onSignedIn: () => {
      toast({ title: 'Welcome back!', variant: 'success' });
      closeAuthDialog();
      if (redirectTo) navigate(redirectTo);
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <Field id="login-email" label="Email" error={errors.email?.message}>
        <Input
          id="login-email"
          type="email"
          autoComplete="email"
          aria-invalid={!!errors.email}
          {...form.register('email')}
        />
      </Field>
      <Field id="login-password" label="Password" error={errors.password?.message}>
        <Input
          id="login-password"
          type="password"
          autoComplete="current-password"
          aria-invalid={!!errors.password}
          {...form.register('password')}
        />
      </Field>
      <button
        type="button"
        className="justify-self-end text-sm text-brand hover:underline"
        onClick={() => setAuthTab('forgot')}
      >
        Forgot password?
      </button>
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Signing in...' : 'Log in'}
      </Button>
    </form>
  );
}
