import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Circle } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import {
  changePasswordSchema,
  passwordStrength,
  type ChangePasswordInput,
} from '../../../shared/validation/account-schemas';
import { Button } from '../../components/ui/button';
import { FormInput, CURRENT_PASSWORD, NEW_PASSWORD } from '../../components/ui/field-input';
import { saveWithToast, SectionCard } from './account-ui';
import { useChangePassword } from '../../api/account';

const METER_TONE = { Weak: 'bg-red-500', Fair: 'bg-amber-500', Good: 'bg-lime-500', Strong: 'bg-green-600' } as const;

/** The six-criteria meter: how many are met, the word for it, and the list. */
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
      <ul className="mt-2 grid gap-1 text-xs sm:grid-cols-2">
        {strength.criteria.map((c) => (
          <li key={c.label} className={`flex items-center gap-1.5 ${c.met ? 'text-green-700' : 'text-slate-500'}`}>
            {c.met ? (
              <Check className="h-3.5 w-3.5" aria-hidden="true" />
            ) : (
              <Circle className="h-3 w-3" aria-hidden="true" />
            )}
            {c.label}
            <span className="sr-only">{c.met ? '(met)' : '(not met)'}</span>
          </li>
        ))}
      </ul>
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
