import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createPath, Router, type Navigator, type To } from 'react-router';
import type { MeResponse } from '../../shared/account-types';
import { AuthDialog } from '../components/auth-dialog/auth-dialog';
import { setSiteSession } from '../components/site-header/site-session';
import { createQueryClient } from '../lib/query-client';
import { ME_QUERY_KEY } from '../lib/session';

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
 * app's query cache. A sign-in stored in that cache is passed on to the page's header.
 */
export function SiteAuthDialog() {
  const [queryClient] = useState(createQueryClient);
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.query.queryKey[0] !== ME_QUERY_KEY[0] || event.type !== 'updated') return;
        const me = event.query.state.data as MeResponse | null | undefined;
        if (me !== undefined) setSiteSession(me);
      }),
    [queryClient],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <Router location={window.location.pathname + window.location.search} navigator={enterAppNavigator}>
        <AuthDialog />
      </Router>
    </QueryClientProvider>
  );
}
