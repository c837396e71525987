import { Dialog } from 'radix-ui';
import { closeAuthDialog, setAuthTab, useAuthDialog } from './auth-dialog-store';
import { ForgotForm } from './forgot-form';
import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';

const titles = { login: 'Welcome back', signup: 'Create your account', forgot: 'Reset your password' };
const descriptions = {
  login: 'Log in to save and manage your signatures.',
  signup: 'Save your signature and put it into Gmail in one click.',
  forgot: "Enter your email and we'll send you a link to reset your password.",
};

/** The login / signup / forgot-password dialog, opened from anywhere with openAuthDialog(). */
export function AuthDialog() {
  const { open, tab, redirectTo } = useAuthDialog();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && closeAuthDialog()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-xl font-semibold">{titles[tab]}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">{descriptions[tab]}</Dialog.Description>
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
                  {t === 'login' ? 'Log in' : 'Sign up'}
                </button>
              ))}
            </div>
          )}
          <div className="mt-4">
            {tab === 'login' && <LoginForm redirectTo={redirectTo} />}
            {tab === 'signup' && <SignupForm />}
            {tab === 'forgot' && <ForgotForm />}
          </div>
          <Dialog.Close
            aria-label="Close"
            className="absolute right-3 top-3 rounded p-1 text-slate-500 hover:bg-slate-100"
          >
            ×
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
