import { useState, type ComponentProps, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  DELETE_ACCOUNT_PHRASE,
  DELETE_ORGANIZATION_PHRASE,
  deleteAccountSchema,
  deleteOrganizationSchema,
  LEAVE_ORGANIZATION_PHRASE,
  leaveOrganizationSchema,
} from '../../../shared/validation/account-schemas';
import { toast } from '../../lib/toast-store';
import { useSessionChanged } from '../../api/session';
import { LoadError, SectionCard, Select, Spinner } from './account-ui';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ConfirmPhraseForm } from './confirm-phrase-form';
import { Button } from '../../components/ui/button';
import { useDeleteAccount, useLeaveOrganization } from '../../api/account';
import { useBillingOverview } from '../../api/billing';
import { useDeleteOrganization, useTeam, useTransferOwnership } from '../../api/teams';

function TransferOwnership({ candidates }: { candidates: { id: string; label: string }[] }) {
  const transfer = useTransferOwnership();
  const [memberId, setMemberId] = useState(candidates[0]?.id ?? '');
  const chosen = candidates.find((c) => c.id === memberId);
  return (
    <SectionCard
      id="transfer"
      tone="danger"
      title="Hand the organization over"
      description="Make another active member the owner. You stay on as an admin."
    >
      <div className="grid gap-3 sm:max-w-md">
        <label htmlFor="transfer-to" className="text-sm font-medium text-slate-700">
          New owner
        </label>
        <Select id="transfer-to" value={memberId} onChange={(e) => setMemberId(e.target.value)}>
          {candidates.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </Select>
        <ConfirmDialog
          trigger={
            <Button variant="danger" className="justify-self-start" disabled={!chosen || transfer.isPending}>
              Transfer ownership
            </Button>
          }
          title={`Make ${chosen?.label ?? 'them'} the owner?`}
          description="They will manage billing and can remove you. You become an admin; only they can hand it back."
          confirmLabel="Transfer ownership"
          onConfirm={async () => {
            try {
              await transfer.mutateAsync(memberId);
              toast({
                title: 'Ownership transferred',
                description: `${chosen?.label} now owns the organization.`,
                variant: 'success',
              });
            } catch (error) {
              toast({
                title: 'Error',
                description: error instanceof Error ? error.message : 'Please try again.',
                variant: 'destructive',
              });
            }
          }}
        />
      </div>
    </SectionCard>
  );
}

type PhraseFormProps = ComponentProps<typeof ConfirmPhraseForm>;
type DangerActionProps = Omit<PhraseFormProps, 'onConfirm' | 'disabled'> & {
  card: { id: string; title: string; description: string };
};

/** The tab's three typed-phrase actions: the card around each form and the form's own words. */
const DANGER_ACTIONS = {
  deleteOrganization: {
    card: {
      id: 'delete-organization',
      title: 'Delete organization',
      description:
        "Removes every member and pending invitation and erases the organization's name, domain, logo and signature defaults. Everyone keeps their own account and signatures.",
    },
    id: 'confirm-delete-organization',
    phrase: DELETE_ORGANIZATION_PHRASE,
    schema: deleteOrganizationSchema,
    buttonLabel: 'Delete organization',
    busyLabel: 'Deleting...',
    done: { title: 'Organization deleted', description: 'Its members were removed and its details erased.' },
  },
  leave: {
    card: {
      id: 'leave',
      title: 'Leave organization',
      description: "You lose access to the organization's defaults and team. Your account and signatures stay yours.",
    },
    id: 'confirm-leave',
    phrase: LEAVE_ORGANIZATION_PHRASE,
    schema: leaveOrganizationSchema,
    buttonLabel: 'Leave organization',
    busyLabel: 'Leaving...',
    done: { title: 'You left the organization', description: 'You now work in an organization of your own.' },
  },
  deleteAccount: {
    card: {
      id: 'delete-account',
      title: 'Delete account',
      description:
        'Deletes your account and all its data for good: your signatures, uploaded images and every signed-in session. This cannot be undone.',
    },
    id: 'confirm-delete-account',
    phrase: DELETE_ACCOUNT_PHRASE,
    schema: deleteAccountSchema,
    buttonLabel: 'Delete my account',
    busyLabel: 'Deleting...',
    passwordHint:
      'Your sign-in password. Signed in by email link and never set one? Leave it empty: we email you a fresh sign-in link.',
  },
} satisfies Record<string, DangerActionProps>;

/** A danger card: its notices (children) above one typed-phrase form. */
function DangerAction({
  card,
  children,
  ...form
}: DangerActionProps & Pick<PhraseFormProps, 'onConfirm' | 'disabled'> & { children?: ReactNode }) {
  return (
    <SectionCard {...card} tone="danger">
      {children}
      <ConfirmPhraseForm {...form} />
    </SectionCard>
  );
}

/** A line of context above a danger form; `warning` when it is why the form is disabled. */
function Notice({ warning = false, children }: { warning?: boolean; children: ReactNode }) {
  return (
    <p
      className={`mb-4 rounded-lg px-3 py-2 text-sm ring-1 ${warning ? 'bg-amber-50 text-amber-900 ring-amber-200' : 'bg-slate-50 text-slate-700 ring-slate-200'}`}
    >
      {children}
    </p>
  );
}

export function DangerTab() {
  const team = useTeam();
  const billing = useBillingOverview();
  const leave = useLeaveOrganization();
  const deleteOrganization = useDeleteOrganization();
  const deleteAccount = useDeleteAccount();
  const sessionChanged = useSessionChanged();
  const navigate = useNavigate();

  if (team.isPending) return <Spinner />;
  if (team.isError) return <LoadError error={team.error} retry={() => team.refetch()} />;
  const isOwner = team.data.yourRole === 'owner';
  const others = team.data.entries.filter((e) => !e.isYou);
  const activeOthers = others.filter((e) => e.status === 'active');
  const ownerBlocked = isOwner && activeOthers.length > 0;
  // Billing is the person's own: a live subscription is canceled at once with the account.
  const liveSubscription =
    billing.data?.actions.cancel || billing.data?.actions.resume ? billing.data.subscriptionPlan : null;

  return (
    <div className="grid gap-6">
      {isOwner && activeOthers.length > 0 && (
        <TransferOwnership
          candidates={activeOthers.map((e) => ({ id: e.id, label: e.name ? `${e.name} (${e.email})` : e.email }))}
        />
      )}
      {isOwner && others.length > 0 && (
        <DangerAction
          {...DANGER_ACTIONS.deleteOrganization}
          onConfirm={(confirmation) => deleteOrganization.mutateAsync(confirmation)}
        />
      )}
      {!isOwner && (
        <DangerAction {...DANGER_ACTIONS.leave} onConfirm={(confirmation) => leave.mutateAsync(confirmation)}>
          {billing.data?.leaveNotice && <Notice>{billing.data.leaveNotice}</Notice>}
        </DangerAction>
      )}
      <DangerAction
        {...DANGER_ACTIONS.deleteAccount}
        disabled={ownerBlocked}
        onConfirm={async (confirmation, password) => {
          await deleteAccount.mutateAsync({ confirmation, password });
          // Leave the account area first: with no session it would send the person to /login.
          await navigate('/', { replace: true });
          await sessionChanged(null);
          toast({
            title: 'Account deleted',
            description: 'Your account and all its data are gone. Thank you for using SignaturePro.',
          });
        }}
      >
        {ownerBlocked && (
          <Notice warning>
            Your organization has other members. Hand it over to one of them or delete the organization first.
          </Notice>
        )}
        {liveSubscription && (
          <Notice>
            Your {liveSubscription} subscription is canceled at once when you delete your account, so nothing more is
            charged.
          </Notice>
        )}
      </DangerAction>
    </div>
  );
}
