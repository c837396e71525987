import { Link } from 'react-router';
import { capabilityPlanWords } from '../../../shared/billing/plan-features';
import { LoadError, ReadOnlyNote, SectionCard, Spinner } from './account-ui';
import { InviteForm } from './invite-form';
import { PaidFeatureLock } from './paid-feature-lock';
import { SeatMeter } from './seat-meter';
import { TeamMemberRow } from './team-member-row';
import { useTeam } from '../../api/teams';

export function TeamTab() {
  const team = useTeam();
  if (team.isPending) return <Spinner />;
  if (team.isError) return <LoadError error={team.error} retry={() => team.refetch()} />;
  const { entries, seats, canManage, capabilities } = team.data;
  const active = entries.filter((e) => e.status === 'active').length;

  return (
    <div className="grid gap-6">
      <SectionCard
        id="seats"
        title="Seats"
        description="Everyone in your organization, and everyone invited, takes a seat."
      >
        <SeatMeter seats={seats} />
        {canManage && seats.used >= seats.limit && (
          <p className="mt-3 text-sm text-slate-700">
            Need more room?{' '}
            <Link to="/account/billing" className="font-medium text-brand hover:underline">
              Add seats under Plan &amp; Billing
            </Link>
            .
          </p>
        )}
      </SectionCard>
      {canManage && !capabilities.teamMembers && (
        // The server refuses invitations on this plan (0024); the upgrade is shown instead.
        <SectionCard id="invite" title="Invite a teammate" description="Work on signatures together.">
          <PaidFeatureLock capability="teamMembers" canManage askForUpgrade={null} />
        </SectionCard>
      )}
      {canManage && capabilities.teamMembers && (
        <SectionCard
          id="invite"
          title="Invite a teammate"
          description="They get an email with a link to sign up or log in and join."
        >
          <InviteForm seatsLeft={Math.max(0, seats.limit - seats.used)} />
          {!capabilities.teamRoles && (
            <p className="mt-3 text-xs text-slate-500">
              {capabilityPlanWords('teamRoles')} On your plan everyone you invite joins as a member.{' '}
              <Link to="/account/billing" className="font-medium text-brand hover:underline">
                Upgrade
              </Link>
            </p>
          )}
        </SectionCard>
      )}
      <SectionCard
        id="members"
        title="Members"
        description={`${active} active${entries.length > active ? `, ${entries.length - active} invited` : ''}.`}
      >
        {!canManage && (
          <ReadOnlyNote>Only the owner and admins can invite, remove or change the role of members.</ReadOnlyNote>
        )}
        <ul className="-my-4 divide-y divide-slate-100">
          {entries.map((entry) => (
            <TeamMemberRow key={entry.id} entry={entry} canManage={canManage} />
          ))}
        </ul>
      </SectionCard>
    </div>
  );
}
