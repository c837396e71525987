import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import {
  changePasswordSchema,
  passwordStrength,
  type ChangePasswordInput,
} from '../../../shared/validation/account-schemas';
import { Button } from '../../components/ui/button';
import { PasswordRules } from '../../components/ui/password-rules';
import { FormInput, CURRENT_PASSWORD, NEW_PASSWORD } from '../../components/ui/field-input';
import { saveWithToast, SectionCard } from './account-ui';
import { useChangePassword } from '../../api/account';

const METER_TONE = { Weak: 'bg-red-500', Fair: 'bg-amber-500', Good: 'bg-lime-500', Strong: 'bg-green-600' } as const;

/**
 * How strong the new password is (six criteria, the word for it), over the one rule every new
 * password must meet (decision 0185): the strength is advice, the rule is what the server checks.
 */
export function StrengthMeter({ password }: { password: string }) {
  const strength = passwordStrength(password);
  return (
    <div aria-live="polite">
      <div className="flex items-center gap-3">
        <div className="grid flex-1 grid-cols-6 gap-1" aria-hidden="true">
          {strength.criteria.map((_, i) => (
            <span
              key={i}
              className={`h-1.5 rounded-full ${i < strength.score ? METER_TONE[strength.label] : 'bg-slate-200'}`}
            />
          ))}
        </div>
        <span className="w-14 text-right text-xs font-medium text-slate-700">{password ? strength.label : ''}</span>
      </div>
      <p className="sr-only">{password ? `Password strength: ${strength.label}` : ''}</p>
      <div className="mt-2">
        <PasswordRules password={password} />
      </div>
    </div>
  );
}

export function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { isDirty } = form.formState;
  const newPassword = useWatch({ control: form.control, name: 'newPassword' });

  const onSubmit = form.handleSubmit(async (values) => {
    await saveWithToast(
      async () => {
        await change.mutateAsync(values);
        form.reset();
      },
      { title: 'Password changed', description: 'Every other device has been signed out.' },
      form,
      ['currentPassword', 'newPassword', 'confirmPassword'],
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <SectionCard
        id="password"
        title="Change password"
        description="Changing it signs you out everywhere else."
        footer={
          isDirty ? (
            <div className="flex justify-end gap-2 rounded-b-xl border-t border-slate-200 bg-slate-50 px-5 py-3 sm:px-6">
              <Button variant="secondary" onClick={() => form.reset()} disabled={change.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={change.isPending}>
                {change.isPending ? 'Saving...' : 'Change password'}
              </Button>
            </div>
          ) : null
        }
      >
        <div className="grid gap-5 sm:max-w-lg">
          <FormInput
            form={form}
            spec={{ name: 'currentPassword', id: 'current-password', label: 'Current password', ...CURRENT_PASSWORD }}
          />
          <FormInput
            form={form}
            spec={{ name: 'newPassword', id: 'new-password', label: 'New password', ...NEW_PASSWORD }}
          />
          <StrengthMeter password={newPassword} />
          <FormInput
            form={form}
            spec={{ name: 'confirmPassword', id: 'confirm-password', label: 'Confirm new password', ...NEW_PASSWORD }}
          />
        </div>
      </SectionCard>
    </form>
  );
}
