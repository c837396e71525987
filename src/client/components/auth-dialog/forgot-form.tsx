import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { forgotPasswordSchema } from '../../../shared/validation/auth-schemas';
import { forgotPassword } from '../../api/auth';
import { errorMessage } from '../../lib/api';
import { Button } from '../ui/button';
import { FormInput, EMAIL } from '../ui/field-input';
import { toast } from '../../lib/toast-store';
import { setAuthTab } from './auth-dialog-store';

export function ForgotForm() {
  const [sent, setSent] = useState(false);
  const form = useForm<z.input<typeof forgotPasswordSchema>>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await forgotPassword(values);
      setSent(true);
      toast({
        title: 'Reset link sent',
        description: "If an account exists, we've sent a password reset link.",
        variant: 'success',
      });
    } catch (error) {
      toast({
        title: 'Request failed',
        description: errorMessage(error, 'Please try again later.'),
        variant: 'destructive',
      });
    }
  });

  if (sent) {
    return (
      <div className="grid gap-4">
        <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-800">
          If an account exists with that email, we've sent password reset instructions.
        </p>
        <Button variant="secondary" onClick={() => setAuthTab('login')}>
          Back to login
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormInput form={form} spec={{ name: 'email', id: 'forgot-email', label: 'Email', ...EMAIL }} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Sending instructions...' : 'Send reset instructions'}
      </Button>
      <button type="button" className="text-sm text-brand hover:underline" onClick={() => setAuthTab('login')}>
        ← Back to login
      </button>
    </form>
  );
}
