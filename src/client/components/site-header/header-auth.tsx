import { lazy, Suspense } from 'react';
import { openAuthDialog, type AuthTab } from '../auth-dialog/auth-dialog-store';
import { preloadAuthDialog } from '../auth-dialog/lazy-auth-dialog';
import { initialsOf, useKnownSession } from '../../lib/session-probe';

const SiteUserMenu = lazy(() => import('./site-user-menu').then((m) => ({ default: m.SiteUserMenu })));

/** Success from the public pages' dialog goes to the editor (spec, landing page). */
export function openSiteAuthDialog(tab: AuthTab) {
  openAuthDialog(tab, { redirectTo: '/editor' });
}

/** Signed out (or not known yet, as in the prerendered HTML): 'Log in' and 'Get started'. Signed in: the avatar menu. */
export function HeaderAuth() {
  const me = useKnownSession();
  if (me) {
    const initials = initialsOf(me.user.name, me.user.email);
    return (
      <Suspense
        fallback={
          <span
            aria-hidden="true"
            className="flex h-9 w-9 items-center justify-center rounded-full bg-brand text-sm font-semibold text-white"
          >
            {initials}
          </span>
        }
      >
        <SiteUserMenu me={me} />
      </Suspense>
    );
  }
  return (
    <div className="flex items-center gap-2">
      <button
        type="button"
        onClick={() => openSiteAuthDialog('login')}
        onPointerEnter={preloadAuthDialog}
        onFocus={preloadAuthDialog}
        className="h-10 whitespace-nowrap rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
      >
        Log in
      </button>
      <button
        type="button"
        onClick={() => openSiteAuthDialog('signup')}
        onPointerEnter={preloadAuthDialog}
        onFocus={preloadAuthDialog}
        className="h-10 whitespace-nowrap rounded-md bg-brand px-4 text-sm font-semibold text-white shadow-sm hover:bg-brand-dark"
      >
        Get started
      </button>
    </div>
  );
}
