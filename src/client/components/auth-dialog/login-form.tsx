import { useNavigate } from 'react-router';
import { useLoginForm } from './auth-forms';
import { toast } from '../../lib/toast-store';
import { closeAuthDialog, setAuthTab } from './auth-dialog-store';
import { LoginFields } from './login-fields';

export function LoginForm({ redirectTo }: { redirectTo: string | null }) {
  const navigate = useNavigate();
  const login = useLoginForm({
    onSignedIn: () => {
      toast({ title: 'Welcome back!', variant: 'success' });
      closeAuthDialog();
      if (redirectTo) navigate(redirectTo);
    },
  });

  return (
    <form onSubmit={login.onSubmit} noValidate className="grid gap-4">
      <LoginFields login={login} onForgot={() => setAuthTab('forgot')} />
    </form>
  );
}
