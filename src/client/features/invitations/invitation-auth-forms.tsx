import { useState } from 'react';
import type { MeResponse } from '../../../shared/account-types';
import { openAuthDialog, SIGN_UP, SIGNING_UP } from '../../components/auth-dialog/auth-dialog-store';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { FormInput, CURRENT_PASSWORD } from '../../components/ui/field-input';
import { TermsCheckbox } from '../../components/ui/terms-checkbox';
import { useLoginForm, useSignupForm } from '../../components/auth-dialog/auth-forms';
import { NewAccountPassword } from '../../components/ui/password-rules';
import { readSession, rememberPendingEmail } from '../../api/session';

/** Sign up or log in with the invited address; `onSignedIn` then joins the organization (and stores the session). */
export function InvitationAuthForms({
  email,
  onSignedIn,
}: {
  email: string;
  onSignedIn(me: MeResponse, isNew: boolean): Promise<void>;
}) {
  const [mode, setMode] = useState<'signup' | 'login'>('signup');
  const [notice, setNotice] = useState<string | null>(null);
  const login = useLoginForm({ email, seedSession: false, onSignedIn: (me) => onSignedIn(me, false) });
  const signup = useSignupForm({
    email,
    onSignedUp: async () => {
      const me = await readSession();
      if (!me) {
        // The address already has an account: signup opens no session for it.
        setNotice(`If ${email} already has an account, log in with it to accept the invitation.`);
        login.form.setValue('password', '');
        setMode('login');
        return;
      }
      rememberPendingEmail(me.user.email);
      await onSignedIn(me, true);
    },
  });

  const se = signup.errors;
  return (
    <div>
      <div
        role="tablist"
        aria-label="Sign up or log in"
        className="grid grid-cols-2 rounded-lg bg-slate-100 p-1 text-sm"
      >
        {(['signup', 'login'] as const).map((m) => (
          <button
            key={m}
            role="tab"
            type="button"
            aria-selected={mode === m}
            onClick={() => setMode(m)}
            className={`rounded-md py-1.5 font-medium ${mode === m ? 'bg-white shadow-sm' : 'text-slate-600'}`}
          >
            {m === 'signup' ? SIGN_UP : 'Log in'}
          </button>
        ))}
      </div>
      {notice && mode === 'login' && (
        <p className="mt-4 rounded-lg bg-blue-50 px-3 py-2 text-sm text-blue-900 ring-1 ring-blue-200">{notice}</p>
      )}
      {mode === 'signup' ? (
        <form onSubmit={signup.onSubmit} noValidate className="mt-5 grid gap-4">
          <Field id="inv-name" label="Your name" error={se.name?.message}>
            <Input id="inv-name" autoComplete="name" {...signup.form.register('name')} />
          </Field>
          <Field id="inv-email" label="Email" hint="The invitation was sent to this address.">
            <Input id="inv-email" type="email" value={email} readOnly className="bg-slate-50 text-slate-600" />
          </Field>
          <NewAccountPassword signup={signup} id="inv-password" />
          <TermsCheckbox registration={signup.form.register('termsAccepted')} error={se.termsAccepted?.message} />
          <Button type="submit" size="lg" disabled={signup.isSubmitting}>
            {signup.isSubmitting ? SIGNING_UP : `${SIGN_UP} and join`}
          </Button>
        </form>
      ) : (
        <form onSubmit={login.onSubmit} noValidate className="mt-5 grid gap-4">
          <Field id="inv-login-email" label="Email">
            <Input id="inv-login-email" type="email" value={email} readOnly className="bg-slate-50 text-slate-600" />
          </Field>
          <FormInput
            form={login.form}
            spec={{ name: 'password', id: 'inv-login-password', label: 'Password', ...CURRENT_PASSWORD }}
          />
          <Button type="submit" size="lg" disabled={login.isSubmitting}>
            {login.isSubmitting ? 'Signing in...' : 'Log in and join'}
          </Button>
          <button
            type="button"
            onClick={() => openAuthDialog('forgot')}
            className="justify-self-center text-sm text-brand hover:underline"
          >
            Forgot your password?
          </button>
        </form>
      )}
    </div>
  );
}
