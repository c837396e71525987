import { Outlet, ScrollRestoration } from 'react-router';
import { AuthDialog } from '../components/auth-dialog/auth-dialog';

export function RootLayout() {
  return (
    <>
      <Outlet />
      <AuthDialog />
      <ScrollRestoration />
    </>
  );
}
