import { CheckCircle2, MailX, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { AcceptInvitationResponse, InvitationPreview } from '../../../shared/account-area-types';
import type { MeResponse } from '../../../shared/account-types';
import { LogoHomeLink } from '../../components/site-header/logo-home-link';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/toast-store';
import { errorMessage } from '../../lib/api';
import { useLogout, useRefreshSession, useSession } from '../../api/session';
import { InvitationAuthForms } from './invitation-auth-forms';
import { acceptInvitation, useInvitation, useRefetchInvitation } from '../../api/teams';

function Shell({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="flex min-h-full flex-col items-center bg-slate-50 px-4 py-10 sm:py-16">
      <LogoHomeLink className="mb-8" />
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">{children}</div>
    </main>
  );
}

function Message({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="text-center">
      <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-slate-100 has-[.text-green-600]:bg-green-50">
        {icon}
      </div>
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      <div className="mt-2 text-sm text-slate-600">{children}</div>
    </div>
  );
}

const linkButton = 'inline-flex h-10 items-center justify-center rounded-md px-4 text-sm font-medium';

function Joined({ result, isNew }: { result: AcceptInvitationResponse; isNew: boolean }) {
  return (
    <Message
      icon={<CheckCircle2 className="h-6 w-6 text-green-600" aria-hidden="true" />}
      title={`Welcome to ${result.organization.name}!`}
    >
      <p>
        You joined as {result.role === 'admin' ? 'an admin' : 'a member'}. New signatures start from your
        organization&apos;s defaults.
      </p>
      {isNew && <p className="mt-2">We also sent you an email to verify your address.</p>}
      <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
        <a href="/editor" className={`${linkButton} bg-brand text-white hover:bg-brand-dark`}>
          Open the editor
        </a>
        <a href="/account/team" className={`${linkButton} border border-slate-300 text-slate-800 hover:bg-slate-100`}>
          See your team
        </a>
      </div>
    </Message>
  );
}

function Unavailable({ invitation }: { invitation: InvitationPreview | null }) {
  const [title, text] = !invitation
    ? [
        'Invitation not found',
        'This invitation link is invalid or has been withdrawn. Please ask for a new invitation.',
      ]
    : invitation.status === 'expired'
      ? [
          'This invitation has expired',
          `It was valid until ${new Date(invitation.expiresAt).toLocaleDateString('en-US', { dateStyle: 'long' })}. Ask ${invitation.inviterName} to send a new one.`,
        ]
      : invitation.status === 'canceled'
        ? [
            'This invitation was withdrawn',
            `Ask ${invitation.inviterName} if you should still join ${invitation.organizationName}.`,
          ]
        : [
            'This invitation has already been used',
            `If you should be part of ${invitation.organizationName}, ask ${invitation.inviterName} to invite you again.`,
          ];
  return (
    <Message icon={<MailX className="h-6 w-6 text-slate-500" aria-hidden="true" />} title={title}>
      <p>{text}</p>
      <Link to="/" className={`${linkButton} mt-6 border border-slate-300 text-slate-800 hover:bg-slate-100`}>
        Go to the home page
      </Link>
    </Message>
  );
}

/** /invitations/{token}: sign up or log in with the invited address, then join the organization. */
export function InvitationPage() {
  const { token = '' } = useParams();
  const invitation = useInvitation(token);
  const session = useSession();
  const refreshSession = useRefreshSession();
  const logout = useLogout();
  const refetchInvitation = useRefetchInvitation(token);
  const [joined, setJoined] = useState<{ result: AcceptInvitationResponse; isNew: boolean } | null>(null);
  const [joining, setJoining] = useState(false);

  const join = async (me: MeResponse | null, isNew: boolean) => {
    setJoining(true);
    try {
      const result = await acceptInvitation(token);
      // The organization the person works in has changed: everything cached is refetched.
      await refreshSession(me);
      setJoined({ result, isNew });
    } catch (error) {
      await refetchInvitation();
      toast({ title: 'Could not join', description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
    } finally {
      setJoining(false);
    }
  };

  if (joined)
    return (
      <Shell>
        <Joined {...joined} />
      </Shell>
    );
  if (invitation.isPending || session.isPending) {
    return (
      <Shell>
        <p role="status" className="py-8 text-center text-sm text-slate-500">
          Loading your invitation…
        </p>
      </Shell>
    );
  }
  if (invitation.isError) {
    return (
      <Shell>
        <Message icon={<MailX className="h-6 w-6 text-slate-500" aria-hidden="true" />} title="Something went wrong">
          {errorMessage(invitation.error, 'Please reload the page.')}
        </Message>
      </Shell>
    );
  }
  const inv = invitation.data;
  if (!inv || inv.status !== 'pending') {
    if (inv?.status === 'accepted' && inv.viewer?.alreadyMember) {
      return (
        <Shell>
          <Joined
            result={{
              organization: { id: '', name: inv.organizationName },
              role: inv.role === 'admin' ? 'admin' : 'member',
            }}
            isNew={false}
          />
        </Shell>
      );
    }
    return (
      <Shell>
        <Unavailable invitation={inv} />
      </Shell>
    );
  }

  const viewer = session.data ? inv.viewer : null;
  return (
    <Shell>
      <div className="mb-6 text-center">
        <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-brand/10">
          <Users className="h-6 w-6 text-brand" aria-hidden="true" />
        </div>
        <h1 className="text-xl font-semibold text-slate-900">Join {inv.organizationName}</h1>
        <p className="mt-2 text-sm text-slate-600">
          {inv.inviterName} invited <span className="font-medium text-slate-900">{inv.email}</span> to join as{' '}
          <span className="font-medium text-slate-900">{inv.role === 'admin' ? 'an admin' : 'a member'}</span>.
        </p>
      </div>
      <JoinActions
        inv={inv}
        viewer={viewer}
        joining={joining}
        onJoin={(me, isNew) => join(me ?? session.data ?? null, isNew)}
        onSwitchAccount={async () => {
          await logout();
          await invitation.refetch();
        }}
      />
    </Shell>
  );
}

/** What the invited person can do next: sign in, switch accounts, clear what blocks them, or join. */
function JoinActions({
  inv,
  viewer,
  joining,
  onJoin,
  onSwitchAccount,
}: {
  inv: InvitationPreview;
  viewer: InvitationPreview['viewer'] | null;
  joining: boolean;
  onJoin: (me: MeResponse | null, isNew: boolean) => Promise<void>;
  onSwitchAccount: () => Promise<void>;
}) {
  return (
    <>
      {!viewer ? (
        <InvitationAuthForms email={inv.email} onSignedIn={(me, isNew) => onJoin(me, isNew)} />
      ) : !viewer.emailMatches ? (
        <div className="grid gap-4 text-sm text-slate-700">
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900 ring-1 ring-amber-200">
            You are logged in as <strong>{viewer.email}</strong>, but this invitation is for{' '}
            <strong>{inv.email}</strong>.
          </p>
          <Button onClick={onSwitchAccount}>Log out and continue as {inv.email}</Button>
        </div>
      ) : viewer.blockedReason ? (
        <div className="grid gap-4 text-sm">
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900 ring-1 ring-amber-200">
            {viewer.blockedReason}
          </p>
          <Link to="/account/danger" className={`${linkButton} bg-brand text-white hover:bg-brand-dark`}>
            Go to Danger Zone
          </Link>
        </div>
      ) : (
        <div className="grid gap-4 text-sm text-slate-600">
          {viewer.leaves && (
            <p className="rounded-lg bg-slate-50 px-3 py-2 ring-1 ring-slate-200">
              {viewer.leaves.closes
                ? `Your own organization, ${viewer.leaves.name}, will be closed. Your signatures stay yours.`
                : `You will leave ${viewer.leaves.name}. Your signatures stay yours.`}
            </p>
          )}
          <Button size="lg" disabled={joining} onClick={() => onJoin(null, false)}>
            {joining ? 'Joining...' : `Join ${inv.organizationName}`}
          </Button>
        </div>
      )}
    </>
  );
}
