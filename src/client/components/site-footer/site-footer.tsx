import { LogoMark } from '../site-header/site-logo';
import { NewsletterForm } from './newsletter-form';

type FooterLink = { label: string; href: string };

const COLUMNS: { title: string; links: FooterLink[] }[] = [
  {
    title: 'Product',
    links: [
      { label: 'Features', href: '/#features' },
      { label: 'Pricing', href: '/pricing' },
      { label: 'Signature editor', href: '/editor' },
      { label: 'FAQ', href: '/#faq' },
    ],
  },
  {
    title: 'Support',
    links: [
      { label: 'Contact us', href: '/contact' },
      { label: 'Log in', href: '/login' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Terms of Service', href: '/terms' },
      { label: 'Privacy Policy', href: '/privacy' },
    ],
  },
];

/** The footer of every public page: links that lead somewhere real, and the newsletter box. */
export function SiteFooter() {
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[1.2fr_2fr]">
        <div className="grid content-start gap-6">
          <a href="/" className="flex items-center gap-2 text-lg font-bold text-white">
            <LogoMark />
            SignaturePro
          </a>
          <p className="max-w-sm text-sm leading-6">
            Professional Gmail signatures in minutes: a live Gmail preview, images every recipient can see, and
            one-click copy.
          </p>
          <NewsletterForm />
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-3">
          {COLUMNS.map((column) => (
            <div key={column.title}>
              <h2 className="text-sm font-semibold text-white">{column.title}</h2>
              <ul className="mt-4 grid gap-3 text-sm">
                {column.links.map((link) => (
                  <li key={link.href}>
                    <a href={link.href} className="hover:text-white hover:underline">
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-slate-400 sm:px-6">
          © <span suppressHydrationWarning>{new Date().getFullYear()}</span> SignaturePro. Made for Gmail users.
        </p>
      </div>
    </footer>
  );
}
