import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createLazyAuthDialog } from '../components/auth-dialog/lazy-auth-dialog';
import { LazyToaster } from '../components/ui/lazy-toaster';

const SiteAuthDialog = createLazyAuthDialog(() => import('./site-auth-dialog').then((m) => ({ default: m.SiteAuthDialog })));

/** One public page with what it needs around it: the session cache, the auth dialog, toasts. */
export function SiteApp({ Page, queryClient }: { Page: ComponentType; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Page />
      <SiteAuthDialog />
      <LazyToaster />
    </QueryClientProvider>
  );
}
