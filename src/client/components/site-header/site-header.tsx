import { HeaderAuth } from './header-auth';
import { MobileMenu } from './mobile-menu';
import { SiteLogo } from './site-logo';
import { buildNavLinks } from './site-nav-links';

/** The sticky header of every public page. `current` marks the page a link stands for. */
export function SiteHeader({ onLanding = false, current }: { onLanding?: boolean; current?: 'contact' | 'pricing' }) {
  const links = buildNavLinks(onLanding);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <SiteLogo scrollsToTop={onLanding} />
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {links.map((link) => (
              <li key={link.id}>
                <a
                  href={link.href}
                  aria-current={current === link.id ? 'page' : undefined}
                  className="rounded-md px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 aria-[current=page]:text-brand-dark"
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          <div className="hidden sm:block">
            <HeaderAuth />
          </div>
          <MobileMenu links={links} />
        </div>
      </div>
    </header>
  );
}
