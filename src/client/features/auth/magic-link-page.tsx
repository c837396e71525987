import { LogIn, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/toast-store';
import { errorMessage } from '../../lib/api';
import { useSessionChanged } from '../../api/session';
import { AuthCard } from './auth-card';
import { signInWithMagicLink } from '../../api/auth';

/**
 * /magic-link/{token}: opening the page spends nothing; the click does. Mail scanners that fetch
 * every link would otherwise use the link up before the person gets to it.
 */
export function MagicLinkPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const sessionChanged = useSessionChanged();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(token ? '' : 'This sign-in link is incomplete. Please request a new one.');

  const signIn = async () => {
    setBusy(true);
    try {
      const me = await signInWithMagicLink(token);
      await sessionChanged(me);
      toast({ title: 'Welcome back!', variant: 'success' });
      navigate('/pricing');
    } catch (err) {
      const message = errorMessage(err, 'This sign-in link is invalid or has expired. Please request a new one.');
      setError(message);
      toast({ title: 'Sign-in failed', description: message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  if (error) {
    return (
      <AuthCard
        icon={<TriangleAlert className="h-6 w-6" />}
        tone="danger"
        title="This link can't sign you in"
        description={<p role="alert">{error}</p>}
      >
        <Button className="w-full" onClick={() => navigate('/login')}>
          Request a new link
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={<LogIn className="h-6 w-6" />}
      title="Sign in to SignaturePro"
      description="You're one click away. The link works once and expires 10 minutes after it was sent."
    >
      <Button size="lg" className="w-full" onClick={signIn} disabled={busy}>
        {busy ? 'Signing in...' : 'Sign in'}
      </Button>
      <p className="mt-4 text-center text-xs text-slate-500">Didn't ask for this link? Just close this page.</p>
    </AuthCard>
  );
}
