import { CircleCheckBig, MailCheck, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CODE_LENGTH } from '../../../shared/validation/auth-schemas';
import { openAuthDialog } from '../../components/auth-dialog/auth-dialog-store';
import { Button } from '../../components/ui/button';
import { SignupSteps } from '../../components/ui/signup-steps';
import { callPublic } from '../../api/public';
import {
  checkoutPathOf,
  clearPendingPlan,
  describePlanChoice,
  readPendingPlan,
  type PlanChoice,
} from '../../api/pending-plan';
import { toast } from '../../lib/toast-store';
import { errorMessage } from '../../lib/api';
import { useSessionInvalidated } from '../../api/session';
import { AuthCard } from './auth-card';
import { CodeInputs } from './code-inputs';
import { clearPendingEmail, readPendingEmail, useResendVerification, verifyEmail } from '../../api/auth';

const empty = () => Array.from({ length: CODE_LENGTH }, () => '');
type Phase = 'entering' | 'verifying' | 'verified';

/** After Verify: the plan chosen on a card before sign-up (checkout, or Free and the editor), else the plans. */
async function goToPlanStep(plan: PlanChoice | null, navigate: (to: string) => void) {
  clearPendingPlan();
  if (plan?.planId === 'free') {
    // Should Free not start, the plans page offers it again.
    const chosen = await callPublic('selectFreePlan').then(
      () => true,
      () => false,
    );
    navigate(chosen ? '/editor' : '/pricing');
  } else navigate(plan ? checkoutPathOf(plan) : '/pricing');
}

/** /verify-email: the 6-digit code from the mail; the email comes from ?email= or the pending signup. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const email = params.get('email')?.trim() || readPendingEmail();
  const navigate = useNavigate();
  const sessionInvalidated = useSessionInvalidated();
  const [digits, setDigits] = useState(empty);
  const [phase, setPhase] = useState<Phase>('entering');
  /** Why the last code was refused, shown under the digits (which stay, to be corrected). */
  const [refusal, setRefusal] = useState<string | null>(null);
  const [plan] = useState(readPendingPlan);
  const { sending: resending, resend: resendMail } = useResendVerification(
    (to) => `We sent a new code to ${to}.`,
    'Failed to resend verification email',
  );
  const first = useRef<HTMLInputElement | null>(null);

  useEffect(() => first.current?.focus(), []);
  // After a refused code, once the boxes are enabled again: the cursor goes back to the first.
  useEffect(() => {
    if (refusal !== null && phase === 'entering') first.current?.focus();
  }, [refusal, phase]);
  useEffect(() => {
    if (phase !== 'verified') return;
    const timer = setTimeout(() => void goToPlanStep(plan, navigate), 2000);
    return () => clearTimeout(timer);
  }, [phase, navigate, plan]);

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
      // The digits stay, so one mistyped digit is corrected rather than all six typed again
      // (decision 0185); the reason sits under them and the first box is selected.
      setRefusal(errorMessage(error, 'Invalid verification code'));
      setPhase('entering');
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
    setRefusal(null);
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
        description={
          <p role="status">
            Thanks for confirming {email}.{' '}
            {plan
              ? plan.planId === 'free'
                ? 'Setting up Free and taking you to the editor…'
                : `Taking you to checkout for ${describePlanChoice(plan)}…`
              : 'Taking you to the plans…'}
          </p>
        }
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
      <SignupSteps current="Verify" className="-mt-2 mb-6" />
      <form onSubmit={onSubmit} noValidate className="grid gap-6">
        <div className="grid gap-2">
          <CodeInputs
            digits={digits}
            onChange={(next) => {
              setDigits(next);
              setRefusal(null);
            }}
            onComplete={(code) => void submit(code)}
            disabled={phase === 'verifying'}
            invalid={refusal !== null}
            describedBy={refusal ? 'verify-code-error' : undefined}
            inputRef={(i, el) => {
              if (i === 0) first.current = el;
            }}
          />
          {refusal && (
            <p id="verify-code-error" role="alert" className="text-center text-sm text-red-600">
              {refusal.replace(/\.?$/, '.')} Check the digits above, or ask for a new code.
            </p>
          )}
        </div>
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
      <p className="mt-4 text-center text-sm text-slate-600">
        Wrong address?{' '}
        <button
          type="button"
          onClick={() => openAuthDialog('signup', { email, plan })}
          className="font-medium text-brand hover:underline"
        >
          Change it
        </button>
      </p>
    </AuthCard>
  );
}
