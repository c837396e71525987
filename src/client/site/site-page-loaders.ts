import type { ComponentType } from 'react';
import type { SitePageId } from '../../shared/site-pages';

/** Each public page is its own chunk: the landing page never loads the contact form's code. */
export const SITE_PAGE_LOADERS: Record<Exclude<SitePageId, 'pricing'>, () => Promise<ComponentType>> = {
  landing: () => import('../features/marketing/landing-page').then((m) => m.LandingPage),
  contact: () => import('../features/contact/contact-page').then((m) => m.ContactPage),
  terms: () => import('../features/legal/terms-page').then((m) => m.TermsPage),
  privacy: () => import('../features/legal/privacy-page').then((m) => m.PrivacyPage),
  'not-found': () => import('../features/system/not-found-page').then((m) => m.NotFoundPage),
};
