import {
  Building2,
  CreditCard,
  Image,
  MailCheck,
  Palette,
  ShieldCheck,
  TriangleAlert,
  User,
  Users,
  type LucideIcon,
} from 'lucide-react';

/** The spec's eight tabs and Workspace, with their paths; Profile is /account itself. */
export const ACCOUNT_TABS = [
  { id: 'profile', path: '/account', label: 'Profile', icon: User },
  { id: 'organization', path: '/account/organization', label: 'Organization', icon: Building2 },
  { id: 'billing', path: '/account/billing', label: 'Plan & Billing', icon: CreditCard },
  { id: 'team', path: '/account/team', label: 'Team & Seats', icon: Users },
  { id: 'defaults', path: '/account/defaults', label: 'Signature Defaults', icon: Palette },
  { id: 'workspace', path: '/account/workspace', label: 'Workspace', icon: MailCheck },
  { id: 'assets', path: '/account/assets', label: 'Images & Assets', icon: Image },
  { id: 'security', path: '/account/security', label: 'Security', icon: ShieldCheck },
  { id: 'danger', path: '/account/danger', label: 'Danger Zone', icon: TriangleAlert },
] as const satisfies readonly { id: string; path: string; label: string; icon: LucideIcon }[];

export type AccountTabId = (typeof ACCOUNT_TABS)[number]['id'];

/** The tab a URL segment names; anything unknown shows Profile. */
export function tabFromParam(param: string | undefined): AccountTabId {
  return ACCOUNT_TABS.find((t) => t.id === param && t.id !== 'profile')?.id ?? 'profile';
}
