import { useNavigate } from 'react-router';
import type { MeResponse } from '../../../shared/account-types';
import type { OpensOnArrival } from '../../components/ui/lazy-opener';
import { MenuItem, UserMenu } from '../../components/user-menu';

/** The editor's account menu: settings, the team's two screens for owners and admins, billing. */
export function EditorUserMenu({ session, defaultOpen }: { session: MeResponse } & OpensOnArrival) {
  const navigate = useNavigate();
  return (
    <UserMenu defaultOpen={defaultOpen}>
      <MenuItem onSelect={() => navigate('/account')}>Settings</MenuItem>
      {/* Owners and admins run the team: its two screens one click away, not only through Billing. */}
      {session.organization && session.organization.role !== 'member' && (
        <>
          <MenuItem onSelect={() => navigate('/account/team')}>Team &amp; Seats</MenuItem>
          <MenuItem onSelect={() => navigate('/account/workspace')}>Google Workspace</MenuItem>
        </>
      )}
      <MenuItem onSelect={() => navigate('/account/billing')}>Plan &amp; Billing</MenuItem>
    </UserMenu>
  );
}
