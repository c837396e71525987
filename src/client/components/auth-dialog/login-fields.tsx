import type { useLoginForm } from '../../lib/auth-forms';
import { Button } from '../ui/button';
import { FieldInput } from '../ui/field-input';

/**
 * The login form's inside, shared by the dialog and /login: email, password, "Forgot password?"
 * and the submit button. /login (`page`) marks the fields required and uses the large button.
 */
export function LoginFields({
  login: { form, errors, isSubmitting },
  page = false,
  onForgot,
}: {
  login: ReturnType<typeof useLoginForm>;
  page?: boolean;
  onForgot(): void;
}) {
  const id = (name: string) => (page ? name : `login-${name}`);
  return (
    <>
      <FieldInput
        id={id('email')}
        label="Email"
        required={page}
        error={errors.email?.message}
        type="email"
        autoComplete="email"
        registration={form.register('email')}
      />
      <FieldInput
        id={id('password')}
        label="Password"
        required={page}
        error={errors.password?.message}
        type="password"
        autoComplete="current-password"
        registration={form.register('password')}
      />
      <button
        type="button"
        className={`${page ? '-mt-1 ' : ''}justify-self-end text-sm text-brand hover:underline`}
        onClick={onForgot}
      >
        Forgot password?
      </button>
      <Button type="submit" size={page ? 'lg' : 'md'} disabled={isSubmitting}>
        {isSubmitting ? 'Signing in...' : 'Log in'}
      </Button>
    </>
  );
}
