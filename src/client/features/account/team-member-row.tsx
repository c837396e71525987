import { Mail, Send, Trash2 } from 'lucide-react';
import type { TeamEntry } from '../../../shared/account-area-types';
import { ROLE_LABELS } from '../../../shared/validation/account-schemas';
import { Button } from '../../components/ui/button';
import { initialsOf } from '../../api/session';
import { formatDate, Select, saveWithToast } from './account-ui';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useChangeRole, useRemoveMember, useResendInvitation, useWithdrawInvitation } from '../../api/teams';

function StatusBadge({ entry }: { entry: TeamEntry }) {
  const [label, tone] =
    entry.status === 'active'
      ? ['Active', 'bg-green-50 text-green-700 ring-green-200']
      : entry.expired
        ? ['Expired', 'bg-slate-100 text-slate-600 ring-slate-200']
        : ['Pending', 'bg-amber-50 text-amber-800 ring-amber-200'];
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${tone}`}>{label}</span>;
}

/**
 * One person: active members can have their role changed and be removed; pending ones can be
 * re-invited or withdrawn; the owner, and the viewer themself, can be neither edited nor removed.
 */
export function TeamMemberRow({ entry, canManage }: { entry: TeamEntry; canManage: boolean }) {
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const resend = useResendInvitation();
  const withdraw = useWithdrawInvitation();
  const pending = entry.status === 'pending';
  const editable = canManage && entry.role !== 'owner' && !entry.isYou;
  const who = entry.name || entry.email;

  const run = async (action: () => Promise<unknown>, success: { title: string; description: string }) => {
    await saveWithToast(() => action(), success);
  };

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-3 py-4" data-testid="team-row">
      <div className="flex min-w-0 flex-1 basis-64 items-center gap-3">
        <span
          aria-hidden="true"
          className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${pending ? 'bg-slate-100 text-slate-500' : 'bg-brand/10 text-brand-dark'}`}
        >
          {pending ? <Mail className="h-4 w-4" /> : initialsOf(entry.name, entry.email)}
        </span>
        <div className="min-w-0">
          <p className="truncate text-sm font-medium text-slate-900">
            {who}
            {entry.isYou && (
              <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-600">You</span>
            )}
          </p>
          <p className="truncate text-xs text-slate-500">
            {entry.name ? `${entry.email} · ` : ''}
            {pending ? `Invited ${formatDate(entry.since)}` : `Joined ${formatDate(entry.since)}`}
          </p>
        </div>
      </div>
      <div className="flex w-full items-center gap-2 sm:w-auto sm:gap-3">
        <StatusBadge entry={entry} />
        {editable && !pending ? (
          <Select
            aria-label={`Role of ${who}`}
            className="h-9 w-24 sm:w-28"
            value={entry.role}
            disabled={changeRole.isPending}
            onChange={(e) => {
              const role = e.target.value as 'admin' | 'member';
              void run(() => changeRole.mutateAsync({ id: entry.id, role }), {
                title: 'Role changed',
                description: `${who} is now ${role === 'admin' ? 'an admin' : 'a member'}.`,
              });
            }}
          >
            <option value="admin">Admin</option>
            <option value="member">Member</option>
          </Select>
        ) : (
          <span className="inline-flex h-9 w-24 items-center px-3 text-sm text-slate-700 sm:w-28">
            {ROLE_LABELS[entry.role]}
          </span>
        )}
        <div className="ml-auto flex justify-end gap-1 sm:w-[8.5rem]">
          {editable && pending && (
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Re-invite ${entry.email}`}
              disabled={resend.isPending}
              onClick={() =>
                run(() => resend.mutateAsync(entry.id), {
                  title: 'Invitation sent again',
                  description: `We emailed ${entry.email} a new link.`,
                })
              }
            >
              <Send className="h-4 w-4 sm:hidden" aria-hidden="true" />
              <span className="hidden sm:inline">Re-invite</span>
            </Button>
          )}
          {editable && (
            <ConfirmDialog
              trigger={
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${who}`}
                  className="text-red-600! hover:bg-red-50!"
                >
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                </Button>
              }
              title={pending ? 'Withdraw this invitation?' : `Remove ${who}?`}
              description={
                pending
                  ? `The link we sent to ${entry.email} will stop working and the seat becomes free.`
                  : `${who} loses access to this organization at once. Their account and signatures stay theirs.`
              }
              confirmLabel={pending ? 'Withdraw invitation' : 'Remove member'}
              onConfirm={() =>
                run(() => (pending ? withdraw.mutateAsync(entry.id) : remove.mutateAsync(entry.id)), {
                  title: pending ? 'Invitation withdrawn' : 'Member removed',
                  description: pending
                    ? `${entry.email} can no longer join with that link.`
                    : `${who} is no longer part of the team.`,
                })
              }
            />
          )}
        </div>
      </div>
    </li>
  );
}
