import { QueryClientProvider } from '@tanstack/react-query';
import { createPath, Router, type Navigator, type To } from 'react-router';
import { AuthDialog } from '../components/auth-dialog/auth-dialog';
import { siteQueryClient } from '../api/session';

const hrefOf = (to: To) => (typeof to === 'string' ? to : createPath(to));

/**
 * The public pages run without the app's router (it is too heavy for their budget). The dialog's
 * forms navigate after success; here that brings the app up in place of the public page.
 */
const enterAppNavigator: Navigator = {
  createHref: hrefOf,
  push: (to) => void import('./enter-app').then((m) => m.enterApp(hrefOf(to), false)),
  replace: (to) => void import('./enter-app').then((m) => m.enterApp(hrefOf(to), true)),
  go: (delta) => window.history.go(delta),
};

/**
 * The shared auth dialog on a public page, with what its forms expect around them: a router and the
 * page's query cache, in which a sign-in reaches the page's header (api/session.ts).
 */
export function SiteAuthDialog() {
  return (
    <QueryClientProvider client={siteQueryClient()}>
      <Router location={window.location.pathname + window.location.search} navigator={enterAppNavigator}>
        <AuthDialog />
      </Router>
    </QueryClientProvider>
  );
}
