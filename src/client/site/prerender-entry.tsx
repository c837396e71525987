import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router';
import type { SitePageId } from '../../shared/site-pages';
import { RootLayout } from '../app/root-layout';
import { RouteError } from '../app/route-error';
import { LazyToaster } from '../components/ui/lazy-toaster';
import { PricingPage } from '../features/billing/pricing-page';
import { ContactPage } from '../features/contact/contact-page';
import { PrivacyPage } from '../features/legal/privacy-page';
import { TermsPage } from '../features/legal/terms-page';
import { LandingPage } from '../features/marketing/landing-page';
import { NotFoundPage } from '../features/system/not-found-page';
import { createQueryClient } from '../lib/query-client';
import { SiteApp } from './site-app';

/** Build time only (scripts/prerender.ts): the same trees site-main.tsx hydrates, as HTML. */
const PAGES: Record<Exclude<SitePageId, 'pricing'>, ComponentType> = {
  landing: LandingPage,
  contact: ContactPage,
  terms: TermsPage,
  privacy: PrivacyPage,
  'not-found': NotFoundPage,
};

export function renderSitePage(id: Exclude<SitePageId, 'pricing'>): string {
  // The session is unknown at build time: the HTML shows what a visitor sees before it is known.
  return renderToString(<SiteApp Page={PAGES[id]} />);
}

/**
 * App pages prerendered for speed and search engines (/pricing): rendered inside the app's root
 * layout and a static data router, so that hydrate-app-page.tsx can hydrate them with the real router.
 * The tree mirrors app.tsx (providers, router, toaster) so that the hydration matches.
 */
const APP_PAGES: Record<string, ComponentType> = { '/pricing': PricingPage };

export async function renderAppPage(path: string): Promise<string> {
  const Page = APP_PAGES[path];
  if (!Page) throw new Error(`No prerenderable app page at ${path}`);
  const routes: RouteObject[] = [
    { element: <RootLayout />, errorElement: <RouteError />, children: [{ path, Component: Page }] },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender.local${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} while prerendering`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        {/* No inline hydration script: the CSP forbids it; hydrate-app-page.tsx waits for the router instead. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
        <LazyToaster />
      </QueryClientProvider>
    </StrictMode>,
  );
}
