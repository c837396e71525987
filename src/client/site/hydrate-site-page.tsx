import { startTransition, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { SitePageId } from '../../shared/site-pages';
import { useReleaseEarlyClicks } from '../lib/early-clicks';
import { SiteApp } from './site-app';
import { setSiteRoot } from './site-root';
import { SITE_PAGE_LOADERS } from './site-page-loaders';

/**
 * The page as prerendered (no element of its own: the markup stays the server's), which replays
 * the clicks held before hydration once it has committed.
 */
function HydratedSiteApp({ Page }: { Page: ComponentType }) {
  useReleaseEarlyClicks();
  return <SiteApp Page={Page} />;
}

/** Makes the prerendered public page interactive: loads its chunk, then hydrates. */
export async function hydrateSitePage(root: HTMLElement) {
  const id = root.dataset.page as Exclude<SitePageId, 'pricing'>;
  const Page = await (SITE_PAGE_LOADERS[id] ?? SITE_PAGE_LOADERS['not-found'])();
  // As a transition, hydration yields to the browser every few milliseconds instead of running as
  // one long task: the page stays responsive while it becomes interactive (total blocking time).
  startTransition(() => {
    setSiteRoot(hydrateRoot(root, <HydratedSiteApp Page={Page} />));
  });
}
