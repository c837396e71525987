import { Dialog } from '../ui/dialog';
import { SignupSteps } from '../ui/signup-steps';
import { closeAuthDialog, setAuthTab, useAuthDialog } from './auth-dialog-store';
import { ForgotForm } from './forgot-form';
import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';
import { SIGN_UP } from './auth-dialog-store';

const titles = { login: 'Welcome back', signup: 'Create your account', forgot: 'Reset your password' };
const descriptions = {
  login: 'Log in to save and manage your signatures.',
  signup: 'Save your signature and put it into Gmail in one click.',
  forgot: "Enter your email and we'll send you a link to reset your password.",
};

/** The login / signup / forgot-password dialog, opened from anywhere with openAuthDialog(). */
export function AuthDialog() {
  const { open, tab, redirectTo, plan, email } = useAuthDialog();
  // The first field takes the cursor; an address being corrected is where the person types.
  const initialFocus = { login: 'login-email', signup: email ? 'signup-email' : 'signup-name', forgot: 'forgot-email' }[
    tab
  ];
  return (
    <Dialog
      open={open}
      onClose={closeAuthDialog}
      title={titles[tab]}
      description={descriptions[tab]}
      closeButton
      initialFocus={initialFocus}
    >
      {tab === 'signup' && <SignupSteps current="Account" className="mt-4" />}
      {tab !== 'forgot' && (
        <div
          role="tablist"
          aria-label="Log in or sign up"
          className="mt-4 grid grid-cols-2 rounded-lg bg-slate-100 p-1 text-sm"
        >
          {(['login', 'signup'] as const).map((t) => (
            <button
              key={t}
              role="tab"
              type="button"
              aria-selected={tab === t}
              onClick={() => setAuthTab(t)}
              className={`rounded-md py-1.5 font-medium ${tab === t ? 'bg-white shadow-sm' : 'text-slate-600'}`}
            >
              {t === 'login' ? 'Log in' : SIGN_UP}
            </button>
          ))}
        </div>
      )}
      <div className="mt-4">
        {tab === 'login' && <LoginForm redirectTo={redirectTo} />}
        {tab === 'signup' && <SignupForm plan={plan} email={email} />}
        {tab === 'forgot' && <ForgotForm />}
      </div>
    </Dialog>
  );
}
