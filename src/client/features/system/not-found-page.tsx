import { findSitePage } from '../../../shared/site-pages';
import { SiteFooter } from '../../components/site-footer/site-footer';
import { SiteHeader } from '../../components/site-header/site-header';
import { useDocumentTitle } from '../../components/site-header/use-document-title';

/** Any unknown path; the server sends this page with status 404 (prerendered). */
export function NotFoundPage() {
  useDocumentTitle(findSitePage('not-found').title);
  return (
    <div className="flex min-h-full flex-col bg-white">
      <SiteHeader />
      <main id="main" className="flex flex-1 items-center justify-center px-4 py-20">
        <div className="mx-auto flex max-w-lg flex-col items-center gap-4 text-center">
          <h1 className="text-3xl font-bold text-slate-900">404 Page Not Found</h1>
          <p className="text-slate-600">The page you are looking for does not exist or has moved.</p>
          <div className="mt-2 flex flex-wrap justify-center gap-3">
            <a
              href="/"
              className="inline-flex h-11 items-center rounded-lg bg-brand px-5 font-semibold text-white hover:bg-brand-dark"
            >
              Back to home
            </a>
            <a
              href="/contact"
              className="inline-flex h-11 items-center rounded-lg border border-slate-300 px-5 font-semibold text-slate-800 hover:bg-slate-50"
            >
              Contact support
            </a>
          </div>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
