import { useWatch } from 'react-hook-form';
import { PASSWORD_RULES } from '../../../shared/validation/auth-schemas';
import type { useSignupForm } from '../auth-dialog/auth-forms';
import { FormInput, NEW_PASSWORD } from './field-input';

/**
 * The one new-password rule, ticked off as the person types: sign-up, reset, choosing a first
 * password and changing it all show the same list (decision 0185).
 */
export function PasswordRules({ password, id }: { password: string; id?: string }) {
  return (
    <ul id={id} className="grid grid-cols-2 gap-1 text-xs" aria-label="Must have">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <li key={rule.label} className={`flex items-center gap-1.5 ${met ? 'text-emerald-700' : 'text-slate-500'}`}>
            <span className={met ? '' : 'text-slate-300'} aria-hidden="true">
              ✓
            </span>
            {rule.label}
            <span className="sr-only">{met ? '(done)' : '(not yet)'}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** The new account's password with the one rule ticked off under it (sign-up dialog, invitation page). */
export function NewAccountPassword({ signup, id }: { signup: ReturnType<typeof useSignupForm>; id: string }) {
  const password = useWatch({ control: signup.form.control, name: 'password' });
  return (
    <div className="grid gap-2">
      <FormInput form={signup.form} spec={{ name: 'password', id, label: 'Password', ...NEW_PASSWORD }} />
      <PasswordRules password={password ?? ''} />
    </div>
  );
}
