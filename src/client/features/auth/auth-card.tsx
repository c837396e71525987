import type { ReactNode } from 'react';
import { LogoHomeLink } from '../../components/site-header/logo-home-link';

const tones = {
  brand: 'bg-blue-50 text-brand',
  success: 'bg-green-50 text-green-600',
  danger: 'bg-red-50 text-red-600',
};

/** The centred card every account page sits in: logo, an icon, a heading, then the page's own content. */
export function AuthCard(props: {
  icon?: ReactNode;
  tone?: keyof typeof tones;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex min-h-full flex-col bg-gradient-to-b from-slate-50 to-slate-100">
      <header className="px-6 py-5">
        <LogoHomeLink className="inline-flex" />
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 pb-16 pt-6 sm:items-center sm:pt-0">
        <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
          {props.icon && (
            <div
              className={`mx-auto mb-5 flex h-12 w-12 items-center justify-center rounded-full ${tones[props.tone ?? 'brand']}`}
              aria-hidden="true"
            >
              {props.icon}
            </div>
          )}
          <h1 className="text-center text-2xl font-semibold tracking-tight text-slate-900">{props.title}</h1>
          {props.description && (
            <div className="mt-2 text-center text-sm leading-6 text-slate-600">{props.description}</div>
          )}
          {props.children && <div className="mt-6">{props.children}</div>}
        </div>
      </main>
      {props.footer && <footer className="pb-8 text-center text-sm text-slate-500">{props.footer}</footer>}
    </div>
  );
}
