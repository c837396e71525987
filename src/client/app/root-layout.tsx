import { Outlet, ScrollRestoration } from 'react-router';
import { LazyAuthDialog } from '../components/auth-dialog/lazy-auth-dialog';

export function RootLayout() {
  return (
    <>
      <Outlet />
      <LazyAuthDialog />
      <ScrollRestoration />
    </>
  );
}
