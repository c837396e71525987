import { CircleCheckBig, MailCheck, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CODE_LENGTH } from '../../../shared/validation/auth-schemas';
import { openAuthDialog } from '../../components/auth-dialog/auth-dialog-store';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/toast-store';
import { errorMessage } from '../../lib/api';
import { useSessionInvalidated } from '../../api/session';
import { AuthCard } from './auth-card';
import { CodeInputs } from './code-inputs';
import { clearPendingEmail, readPendingEmail, useResendVerification, verifyEmail } from '../../api/auth';

const empty = () => Array.from({ length: CODE_LENGTH }, () => '');
type Phase = 'entering' | 'verifying' | 'verified';

/** /verify-email: the 6-digit code from the mail; the email comes from ?email= or the pending signup. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() || readPendingEmail();
  const navigate = useNavigate();
  const sessionInvalidated = useSessionInvalidated();
  const [digits, setDigits] = useState(empty);
  const [phase, setPhase] = useState<Phase>('entering');
  const [failed, setFailed] = useState(false);
  const { sending: resending, resend: resendMail } = useResendVerification(
    (to) => `We sent a new code to ${to}.`,
    'Failed to resend verification email',
  );
  const first = useRef<HTMLInputElement | null>(null);

  useEffect(() => first.current?.focus(), []);
  useEffect(() => {
    if (phase !== 'verified') return;
    const timer = setTimeout(() => navigate('/pricing'), 2000);
    return () => clearTimeout(timer);
  }, [phase, navigate]);

  const submit = async (code: string) => {
    if (phase !== 'entering' || !email) return;
    setPhase('verifying');
    try {
      const res = await verifyEmail(code, email);
      clearPendingEmail();
      if (res.signedOut) {
        // Verified from outside the account's session: earlier sign-ins and the password were ended.
        toast({ title: 'Email verified!', description: res.message, variant: 'success' });
        await sessionInvalidated();
        navigate('/login');
        return;
      }
      setPhase('verified');
      toast({ title: 'Email verified!', description: 'Your email address is confirmed.', variant: 'success' });
      await sessionInvalidated();
    } catch (error) {
      // The spec: an error clears the boxes and puts the cursor back in the first.
      setDigits(empty());
      setFailed(true);
      setPhase('entering');
      toast({
        title: 'Verification failed',
        description: errorMessage(error, 'Invalid verification code'),
        variant: 'destructive',
      });
      setTimeout(() => first.current?.focus(), 0);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const code = digits.join('');
    if (code.length === CODE_LENGTH) void submit(code);
    else
      toast({
        title: 'Enter all 6 digits',
        description: 'The code in the email has six digits.',
        variant: 'destructive',
      });
  };

  const resend = async () => {
    if (!(await resendMail(email))) return;
    setDigits(empty());
    first.current?.focus();
  };

  if (!email) {
    return (
      <AuthCard
        icon={<TriangleAlert className="h-6 w-6" />}
        tone="danger"
        title="Verify your email"
        description="No email found for verification. Please sign up again."
      >
        <Button className="w-full" onClick={() => openAuthDialog('signup')}>
          Sign up
        </Button>
      </AuthCard>
    );
  }

  if (phase === 'verified') {
    return (
      <AuthCard
        icon={<CircleCheckBig className="h-6 w-6" />}
        tone="success"
        title="Email verified!"
        description={<p role="status">Thanks for confirming {email}. Taking you to the plans…</p>}
      />
    );
  }

  return (
    <AuthCard
      icon={<MailCheck className="h-6 w-6" />}
      title="Check your email"
      description={
        <p>
          We sent a 6-digit code to <strong className="font-semibold text-slate-900">{email}</strong>. Enter it below to
          verify your account.
        </p>
      }
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-6">
        <CodeInputs
          digits={digits}
          onChange={(next) => {
            setDigits(next);
            setFailed(false);
          }}
          onComplete={(code) => void submit(code)}
          disabled={phase === 'verifying'}
          invalid={failed}
          inputRef={(i, el) => {
            if (i === 0) first.current = el;
          }}
        />
        <Button type="submit" size="lg" className="w-full" disabled={phase === 'verifying'}>
          {phase === 'verifying' ? 'Verifying...' : 'Verify email'}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Didn't get the code? Check your spam folder or{' '}
        <button
          type="button"
          onClick={resend}
          disabled={resending}
          className="font-medium text-brand hover:underline disabled:opacity-60"
        >
          {resending ? 'sending...' : 'resend it'}
        </button>
        .
      </p>
      <p className="mt-2 text-center text-xs text-slate-500">
        The code expires 10 minutes after it was sent. The email also has a one-click link.
      </p>
    </AuthCard>
  );
}
