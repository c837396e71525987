import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheckBig, KeyRound, LoaderCircle, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { resetPasswordFormSchema, type ResetPasswordFormInput } from '../../../shared/validation/auth-schemas';
import { openAuthDialog } from '../../components/auth-dialog/auth-dialog-store';
import { Button } from '../../components/ui/button';
import { FormInput, NEW_PASSWORD } from '../../components/ui/field-input';
import { toast } from '../../lib/toast-store';
import { errorMessage } from '../../lib/api';
import { AuthCard } from './auth-card';
import { PasswordRules } from '../../components/ui/password-rules';
import { checkResetToken, resetPassword } from '../../api/auth';

type Phase = 'checking' | 'invalid' | 'form' | 'done';

/** /reset-password/{token}: new password twice; 'Invalid Reset Link' without a usable token. */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>(token ? 'checking' : 'invalid');
  const form = useForm<ResetPasswordFormInput>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { isSubmitting } = form.formState;
  const password = form.watch('password');

  useEffect(() => {
    if (!token) return;
    let live = true;
    checkResetToken(token)
      .then((res) => live && setPhase(res.valid ? 'form' : 'invalid'))
      // If the check itself fails, let the person try: the reset call gives the real answer.
      .catch(() => live && setPhase('form'));
    return () => {
      live = false;
    };
  }, [token]);

  useEffect(() => {
    if (phase !== 'done') return;
    const timer = setTimeout(() => navigate('/'), 3000);
    return () => clearTimeout(timer);
  }, [phase, navigate]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await resetPassword(token, values.password);
      setPhase('done');
      toast({ title: 'Password reset!', description: 'You can now login with your new password.', variant: 'success' });
    } catch (error) {
      toast({
        title: 'Reset failed',
        description: errorMessage(error, 'This link may have expired.'),
        variant: 'destructive',
      });
    }
  });

  if (phase === 'checking') {
    return (
      <AuthCard
        icon={<LoaderCircle className="h-6 w-6 animate-spin" />}
        title="Checking your link"
        description="One moment…"
      />
    );
  }
  if (phase === 'invalid') {
    return (
      <AuthCard
        icon={<TriangleAlert className="h-6 w-6" />}
        tone="danger"
        title="Invalid Reset Link"
        description={
          <p role="alert">
            {token
              ? 'This reset link is invalid or has expired. Please request a new one.'
              : 'No reset token provided. Please request a new password reset link.'}
          </p>
        }
      >
        <Button className="w-full" onClick={() => openAuthDialog('forgot')}>
          Request a new link
        </Button>
      </AuthCard>
    );
  }
  if (phase === 'done') {
    return (
      <AuthCard
        icon={<CircleCheckBig className="h-6 w-6" />}
        tone="success"
        title="Password reset!"
        description={<p role="status">You can now login with your new password. Taking you to the home page…</p>}
      />
    );
  }

  return (
    <AuthCard
      icon={<KeyRound className="h-6 w-6" />}
      title="Choose a new password"
      description="Pick a password you don't use anywhere else."
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormInput
          form={form}
          spec={{ name: 'password', id: 'new-password', label: 'New password', ...NEW_PASSWORD }}
        />
        <PasswordRules password={password} />
        <FormInput
          form={form}
          spec={{ name: 'confirmPassword', id: 'confirm-password', label: 'Confirm password', ...NEW_PASSWORD }}
        />
        <Button type="submit" size="lg" className="mt-2 w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Resetting...' : 'Reset password'}
        </Button>
      </form>
    </AuthCard>
  );
}
