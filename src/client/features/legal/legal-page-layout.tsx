import type { ReactNode } from 'react';
import { SiteFooter } from '../../components/site-footer/site-footer';
import { SiteHeader } from '../../components/site-header/site-header';

export const LEGAL_UPDATED = 'July 1, 2026';

/** A readable column for the terms and the privacy policy. */
export function LegalPageLayout({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <div className="flex min-h-full flex-col bg-white">
      <SiteHeader />
      <main id="main" className="flex-1">
        <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 md:py-16">
          <h1 className="text-4xl font-extrabold tracking-tight text-slate-900">{title}</h1>
          <p className="mt-3 text-sm text-slate-600">Last updated {LEGAL_UPDATED}</p>
          <p className="mt-6 text-lg leading-8 text-slate-700">{intro}</p>
          <div className="mt-8 grid gap-8 leading-7 text-slate-700 [&_a]:font-medium [&_a]:text-brand-dark [&_a]:underline [&_a]:underline-offset-2 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-slate-900 [&_li]:ml-5 [&_li]:list-disc [&_p]:mt-2 [&_ul]:mt-2 [&_ul]:grid [&_ul]:gap-1">
            {children}
          </div>
        </article>
      </main>
      <SiteFooter />
    </div>
  );
}
