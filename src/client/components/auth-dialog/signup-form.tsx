import { useNavigate } from 'react-router';
import { useSignupForm } from './auth-forms';
import { rememberPendingEmail, useSessionInvalidated } from '../../api/session';
import { Button } from '../ui/button';
import { Field, Input } from '../ui/field';
import { FormInput, EMAIL, NEW_ACCOUNT_PASSWORD } from '../ui/field-input';
import { TermsCheckbox } from '../ui/terms-checkbox';
import { toast } from '../../lib/toast-store';
import { closeAuthDialog } from './auth-dialog-store';

export function SignupForm() {
  const navigate = useNavigate();
  const sessionInvalidated = useSessionInvalidated();
  const { form, onSubmit, errors, isSubmitting } = useSignupForm({
    onSignedUp: async (answer) => {
      rememberPendingEmail(answer.email);
      toast({ title: 'Account created!', description: answer.message, variant: 'success' });
      closeAuthDialog();
      // Leave the current screen before the new session arrives, so a screen with its own rule for
      // signed-in users (the editor sends them to /pricing) cannot act on it first.
      // The route is a lazy chunk: wait until it has loaded and rendered before refetching.
      await navigate(`/verify-email?email=${encodeURIComponent(answer.email)}`);
      await sessionInvalidated();
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <Field id="signup-name" label="Name (optional)" error={errors.name?.message}>
        <Input id="signup-name" autoComplete="name" {...form.register('name')} />
      </Field>
      <FormInput form={form} spec={{ name: 'email', id: 'signup-email', label: 'Email', required: true, ...EMAIL }} />
      <FormInput
        form={form}
        spec={{ name: 'password', id: 'signup-password', label: 'Password', ...NEW_ACCOUNT_PASSWORD }}
      />
      <TermsCheckbox registration={form.register('termsAccepted')} error={errors.termsAccepted?.message} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  );
}
