import { createBrowserRouter } from 'react-router';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { RouteLoading } from './route-loading';

/** Each screen is its own chunk: the landing page never loads the editor's code. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    // Until the first screen's lazy chunk is in, the router renders this instead of the layout
    // (without one it renders nothing and warns "No HydrateFallback element provided").
    HydrateFallback: RouteLoading,
    children: [
      {
        path: '/',
        lazy: () => import('../features/marketing/landing-page').then((m) => ({ Component: m.LandingPage })),
      },
      {
        path: '/editor',
        lazy: () => import('../features/editor/editor-page').then((m) => ({ Component: m.EditorPage })),
      },
      { path: '/login', lazy: () => import('../features/auth/login-page').then((m) => ({ Component: m.LoginPage })) },
      {
        path: '/pricing',
        lazy: () => import('../features/billing/pricing-page').then((m) => ({ Component: m.PricingPage })),
      },
      {
        path: '/checkout',
        lazy: () => import('../features/billing/checkout-page').then((m) => ({ Component: m.CheckoutPage })),
      },
      {
        path: '/checkout/success',
        lazy: () =>
          import('../features/billing/checkout-success-page').then((m) => ({ Component: m.CheckoutSuccessPage })),
      },
      {
        path: '/checkout/test-payment/:id',
        lazy: () => import('../features/billing/test-payment-page').then((m) => ({ Component: m.TestPaymentPage })),
      },
      {
        path: '/verify-email',
        lazy: () => import('../features/auth/verify-email-page').then((m) => ({ Component: m.VerifyEmailPage })),
      },
      {
        path: '/verify-email/:token',
        lazy: () =>
          import('../features/auth/verify-email-link-page').then((m) => ({ Component: m.VerifyEmailLinkPage })),
      },
      {
        path: '/reset-password/:token?',
        lazy: () => import('../features/auth/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
      },
      {
        path: '/magic-link/:token?',
        lazy: () => import('../features/auth/magic-link-page').then((m) => ({ Component: m.MagicLinkPage })),
      },
      {
        path: '/account/:tab?',
        lazy: () => import('../features/account/account-page').then((m) => ({ Component: m.AccountPage })),
      },
      {
        path: '/invitations/:token',
        lazy: () => import('../features/invitations/invitation-page').then((m) => ({ Component: m.InvitationPage })),
      },
      {
        path: '/contact',
        lazy: () => import('../features/contact/contact-page').then((m) => ({ Component: m.ContactPage })),
      },
      { path: '/terms', lazy: () => import('../features/legal/terms-page').then((m) => ({ Component: m.TermsPage })) },
      {
        path: '/privacy',
        lazy: () => import('../features/legal/privacy-page').then((m) => ({ Component: m.PrivacyPage })),
      },
      {
        path: '/debug-clipboard',
        lazy: () =>
          import('../features/system/debug-clipboard-page').then((m) => ({ Component: m.DebugClipboardPage })),
      },
      {
        path: '*',
        lazy: () => import('../features/system/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
      },
    ],
  },
]);
