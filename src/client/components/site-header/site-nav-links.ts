/** The header's four links (spec: Features, Pricing, Resources (FAQ), Contact). */
export type NavLink = { label: string; href: string; id: string };

/** On the landing page the links jump to its sections; elsewhere they lead back to them, or to /pricing. */
export function buildNavLinks(onLanding: boolean): NavLink[] {
  return [
    { id: 'features', label: 'Features', href: onLanding ? '#features' : '/#features' },
    { id: 'pricing', label: 'Pricing', href: onLanding ? '#pricing' : '/pricing' },
    { id: 'faq', label: 'Resources', href: onLanding ? '#faq' : '/#faq' },
    { id: 'contact', label: 'Contact', href: '/contact' },
  ];
}
