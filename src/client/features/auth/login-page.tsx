import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { openAuthDialog } from '../../components/auth-dialog/auth-dialog-store';
import { LoginFields } from '../../components/auth-dialog/login-fields';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/toast-store';
import { errorMessage } from '../../lib/api';
import { useLoginForm } from '../../components/auth-dialog/auth-forms';
import { AuthCard } from './auth-card';
import { sendMagicLink } from '../../api/auth';

/** /login: password or magic link; success goes to /pricing (spec section 4). */
export function LoginPage() {
  const navigate = useNavigate();
  const [sendingLink, setSendingLink] = useState(false);
  const login = useLoginForm({
    screen: 'login-page',
    onSignedIn: () => {
      toast({ title: 'Welcome back!', variant: 'success' });
      navigate('/pricing');
    },
  });

  const requestMagicLink = async () => {
    const email = login.form.getValues('email').trim();
    if (!email) {
      toast({
        title: 'Email Required',
        description: 'Please enter your email address to send a magic link.',
        variant: 'destructive',
      });
      return;
    }
    setSendingLink(true);
    try {
      const res = await sendMagicLink(email);
      toast({ title: 'Magic link sent', description: res.message, variant: 'success' });
    } catch (error) {
      toast({
        title: 'Failed to Send Magic Link',
        description: errorMessage(error, 'Please try again later.'),
        variant: 'destructive',
      });
    } finally {
      setSendingLink(false);
    }
  };

  return (
    <AuthCard
      title="Log in"
      description="Welcome back. Log in with your password, or get a one-time sign-in link by email."
      footer={
        <>
          No account yet?{' '}
          <Link to="/" onClick={() => openAuthDialog('signup')} className="font-medium text-brand hover:underline">
            Sign up
          </Link>
        </>
      }
    >
      <form onSubmit={login.onSubmit} noValidate className="grid gap-4">
        <LoginFields login={login} page onForgot={() => openAuthDialog('forgot')} />
        <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-slate-400" aria-hidden="true">
          <span className="h-px flex-1 bg-slate-200" />
          or
          <span className="h-px flex-1 bg-slate-200" />
        </div>
        <Button variant="secondary" size="lg" onClick={requestMagicLink} disabled={sendingLink}>
          {sendingLink ? 'Sending...' : 'Send Magic Link'}
        </Button>
      </form>
    </AuthCard>
  );
}
