import { AlertCircle, CheckCircle2, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useRefetchSession, useSession } from '../../api/session';
import { confirmPayment } from '../../api/billing';
import { logInToPay } from './login-first';

/**
 * A signed-out visitor goes to /login after 2 s (spec section 9). A completed payment no longer
 * moves on by itself: its page says what was bought and when the first charge comes, and that
 * takes longer than 2 s to read (decision 0151).
 */
export const SUCCESS_REDIRECT_MS = 2000;
/** The provider may take a moment to finish an async payment: ask again a few times. */
const PENDING_RETRIES = 5;
const PENDING_DELAY_MS = 1500;

type State =
  | { kind: 'processing' }
  | { kind: 'done'; heading: string; message: string }
  | { kind: 'pending' }
  | { kind: 'error'; message: string };

const ISSUE = 'There was an issue processing your payment. Please contact support.';

/** Confirms the payment once per page view, asking again while the provider is still finishing. */
function useConfirmedPayment(sessionId: string | null): State {
  const navigate = useNavigate();
  const refetchSession = useRefetchSession();
  const { data: session } = useSession();
  const [state, setState] = useState<State>(
    sessionId ? { kind: 'processing' } : { kind: 'error', message: 'No payment session found' },
  );
  const started = useRef(false);

  useEffect(() => {
    document.title = 'Payment — SignaturePro';
  }, []);

  useEffect(() => {
    if (session === undefined) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (!sessionId) {
      if (session === null) timer = setTimeout(() => navigate('/login'), SUCCESS_REDIRECT_MS);
      return () => clearTimeout(timer);
    }
    if (session === null) {
      logInToPay(navigate);
      return;
    }
    // One confirmation per page view (StrictMode runs effects twice; the server is idempotent anyway).
    if (started.current) return;
    started.current = true;
    void (async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          const result = await confirmPayment(sessionId);
          if (result.state === 'complete') {
            await refetchSession();
            setState({
              kind: 'done',
              heading: result.heading ?? 'Payment successful!',
              message: result.message ?? `Your ${result.subscriptionPlan ?? ''} plan is active.`,
            });
            return;
          }
          if (attempt >= PENDING_RETRIES) {
            setState({ kind: 'pending' });
            return;
          }
          await new Promise((r) => setTimeout(r, PENDING_DELAY_MS));
        } catch {
          setState({ kind: 'error', message: ISSUE });
          return;
        }
      }
    })();
  }, [session, sessionId, navigate, refetchSession]);

  return state;
}

export function CheckoutSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const state = useConfirmedPayment(sessionId);
  return (
    <main className="flex min-h-full items-center justify-center bg-gradient-to-b from-blue-50/70 to-slate-50 p-4">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <CheckoutState state={state} hasSession={sessionId !== null} />
      </div>
    </main>
  );
}

function CheckoutState({ state, hasSession }: { state: State; hasSession: boolean }) {
  return (
    <>
      {state.kind === 'processing' && (
        <div role="status">
          <Loader2 className="mx-auto h-10 w-10 animate-spin text-brand" aria-hidden="true" />
          <h1 className="mt-5 text-xl font-semibold text-slate-900">Confirming your payment…</h1>
          <p className="mt-2 text-sm text-slate-600">This only takes a moment.</p>
        </div>
      )}
      {state.kind === 'done' && (
        <div role="status">
          <CheckCircle2 className="mx-auto h-12 w-12 text-emerald-600" aria-hidden="true" />
          <h1 className="mt-5 text-2xl font-semibold text-slate-900">{state.heading}</h1>
          <p className="mt-3 text-sm leading-6 text-slate-700">{state.message}</p>
          <p className="mt-2 text-xs text-slate-500">The same words are on their way to you by e-mail.</p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <Link
              to="/editor"
              className="inline-flex h-10 items-center justify-center rounded-md bg-brand px-4 text-sm font-medium text-white hover:bg-brand-dark"
            >
              Go to the editor
            </Link>
            <Link
              to="/account/billing"
              className="inline-flex h-10 items-center justify-center rounded-md border border-slate-300 px-4 text-sm font-medium hover:bg-slate-50"
            >
              Plan &amp; Billing
            </Link>
          </div>
        </div>
      )}
      {state.kind === 'pending' && (
        <div role="status">
          <Loader2 className="mx-auto h-10 w-10 text-amber-500" aria-hidden="true" />
          <h1 className="mt-5 text-xl font-semibold text-slate-900">Your payment is still being confirmed</h1>
          <p className="mt-2 text-sm text-slate-600">
            Some payment methods take a few minutes. Your plan will switch on by itself; you can keep working meanwhile.
          </p>
          <Link
            to="/editor"
            className="mt-6 inline-flex h-10 items-center rounded-md bg-brand px-4 text-sm font-medium text-white hover:bg-brand-dark"
          >
            Go to the editor
          </Link>
        </div>
      )}
      {state.kind === 'error' && (
        <div role="alert">
          <AlertCircle className="mx-auto h-12 w-12 text-red-500" aria-hidden="true" />
          <h1 className="mt-5 text-xl font-semibold text-slate-900">{state.message}</h1>
          <p className="mt-2 text-sm text-slate-600">
            {hasSession
              ? 'If you were charged, our support team will sort it out quickly.'
              : 'Start again from the pricing page to choose a plan.'}
          </p>
          <div className="mt-6 flex justify-center gap-3">
            <Link
              to="/pricing"
              className="inline-flex h-10 items-center rounded-md border border-slate-300 px-4 text-sm font-medium hover:bg-slate-50"
            >
              Back to pricing
            </Link>
            {hasSession && (
              <Link
                to="/contact"
                className="inline-flex h-10 items-center rounded-md bg-brand px-4 text-sm font-medium text-white hover:bg-brand-dark"
              >
                Contact support
              </Link>
            )}
          </div>
        </div>
      )}
    </>
  );
}
