import { ArrowLeft, Lock } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useNavigate } from 'react-router';
import { openAuthDialog } from '../../components/auth-dialog/auth-dialog-store';
import { useSession } from '../../lib/session';

const BillingUserMenu = lazy(() => import('./billing-user-menu'));

/** The billing screens' top bar: back, the logo, and the avatar menu (Dashboard, Log out). */
export function BillingHeader({ backTo, backLabel = 'Back', secure = false }: { backTo?: string; backLabel?: string; secure?: boolean }) {
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
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <div className="flex items-center gap-3">
          <button
            type="button"
            onClick={goBack}
            className="inline-flex h-9 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
          >
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            {backLabel}
          </button>
          <span className="h-6 w-px bg-slate-200" aria-hidden="true" />
          <Link to="/" className="text-lg font-bold tracking-tight text-brand">
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
          <div className="flex items-center gap-2">
            <button type="button" onClick={() => openAuthDialog('login', { redirectTo: '/pricing' })} className="h-9 rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-100">
              Log in
            </button>
            <button type="button" onClick={() => openAuthDialog('signup')} className="h-9 rounded-md bg-brand px-3 text-sm font-medium text-white hover:bg-brand-dark">
              Sign up
            </button>
          </div>
        ) : null}
      </div>
    </header>
  );
}
