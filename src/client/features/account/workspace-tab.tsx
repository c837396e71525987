import { useEffect, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router';
import { capabilityRefusal } from '../../../shared/billing/plan-features';
import type { WorkspaceOverview } from '../../../shared/api/workspace';
import { Button } from '../../components/ui/button';
import { Field, Input, Textarea } from '../../components/ui/field';
import { toast } from '../../lib/toast-store';
import { ApiError, errorMessage } from '../../lib/api';
import { formatDate, LoadError, SectionCard, Spinner, toastError } from './account-ui';
import { WorkspaceMySignature } from './workspace-my-signature';
import { WorkspaceAudit, WorkspacePeople } from './workspace-people';
import { WorkspaceTemplateCard } from './workspace-template-card';
import { useOrganization } from '../../api/teams';
import {
  useCheckConnection,
  useConnect,
  useConnectTestMode,
  useDisconnect,
  useSync,
  useWorkspace,
} from '../../api/workspace';
import { PendingRemoval } from './workspace-removal-confirm';

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
        <p className="text-sm text-slate-700" data-testid="workspace-upgrade">
          {capabilityRefusal('workspacePush')}{' '}
          <Link to="/account/billing" className="font-medium text-brand hover:underline">
            Upgrade to Pro
          </Link>
        </p>
      </SectionCard>
    );
  }
  return (
    <div className="grid gap-6">
      {org.data.canManage && <WorkspaceAdmin />}
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

function Scopes({ scopes }: { scopes: string[] }) {
  return (
    <ul className="mt-1 grid gap-1">
      {scopes.map((s) => (
        <li key={s}>
          <code className="break-all rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800">{s}</code>
        </li>
      ))}
    </ul>
  );
}

function ConnectionCard({ data, onSyncRequested }: { data: WorkspaceOverview; onSyncRequested(): void }) {
  const connect = useConnect();
  const testMode = useConnectTestMode();
  const check = useCheckConnection();
  const disconnect = useDisconnect();
  const sync = useSync();
  const [keyJson, setKeyJson] = useState('');
  const [adminEmail, setAdminEmail] = useState('');
  const [errors, setErrors] = useState<{ keyJson?: string; adminEmail?: string; form?: string }>({});
  const [checkResult, setCheckResult] = useState<{ ok: boolean; message: string } | null>(null);
  const conn = data.connection;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) setKeyJson(await file.text());
  };
  const onConnect = async () => {
    setErrors({});
    try {
      await connect.mutateAsync({ keyJson, adminEmail });
      setKeyJson('');
      toast({
        title: 'Google Workspace connected',
        description: 'The key works. Now sync the directory.',
        variant: 'success',
      });
    } catch (error) {
      // What was typed stays; the words go beside the field they are about.
      const fields = error instanceof ApiError ? error.fields : {};
      setErrors({
        keyJson: fields.keyJson,
        adminEmail: fields.adminEmail,
        form: errorMessage(error, 'Could not connect. Please try again.'),
      });
    }
  };
  const onTestMode = async () => {
    setErrors({});
    try {
      await testMode.mutateAsync(undefined);
      toast({
        title: 'Connected to the TEST MODE Workspace',
        description: 'Sample people, no real Gmail. Sync the directory next.',
        variant: 'success',
      });
    } catch (error) {
      setErrors({ form: errorMessage(error, 'Could not connect the TEST MODE Workspace.') });
    }
  };
  const run = async <T,>(action: () => Promise<T>, done: (result: T) => void) => {
    try {
      done(await action());
    } catch (error) {
      toastError(error, 'Something went wrong. Please try again.');
    }
  };

  if (!conn) {
    return (
      <SectionCard
        id="workspace-connect"
        title="Connect Google Workspace"
        description="SignaturePro writes each person's signature into Gmail through a service account with domain-wide delegation."
      >
        <ol className="mb-4 list-decimal space-y-1 pl-5 text-sm text-slate-700">
          <li>In Google Cloud, create a service account and download a JSON key for it.</li>
          <li>
            In the Admin console (Security → API controls → Domain-wide delegation), add its client ID (it is shown here
            once connected) with exactly these scopes:
            <Scopes scopes={data.scopes} />
          </li>
          <li>Paste or upload the key below with the address of a Workspace admin.</li>
        </ol>
        {data.testModeAvailable && (
          <div className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            <p>
              No Google setting is configured, so a <strong>TEST MODE</strong> Workspace is built in: sample people, one
              without Gmail, and a page showing what "Google" stored. Nothing reaches a real Gmail.
            </p>
            <Button className="mt-2" variant="secondary" onClick={onTestMode} disabled={testMode.isPending}>
              {testMode.isPending ? 'Connecting…' : 'Use the TEST MODE Workspace'}
            </Button>
          </div>
        )}
        <div className="grid gap-4">
          <Field
            id="workspace-key"
            label="Service account key (JSON)"
            error={errors.keyJson}
            hint="Pasted or uploaded; it is encrypted and never shown again."
          >
            <Textarea
              id="workspace-key"
              rows={5}
              value={keyJson}
              onChange={(e) => setKeyJson(e.target.value)}
              aria-invalid={!!errors.keyJson}
              placeholder='{"type": "service_account", "client_email": "…", "private_key": "…"}'
              className="font-mono text-xs"
            />
          </Field>
          <div>
            <label htmlFor="workspace-key-file" className="text-sm font-medium text-slate-700">
              Or upload the key file
            </label>
            <input
              id="workspace-key-file"
              type="file"
              accept="application/json,.json"
              onChange={onFile}
              className="mt-1 block w-full text-sm text-slate-700"
            />
          </div>
          <Field id="workspace-admin" label="Workspace admin address" error={errors.adminEmail}>
            <Input
              id="workspace-admin"
              type="email"
              value={adminEmail}
              onChange={(e) => setAdminEmail(e.target.value)}
              aria-invalid={!!errors.adminEmail}
              placeholder="admin@yourcompany.com"
            />
          </Field>
          {errors.form && (
            <p
              role="alert"
              className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800"
              data-testid="workspace-connect-error"
            >
              {errors.form}
            </p>
          )}
          <div>
            <Button onClick={onConnect} disabled={connect.isPending}>
              {connect.isPending ? 'Checking…' : 'Connect and check'}
            </Button>
          </div>
        </div>
      </SectionCard>
    );
  }

  return (
    <SectionCard
      id="workspace-connection"
      title="Google Workspace"
      description={
        conn.testMode ? 'Connected to the built-in TEST MODE Workspace.' : `Connected as ${conn.adminEmail}.`
      }
    >
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
      <PendingRemoval connection={conn} onConfirmed={onSyncRequested} />
      {checkResult && (
        <p
          role="status"
          className={`mt-3 rounded-md px-3 py-2 text-sm ${checkResult.ok ? 'bg-green-50 text-green-800' : 'bg-red-50 text-red-800'}`}
        >
          {checkResult.message}
        </p>
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
