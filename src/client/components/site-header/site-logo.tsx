import type { MouseEvent } from 'react';

/** The mark from favicon.svg, inline so that it paints with the first HTML. */
export function LogoMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#1a73e8" />
      <path d="M8 21c3-1 4-9 7-9s1 8 4 8 3-4 5-4" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The header logo. On the landing page it scrolls back to the top (spec) instead of reloading;
 * everywhere else it is a plain link home.
 */
export function SiteLogo({ scrollsToTop }: { scrollsToTop: boolean }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!scrollsToTop || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduceMotion ? 'auto' : 'smooth' });
    if (window.location.hash) history.replaceState(null, '', window.location.pathname + window.location.search);
  };
  return (
    <a
      href="/"
      onClick={onClick}
      // Before the page is interactive, the inline early-click script holds this click (a page load
      // otherwise) and the hydrated page replays it: back to the top (docs/decisions/0255).
      data-needs-app={scrollsToTop ? '' : undefined}
      aria-label={scrollsToTop ? 'SignaturePro, back to top' : 'SignaturePro home'}
      className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-slate-900"
    >
      <LogoMark />
      <span>
        Signature<span className="text-brand-dark">Pro</span>
      </span>
    </a>
  );
}
