import { lazy, Suspense } from 'react';
import { openAuthDialog, SIGN_UP, type AuthTab } from '../auth-dialog/auth-dialog-store';
import { preloadAuthDialog } from '../auth-dialog/lazy-auth-dialog';
import { initialsOf, useKnownSession } from '../../api/session-probe';
import { AuthButtons, type AuthButtonSpec } from './auth-buttons';

const SiteUserMenu = lazy(() => import('./site-user-menu').then((m) => ({ default: m.SiteUserMenu })));

/** Success from the public pages' dialog goes to the editor (spec, landing page). */
export function openSiteAuthDialog(tab: AuthTab) {
  openAuthDialog(tab, { redirectTo: '/editor' });
}

const HEADER_BUTTONS: readonly AuthButtonSpec[] = [
  {
    tab: 'login',
    label: 'Log in',
    className:
      'h-10 whitespace-nowrap rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  },
  {
    tab: 'signup',
    label: SIGN_UP,
    className:
      'h-10 whitespace-nowrap rounded-md bg-brand px-4 text-sm font-semibold text-white shadow-sm hover:bg-brand-dark',
  },
];

/** Signed out (or not known yet, as in the prerendered HTML): 'Log in' and 'Sign up'. Signed in: the avatar menu. */
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
    <AuthButtons
      className="flex items-center gap-2"
      buttons={HEADER_BUTTONS}
      onStart={openSiteAuthDialog}
      onPreload={preloadAuthDialog}
    />
  );
}
