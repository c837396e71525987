import type { useLoginForm } from './auth-forms';
import { Button } from '../ui/button';
import { FormInput, CURRENT_PASSWORD, EMAIL } from '../ui/field-input';

/**
 * The login form's inside, shared by the dialog and /login: email, password, "Forgot password?"
 * and the submit button. /login (`page`) marks the fields required and uses the large button.
 */
export function LoginFields({
  login: { form, isSubmitting },
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
      <FormInput form={form} spec={{ name: 'email', id: id('email'), label: 'Email', required: page, ...EMAIL }} />
      <FormInput
        form={form}
        spec={{ name: 'password', id: id('password'), label: 'Password', ...CURRENT_PASSWORD, required: page }}
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
