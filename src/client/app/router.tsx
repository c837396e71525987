import { createBrowserRouter } from 'react-router';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/** Each screen is its own chunk: the landing page never loads the editor's code. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', lazy: () => import('../features/marketing/landing-page').then((m) => ({ Component: m.LandingPage })) },
      { path: '/editor', lazy: () => import('../features/editor/editor-page').then((m) => ({ Component: m.EditorPage })) },
      { path: '/login', lazy: () => import('../features/auth/login-page').then((m) => ({ Component: m.LoginPage })) },
      { path: '*', lazy: () => import('../features/system/not-found-page').then((m) => ({ Component: m.NotFoundPage })) },
    ],
  },
]);
