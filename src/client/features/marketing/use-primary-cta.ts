import { SIGN_UP } from '../../components/auth-dialog/auth-dialog-store';
import { openSiteAuthDialog } from '../../components/site-header/header-auth';
import { useKnownSession } from '../../api/session-probe';

export type PrimaryCta = { label: string } & ({ href: string } | { onClick: () => void });

/**
 * The landing's call to action: 'Sign up' (the action's one name, decision 0185) opens sign-up; signed in it reads
 * 'Go to Editor' and leads to /editor, which itself sends a user with no plan yet to /pricing
 * (decisions.md) — so "goes to /pricing if logged in" holds exactly when a plan is still needed.
 */
export function usePrimaryCta(): PrimaryCta {
  const me = useKnownSession();
  if (me) return { label: 'Go to Editor', href: '/editor' };
  return { label: SIGN_UP, onClick: () => openSiteAuthDialog('signup') };
}
