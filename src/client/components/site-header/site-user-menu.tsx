import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import type { MeResponse } from '../../../shared/account-types';
import { ME_QUERY_KEY, siteQueryClient } from '../../api/session';
import { MenuItem, UserMenu } from '../user-menu';

/**
 * The signed-in visitor's avatar menu on the public pages, loaded only once a session is known.
 * The shared UserMenu reads the session from a query cache: the page's one (api/session.ts), given
 * the session the page already has. Its items are full page loads: the public pages run without
 * the router.
 */
export function SiteUserMenu({ me }: { me: MeResponse }) {
  const [queryClient] = useState(() => {
    const client = siteQueryClient();
    client.setQueryData(ME_QUERY_KEY, me);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <UserMenu>
        <MenuItem onSelect={() => window.location.assign('/editor')}>Go to Editor</MenuItem>
        <MenuItem onSelect={() => window.location.assign('/account')}>My Account</MenuItem>
      </UserMenu>
    </QueryClientProvider>
  );
}
