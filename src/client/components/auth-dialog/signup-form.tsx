import { useNavigate } from 'react-router';
import { useSignupForm } from './auth-forms';
import { rememberPendingEmail, useSessionInvalidated } from '../../api/session';
import { describePlanChoice, rememberPendingPlan, type PlanChoice } from '../../api/pending-plan';
import { Button } from '../ui/button';
import { Field, Input } from '../ui/field';
import { FormInput, EMAIL } from '../ui/field-input';
import { NewAccountPassword } from '../ui/password-rules';
import { TermsCheckbox } from '../ui/terms-checkbox';
import { toast } from '../../lib/toast-store';
import { closeAuthDialog, SIGN_UP, SIGNING_UP } from './auth-dialog-store';

export function SignupForm({ plan, email }: { plan: PlanChoice | null; email: string | null }) {
  const navigate = useNavigate();
  const sessionInvalidated = useSessionInvalidated();
  const signup = useSignupForm({
    initialEmail: email ?? undefined,
    onSignedUp: async (answer) => {
      rememberPendingEmail(answer.email);
      rememberPendingPlan(plan);
      toast({ title: 'Account created!', description: answer.message, variant: 'success' });
      closeAuthDialog();
      // Leave the current screen before the new session arrives, so a screen with its own rule for
      // signed-in users (the editor sends them to /pricing) cannot act on it first.
      // The route is a lazy chunk: wait until it has loaded and rendered before refetching.
      await navigate(`/verify-email?email=${encodeURIComponent(answer.email)}`);
      await sessionInvalidated();
    },
  });
  const { form, onSubmit, errors, isSubmitting } = signup;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {plan && (
        <p className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700" id="signup-plan">
          Your plan: <strong className="font-semibold">{describePlanChoice(plan)}</strong>.{' '}
          {plan.planId === 'free'
            ? 'Once your email is verified, you go straight to the editor.'
            : 'Once your email is verified, you go on to its checkout.'}
        </p>
      )}
      <Field id="signup-name" label="Name (optional)" error={errors.name?.message}>
        <Input id="signup-name" autoComplete="name" {...form.register('name')} />
      </Field>
      <FormInput form={form} spec={{ name: 'email', id: 'signup-email', label: 'Email', required: true, ...EMAIL }} />
      <NewAccountPassword signup={signup} id="signup-password" />
      <TermsCheckbox registration={form.register('termsAccepted')} error={errors.termsAccepted?.message} />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? SIGNING_UP : SIGN_UP}
      </Button>
    </form>
  );
}
