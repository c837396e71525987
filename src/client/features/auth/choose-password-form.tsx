import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { resetPasswordFormSchema, type ResetPasswordFormInput } from '../../../shared/validation/auth-schemas';
import { Button } from '../../components/ui/button';
import { FormInput, NEW_PASSWORD } from '../../components/ui/field-input';
import { toast } from '../../lib/toast-store';
import { errorMessage } from '../../lib/api';
import { choosePassword } from '../../api/auth';
import { PasswordRules } from '../../components/ui/password-rules';

/**
 * The first password of a person the verification link just signed in (the one set before the
 * address was proved is gone). "Skip for now" leaves them signed in; a password can come later.
 */
export function ChoosePasswordForm({ onDone }: { onDone: () => void }) {
  const form = useForm<ResetPasswordFormInput>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const res = await choosePassword(values.password);
      toast({ title: 'Password saved', description: res.message, variant: 'success' });
      onDone();
    } catch (error) {
      toast({
        title: 'Password not saved',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormInput
        form={form}
        spec={{ name: 'password', id: 'choose-password', label: 'Choose a password', ...NEW_PASSWORD }}
      />
      <PasswordRules password={form.watch('password')} />
      <FormInput
        form={form}
        spec={{ name: 'confirmPassword', id: 'choose-password-confirm', label: 'Confirm password', ...NEW_PASSWORD }}
      />
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? 'Saving...' : 'Save password'}
      </Button>
      <Button type="button" variant="ghost" className="w-full" onClick={onDone}>
        Skip for now
      </Button>
    </form>
  );
}
