import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import type { MeResponse } from '../../../shared/account-types';
import { createQueryClient } from '../../lib/query-client';
import { ME_QUERY_KEY } from '../../lib/session';
import { MenuItem, UserMenu } from '../user-menu';
import { setSiteSession } from './site-session';

/**
 * The signed-in visitor's avatar menu on the public pages, loaded only once a session is known.
 * The shared UserMenu reads the app's query cache, so it gets one here, seeded with the session
 * the page already has. Its items are full page loads: the public pages run without the router.
 */
export function SiteUserMenu({ me }: { me: MeResponse }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    client.setQueryData(ME_QUERY_KEY, me);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <UserMenu onLoggedOut={() => setSiteSession(null)}>
        <MenuItem onSelect={() => window.location.assign('/editor')}>Go to Editor</MenuItem>
        <MenuItem onSelect={() => window.location.assign('/account')}>My Account</MenuItem>
      </UserMenu>
    </QueryClientProvider>
  );
}
