/**
 * The public pages prerendered to static HTML, with what search engines and link previews read.
 * Pure data: the prerender script, the site entry and the sitemap all read it.
 */
export type SitePageId = 'landing' | 'contact' | 'terms' | 'privacy' | 'not-found' | 'pricing';

export type SitePage = {
  id: SitePageId;
  path: string;
  title: string;
  description: string;
  /** Which bundle hydrates it: the light public-site entry, or the full app (pages that need its router). */
  entry: 'site' | 'app';
  /** In sitemap.xml (the 404 page is not). */
  indexable: boolean;
};

export const SITE_NAME = 'SignaturePro';

/**
 * Absolute URLs (canonical, Open Graph, sitemap) need the deployment's PUBLIC_URL, which the build
 * cannot know: prerendered HTML carries this placeholder and the server fills it in at start-up.
 */
export const PUBLIC_URL_PLACEHOLDER = '__SP_PUBLIC_URL__';
/** Where scripts/prerender.ts writes the pages (inside the built client) and what it lists there. */
export const PRERENDER_DIR = '_pages';
export type PrerenderManifest = { pages: Record<string, string>; notFound: string };

export const OG_IMAGE = {
  path: '/og-image.png',
  width: 1200,
  height: 630,
  alt: 'SignaturePro: professional Gmail signatures in minutes',
};

export const SITE_PAGES: readonly SitePage[] = [
  {
    id: 'landing',
    path: '/',
    title: 'SignaturePro — Professional Gmail Signatures in Minutes',
    description:
      'Build a professional Gmail signature in minutes: live Gmail preview, logo and social icons that show for every recipient, and one-click copy into Gmail.',
    entry: 'site',
    indexable: true,
  },
  {
    id: 'pricing',
    path: '/pricing',
    title: 'Pricing — SignaturePro',
    description:
      'Free, Standard and Pro plans for Gmail signatures, billed monthly or annually. Every paid plan starts with a 7-day free trial and a 30-day money-back guarantee.',
    entry: 'app',
    indexable: true,
  },
  {
    id: 'contact',
    path: '/contact',
    title: 'Contact us — SignaturePro',
    description:
      'Questions about Gmail signatures, billing or your team? Write to the SignaturePro team; we reply within 1 business day.',
    entry: 'site',
    indexable: true,
  },
  {
    id: 'terms',
    path: '/terms',
    title: 'Terms of Service — SignaturePro',
    description:
      'The terms for using SignaturePro: your account, your content, plans and payments, and how to end the service.',
    entry: 'site',
    indexable: true,
  },
  {
    id: 'privacy',
    path: '/privacy',
    title: 'Privacy Policy — SignaturePro',
    description: 'What SignaturePro stores about you, why, who sees it, and how to get a copy or have it deleted.',
    entry: 'site',
    indexable: true,
  },
  {
    id: 'not-found',
    path: '/404',
    title: '404 Page Not Found — SignaturePro',
    description: 'The page you are looking for does not exist or has moved.',
    entry: 'site',
    indexable: false,
  },
];

export function findSitePage(id: SitePageId): SitePage {
  return SITE_PAGES.find((p) => p.id === id)!;
}
