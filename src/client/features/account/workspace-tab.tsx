import { useEffect, useState } from 'react';
import type { ConnectionCheck, WorkspaceOverview } from '../../../shared/api/workspace';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/toast-store';
import { formatDate, LoadError, SectionCard, Spinner, toastError } from './account-ui';
import { PaidFeatureLock } from './paid-feature-lock';
import { WorkspaceMySignature } from './workspace-my-signature';
import { SignatureRulesCard } from './signature-rules-card';
import { CampaignsCard } from './campaigns-card';
import { WorkspaceAudit, WorkspacePeople } from './workspace-people';
import { WorkspaceTemplateCard } from './workspace-template-card';
import { useOrganization } from '../../api/teams';
import { useCheckConnection, useDisconnect, useSync, useWorkspace } from '../../api/workspace';
import { PendingRemoval } from './workspace-removal-confirm';
import { checkSummary, WorkspaceCheckList } from './workspace-check-list';
import { WorkspaceConnectCard } from './workspace-connect-card';
import { Scopes } from './workspace-delegation';
import { WorkspaceStoppedNotice } from './workspace-stopped-notice';
import { WorkspaceAliasesOption } from './workspace-aliases-option';

/** /account/workspace: Google Workspace for owners and admins of a Pro organization, and everyone's own Gmail signature. */
export function WorkspaceTab() {
  const org = useOrganization();
  if (org.isPending) return <Spinner />;
  if (org.isError) return <LoadError error={org.error} retry={() => org.refetch()} />;
  if (!org.data.capabilities.workspacePush) {
    return (
      <SectionCard
        id="workspace-upgrade"
        title="Google Workspace"
        description="Put every signature straight into Gmail for your whole domain."
      >
        <PaidFeatureLock
          capability="workspacePush"
          canManage={org.data.canManage}
          askForUpgrade={org.data.askForUpgrade}
        />
      </SectionCard>
    );
  }
  return (
    <div className="grid gap-6">
      {org.data.canManage && <WorkspaceAdmin />}
      {org.data.canManage && <SignatureRulesCard />}
      {org.data.canManage && <CampaignsCard />}
      <WorkspaceMySignature />
    </div>
  );
}

function WorkspaceAdmin() {
  // After "Sync directory", the page asks again until the sync has finished (its time changes), at most a minute.
  const [syncFrom, setSyncFrom] = useState<{ lastSyncAt: string | null; until: number } | null>(null);
  const overview = useWorkspace(true, syncFrom !== null);
  const lastSyncAt = overview.data?.connection?.lastSyncAt ?? null;
  useEffect(() => {
    if (syncFrom && (lastSyncAt !== syncFrom.lastSyncAt || Date.now() > syncFrom.until)) setSyncFrom(null);
  }, [syncFrom, lastSyncAt, overview.dataUpdatedAt]);
  if (overview.isPending) return <Spinner label="Loading Google Workspace…" />;
  if (overview.isError) return <LoadError error={overview.error} retry={() => overview.refetch()} />;
  const data = overview.data;
  return (
    <>
      <ConnectionCard
        data={data}
        onSyncRequested={() =>
          setSyncFrom({ lastSyncAt: data.connection?.lastSyncAt ?? null, until: Date.now() + 60_000 })
        }
      />
      {data.connection && (
        <>
          <WorkspaceTemplateCard data={data} />
          <WorkspacePeople data={data} />
          <WorkspaceAudit data={data} />
        </>
      )}
    </>
  );
}

function ConnectionCard({ data, onSyncRequested }: { data: WorkspaceOverview; onSyncRequested(): void }) {
  const check = useCheckConnection();
  const disconnect = useDisconnect();
  const sync = useSync();
  const [checkResult, setCheckResult] = useState<ConnectionCheck | null>(null);
  const conn = data.connection;

  const run = async <T,>(action: () => Promise<T>, done: (result: T) => void) => {
    try {
      done(await action());
    } catch (error) {
      toastError(error, 'Something went wrong. Please try again.');
    }
  };

  if (!conn) return <WorkspaceConnectCard data={data} />;

  return (
    <SectionCard
      id="workspace-connection"
      title="Google Workspace"
      description={
        conn.testMode ? 'Connected to the built-in TEST MODE Workspace.' : `Connected as ${conn.adminEmail}.`
      }
    >
      <WorkspaceStoppedNotice connection={conn} />
      {conn.testMode && (
        <p className="mb-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <strong>TEST MODE</strong>: nothing reaches a real Gmail.{' '}
          <a href="/test-mode/google" target="_blank" rel="noreferrer" className="font-medium underline">
            See what "Google" stored
          </a>
        </p>
      )}
      <dl className="grid gap-3 text-sm sm:grid-cols-[max-content_minmax(0,1fr)] sm:gap-x-6">
        <dt className="font-medium text-slate-600">Client ID</dt>
        <dd>
          <code className="break-all rounded bg-slate-100 px-1.5 py-0.5 text-xs" data-testid="workspace-client-id">
            {conn.clientId}
          </code>
        </dd>
        <dt className="font-medium text-slate-600">Service account</dt>
        <dd className="break-all">{conn.clientEmail}</dd>
        <dt className="font-medium text-slate-600">Admin</dt>
        <dd className="break-all">{conn.adminEmail}</dd>
        <dt className="font-medium text-slate-600">Scopes to authorise</dt>
        <dd>
          <Scopes scopes={data.scopes} />
        </dd>
        <dt className="font-medium text-slate-600">Directory</dt>
        <dd data-testid="workspace-sync-result">
          {conn.lastSyncAt
            ? `${conn.lastSyncResult ?? ''} (${formatDate(conn.lastSyncAt, { dateStyle: 'medium', timeStyle: 'short' })})`
            : 'Not synced yet.'}
        </dd>
      </dl>
      <WorkspaceAliasesOption connection={conn} />
      <PendingRemoval connection={conn} onConfirmed={onSyncRequested} />
      {checkResult && (
        <>
          <p
            role="status"
            data-testid="workspace-check-result"
            className={`mt-3 rounded-md px-3 py-2 text-sm [overflow-wrap:anywhere] ${checkResult.checks.some((line) => line.state === 'fail') ? 'bg-red-50 text-red-800' : 'bg-green-50 text-green-800'}`}
          >
            {checkSummary(checkResult)}
          </p>
          <WorkspaceCheckList lines={checkResult.checks} />
        </>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          onClick={() =>
            run(
              () => sync.mutateAsync(undefined),
              (r) => {
                onSyncRequested();
                toast({ title: 'Sync directory', description: r.message, variant: 'success' });
              },
            )
          }
          disabled={sync.isPending}
        >
          Sync directory
        </Button>
        <Button
          variant="secondary"
          onClick={() => run(() => check.mutateAsync(undefined), setCheckResult)}
          disabled={check.isPending}
        >
          {check.isPending ? 'Checking…' : 'Check connection'}
        </Button>
        <Button
          variant="ghost"
          className="text-red-700"
          onClick={() => {
            if (
              window.confirm(
                'Disconnect Google Workspace? The key is deleted and the synced people are removed; signatures already in Gmail stay.',
              )
            ) {
              void run(
                () => disconnect.mutateAsync(undefined),
                () => toast({ title: 'Disconnected', description: 'The key was deleted.', variant: 'success' }),
              );
            }
          }}
        >
          Disconnect
        </Button>
      </div>
    </SectionCard>
  );
}
