import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import type { SitePageId } from '../../shared/site-pages';
import { ContactPage } from '../features/contact/contact-page';
import { PrivacyPage } from '../features/legal/privacy-page';
import { TermsPage } from '../features/legal/terms-page';
import { LandingPage } from '../features/marketing/landing-page';
import { NotFoundPage } from '../features/system/not-found-page';
import { createQueryClient } from '../lib/query-client';
import { SiteApp } from './site-app';

/** Build time only (scripts/prerender.ts): the same tree site-main.tsx hydrates, as HTML. */
const PAGES: Record<Exclude<SitePageId, 'pricing'>, ComponentType> = {
  landing: LandingPage,
  contact: ContactPage,
  terms: TermsPage,
  privacy: PrivacyPage,
  'not-found': NotFoundPage,
};

export function renderSitePage(id: Exclude<SitePageId, 'pricing'>): string {
  // A fresh cache per page: the prerendered HTML is what a signed-out visitor sees before the session call answers.
  return renderToString(<SiteApp Page={PAGES[id]} queryClient={createQueryClient()} />);
}
