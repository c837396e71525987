import { CircleCheckBig, LoaderCircle, MailCheck, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/toast-store';
import { errorMessage } from '../../lib/api';
import { useSessionInvalidated } from '../../api/session';
import { AuthCard } from './auth-card';
import { ChoosePasswordForm } from './choose-password-form';
import { clearPendingEmail, readPendingEmail, useResendVerification, verifyEmail } from '../../api/auth';

type Phase = 'idle' | 'loading' | 'success' | 'error';

/** /verify-email/{token}: the link from the mail. A button that verifies, then success (to / after 3 s) or error with resend. */
export function VerifyEmailLinkPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const sessionInvalidated = useSessionInvalidated();
  const [phase, setPhase] = useState<Phase>('idle');
  const [message, setMessage] = useState('');
  const { sending: resending, resend } = useResendVerification(
    () => 'Check your inbox for a new link and code.',
    'Failed to resend',
  );
  const [signedOut, setSignedOut] = useState(false);
  const [signedIn, setSignedIn] = useState(false);

  // Opening the page spends nothing; the click does. Mail scanners that fetch (and even run) every
  // link would otherwise verify the address for whoever signed up with it.
  const verify = () => {
    if (!token) {
      setPhase('error');
      setMessage('No verification token provided. Please check your email for the verification link.');
      return;
    }
    setPhase('loading');
    verifyEmail(token)
      .then(async (res) => {
        clearPendingEmail();
        setMessage(res.message);
        setSignedOut(Boolean(res.signedOut));
        setSignedIn(Boolean(res.signedIn));
        setPhase('success');
        toast({ title: 'Email verified!', description: 'Your email address is confirmed.', variant: 'success' });
        await sessionInvalidated();
      })
      .catch((error: unknown) => {
        setPhase('error');
        setMessage(errorMessage(error, 'This verification link is invalid or has expired.'));
        toast({
          title: 'Verification failed',
          description: 'This link may have expired. Please request a new one.',
          variant: 'destructive',
        });
      });
  };

  useEffect(() => {
    if (phase !== 'success' || signedOut || signedIn) return;
    const timer = setTimeout(() => navigate('/'), 3000);
    return () => clearTimeout(timer);
  }, [phase, signedOut, signedIn, navigate]);

  if (phase === 'success' && signedIn) {
    return (
      <AuthCard
        icon={<CircleCheckBig className="h-6 w-6" />}
        tone="success"
        title="Email verified!"
        description={<p role="status">{message}</p>}
      >
        <ChoosePasswordForm onDone={() => navigate('/')} />
      </AuthCard>
    );
  }
  if (phase === 'success' && signedOut) {
    return (
      <AuthCard
        icon={<CircleCheckBig className="h-6 w-6" />}
        tone="success"
        title="Email verified!"
        description={<p role="status">{message}</p>}
      >
        <Button className="w-full" onClick={() => navigate('/login')}>
          Log in with a sign-in link
        </Button>
      </AuthCard>
    );
  }
  if (phase === 'success') {
    return (
      <AuthCard
        icon={<CircleCheckBig className="h-6 w-6" />}
        tone="success"
        title="Email verified!"
        description={<p role="status">{message} Taking you to SignaturePro…</p>}
      />
    );
  }
  if (phase === 'error') {
    return (
      <AuthCard
        icon={<TriangleAlert className="h-6 w-6" />}
        tone="danger"
        title="Verification failed"
        description={<p role="alert">{message}</p>}
      >
        <div className="grid gap-3">
          <Button className="w-full" onClick={() => void resend(readPendingEmail())} disabled={resending}>
            {resending ? 'Sending...' : 'Resend verification email'}
          </Button>
          <Button variant="ghost" className="w-full" onClick={() => navigate('/login')}>
            Go to login
          </Button>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      icon={phase === 'loading' ? <LoaderCircle className="h-6 w-6 animate-spin" /> : <MailCheck className="h-6 w-6" />}
      title="Verify your email"
      description="One click confirms this address belongs to you."
    >
      <Button size="lg" className="w-full" onClick={verify} disabled={phase === 'loading'}>
        {phase === 'loading' ? 'Verifying...' : 'Verify my email'}
      </Button>
      <p className="mt-4 text-center text-xs text-slate-500">Didn't sign up for SignaturePro? Just close this page.</p>
    </AuthCard>
  );
}
