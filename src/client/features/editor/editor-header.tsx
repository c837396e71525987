import { Clock, PenLine } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { MeResponse } from '../../../shared/account-types';
import { openAuthDialog, SIGN_UP } from '../../components/auth-dialog/auth-dialog-store';
import { Button } from '../../components/ui/button';
import { AvatarButton } from '../../components/avatar-button';
import { lazyOpener } from '../../components/ui/lazy-opener';
import { initialsOf, trialDaysLeft } from '../../api/session';
import { HelpButton } from './help-button';

// The help dialog and the account menu (Radix, floating-ui) follow the editor's first paint: the
// route's 250 KB budget. Until they arrive, their buttons stand in and keep a press.
const HelpDialog = lazyOpener<object>(
  () => import('./help-dialog').then((m) => m.HelpDialog),
  ({ onOpen }) => <HelpButton onClick={onOpen} />,
);
const EditorUserMenu = lazyOpener<{ session: MeResponse }>(
  () => import('./editor-user-menu').then((m) => m.EditorUserMenu),
  ({ session, onOpen }) => (
    <AvatarButton initials={initialsOf(session.user.name, session.user.email)} onClick={onOpen} />
  ),
);

/**
 * "N days left in trial" while the organization's own trial runs; "Pro trial · N days left" while a
 * plan bought during it is still free (decision 0151). Nothing once the days are over.
 */
function trialBadgeText(organization: MeResponse['organization'] | undefined): string | null {
  if (!organization) return null;
  const left = trialDaysLeft(organization.trialEndsAt);
  if (left <= 0) return null;
  if (organization.plan === 'trial') return `${left} ${left === 1 ? 'day' : 'days'} left in trial`;
  if (organization.plan === 'standard' || organization.plan === 'pro')
    return `${organization.plan === 'pro' ? 'Pro' : 'Standard'} trial · ${left} ${left === 1 ? 'day' : 'days'} left`;
  return null;
}

function TrialBadge({ text, roomy }: { text: string; roomy: boolean }) {
  // Beside the signature switcher a phone has no room for it; from 640 px it shows again.
  return (
    <span
      className={`${roomy ? 'inline-flex' : 'hidden sm:inline-flex'} items-center gap-1.5 rounded-full bg-amber-50 px-3 py-1 text-xs font-medium text-amber-800 ring-1 ring-amber-200`}
    >
      <Clock className="h-3.5 w-3.5" aria-hidden="true" />
      {text}
    </span>
  );
}

/**
 * A 4rem bar: logo home, the signature switcher (signed in, once a signature is saved), trial days,
 * help, then the account menu or the sign-in buttons.
 * Memoised: a keystroke in the editor must not re-render the header.
 */
export const EditorHeader = memo(function EditorHeader({
  session,
  ready,
  switcher,
}: {
  session: MeResponse | null;
  ready: boolean;
  switcher?: ReactNode;
}) {
  const navigate = useNavigate();
  const badge = trialBadgeText(session?.organization);
  return (
    <header className="flex h-16 shrink-0 items-center justify-between gap-2 border-b border-slate-200 bg-white px-4 sm:gap-4 sm:px-6">
      <div className="flex min-w-0 items-center gap-2 sm:gap-4">
        <button
          type="button"
          onClick={() => navigate('/')}
          aria-label="SignaturePro home"
          className="flex items-center gap-2 rounded-md text-slate-900"
        >
          <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand text-white" aria-hidden="true">
            <PenLine className="h-4 w-4" />
          </span>
          <span className="hidden text-lg font-semibold tracking-tight sm:inline">SignaturePro</span>
        </button>
        {switcher}
      </div>
      <div className="flex shrink-0 items-center gap-2 sm:gap-3">
        {badge && <TrialBadge text={badge} roomy={!switcher} />}
        <HelpDialog />
        {session ? (
          <EditorUserMenu session={session} />
        ) : (
          ready && (
            <>
              <Button variant="ghost" size="sm" onClick={() => openAuthDialog('login')}>
                Log in
              </Button>
              <Button size="sm" onClick={() => openAuthDialog('signup')}>
                {SIGN_UP}
              </Button>
            </>
          )
        )}
      </div>
    </header>
  );
});
