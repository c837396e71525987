import type { ComponentType } from 'react';
import { createLazyAuthDialog } from '../components/auth-dialog/lazy-auth-dialog';
import { LazyToaster } from '../components/ui/lazy-toaster';

const SiteAuthDialog = createLazyAuthDialog(() =>
  import('./site-auth-dialog').then((m) => ({ default: m.SiteAuthDialog })),
);

/** One public page with what it needs around it: the auth dialog and toasts, both loaded on first use. */
export function SiteApp({ Page }: { Page: ComponentType }) {
  return (
    <>
      <Page />
      <SiteAuthDialog />
      <LazyToaster />
    </>
  );
}
