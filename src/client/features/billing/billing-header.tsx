import { ArrowLeft, Lock } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useNavigate } from 'react-router';
import { openAuthDialog, SIGN_UP } from '../../components/auth-dialog/auth-dialog-store';
import { useSession } from '../../api/session';
import { AuthButtons, type AuthButtonSpec } from '../../components/site-header/auth-buttons';

const BillingUserMenu = lazy(() => import('./billing-user-menu'));

const BILLING_BUTTONS: readonly AuthButtonSpec[] = [
  {
    tab: 'login',
    label: 'Log in',
    className: 'h-9 whitespace-nowrap rounded-md px-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100 sm:px-3',
  },
  {
    tab: 'signup',
    label: SIGN_UP,
    className:
      'h-9 whitespace-nowrap rounded-md bg-brand px-2.5 text-sm font-medium text-white hover:bg-brand-dark sm:px-3',
  },
];

/** The billing screens' top bar: back, the logo, and the avatar menu (Dashboard, Log out). */
export function BillingHeader({
  backTo,
  backLabel = 'Back',
  secure = false,
}: {
  backTo?: string;
  backLabel?: string;
  secure?: boolean;
}) {
  const navigate = useNavigate();
  const { data } = useSession();
  const goBack = () => {
    if (backTo) navigate(backTo);
    // react-router keeps its own history index: 0 means this page was opened directly.
    else if (((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0) navigate(-1);
    else navigate('/');
  };
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:gap-4 sm:px-6">
        <div className="flex min-w-0 items-center gap-1 sm:gap-3">
          <button
            type="button"
            onClick={goBack}
            className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-slate-700 hover:bg-slate-100 sm:px-2.5"
          >
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            {/* At 375 px the arrow alone: the words stay for screen readers. */}
            <span className="sr-only sm:not-sr-only">{backLabel}</span>
          </button>
          <span className="hidden h-6 w-px bg-slate-200 sm:block" aria-hidden="true" />
          <Link to="/" className="truncate text-lg font-bold tracking-tight text-brand">
            SignaturePro
          </Link>
          {secure && (
            <span className="ml-1 hidden items-center gap-1 rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-600 sm:inline-flex">
              <Lock className="h-3 w-3" aria-hidden="true" />
              Secure checkout
            </span>
          )}
        </div>
        {data ? (
          <Suspense fallback={<span className="h-9 w-9 rounded-full bg-slate-200" aria-hidden="true" />}>
            <BillingUserMenu />
          </Suspense>
        ) : data === null ? (
          <AuthButtons
            className="flex shrink-0 items-center gap-1 sm:gap-2"
            buttons={BILLING_BUTTONS}
            // After logging in from a billing screen the person comes back to the plans.
            onStart={(tab) => openAuthDialog(tab, tab === 'login' ? { redirectTo: '/pricing' } : {})}
          />
        ) : null}
      </div>
    </header>
  );
}
