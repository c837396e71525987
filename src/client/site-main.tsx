import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createQueryClient } from './lib/query-client';
import { SiteApp } from './site/site-app';
import { SITE_PAGE_LOADERS } from './site/site-page-loaders';
import type { SitePageId } from '../shared/site-pages';
import './styles.css';

/**
 * Entry of the prerendered public pages (/, /contact, /terms, /privacy, the 404 page). Their HTML
 * is already on screen; this makes it interactive, without the app's router or any screen of the
 * app (see docs/decisions/*-public-site-*.md).
 */
async function hydratePublicPage() {
  const root = document.getElementById('root')!;
  const id = root.dataset.page as Exclude<SitePageId, 'pricing'>;
  const Page = await (SITE_PAGE_LOADERS[id] ?? SITE_PAGE_LOADERS['not-found'])();
  // As a transition, hydration yields to the browser every few milliseconds instead of running as
  // one long task: the page stays responsive while it becomes interactive (total blocking time).
  startTransition(() => {
    hydrateRoot(root, <SiteApp Page={Page} queryClient={createQueryClient()} />);
  });
}

void hydratePublicPage();
