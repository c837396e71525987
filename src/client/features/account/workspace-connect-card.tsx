import { useState, type ChangeEvent } from 'react';
import { enableApiLink, readKeyPreview } from '../../../shared/workspace/google-setup';
import type { WorkspaceOverview } from '../../../shared/api/workspace';
import { Button } from '../../components/ui/button';
import { Field, Textarea } from '../../components/ui/field';
import { toast } from '../../lib/toast-store';
import { ApiError, errorMessage } from '../../lib/api';
import { useConnect, useConnectTestMode } from '../../api/workspace';
import { SectionCard } from './account-ui';
import { DelegationBox, Out, Scopes } from './workspace-delegation';
import { OperatorConnect } from './workspace-operator-connect';
import { WorkspaceAdminSubmit } from './workspace-admin-submit';

/** The steps, in the order they fail in real life (design/google-workspace.md, "What fails first"). */
function Steps({ scopes, projectId }: { scopes: string[]; projectId: string | null }) {
  const forProject = projectId ? ` (${projectId})` : '';
  return (
    <ol className="mb-4 list-decimal space-y-2 pl-5 text-sm text-slate-700" data-testid="workspace-steps">
      <li>
        In Google Cloud, <Out href="https://console.cloud.google.com/projectcreate">create a project</Out> or choose
        one.
      </li>
      <li>
        <strong>Enable the Gmail API and the Admin SDK API</strong> in that project
        {forProject}: <Out href={enableApiLink('gmail', projectId)}>Gmail API</Out>,{' '}
        <Out href={enableApiLink('admin', projectId)}>Admin SDK API</Out>. Without them Google answers "… API has not
        been used in project … or it is disabled".
      </li>
      <li>
        Create a service account and a JSON key (IAM &amp; Admin → Service accounts → Keys → Add key). If Google says
        "Service account key creation is disabled", an organization policy (
        <code className="text-xs">iam.disableServiceAccountKeyCreation</code>) blocks keys: an organization policy
        administrator must allow keys for this project.
      </li>
      <li>Paste or upload the key below: its client ID appears here at once, with a link to authorise it.</li>
      <li>
        Authorise the client ID for domain-wide delegation with exactly these scopes. It needs a{' '}
        <strong>super admin</strong>, and takes a few minutes to apply (rarely up to 24 hours): if a scope is "not
        granted" right after, wait and check again.
        <Scopes scopes={scopes} />
      </li>
      <li>Give the address of a super admin of the domain and press "Connect and check".</li>
    </ol>
  );
}

/** The built-in TEST MODE Workspace, offered where the server runs it (decision 0140). */
function TestModeOffer({ onError }: { onError(words: string): void }) {
  const testMode = useConnectTestMode();
  const onTestMode = async () => {
    try {
      await testMode.mutateAsync(undefined);
      toast({
        title: 'Connected to the TEST MODE Workspace',
        description: 'Sample people, no real Gmail. Sync the directory next.',
        variant: 'success',
      });
    } catch (error) {
      onError(errorMessage(error, 'Could not connect the TEST MODE Workspace.'));
    }
  };
  return (
    <div className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
      <p>
        No Google setting is configured, so a <strong>TEST MODE</strong> Workspace is built in: sample people, one
        without Gmail, two Google groups to try rules and campaigns by group, and a page showing what "Google" stored.
        Nothing reaches a real Gmail.
      </p>
      <Button className="mt-2" variant="secondary" onClick={onTestMode} disabled={testMode.isPending}>
        {testMode.isPending ? 'Connecting…' : 'Use the TEST MODE Workspace'}
      </Button>
    </div>
  );
}

/** Not connected yet: the steps, the key (read in the browser first), the admin, and TEST MODE where it runs. */
function KeyConnect({ data }: { data: WorkspaceOverview }) {
  const connect = useConnect();
  const [keyJson, setKeyJson] = useState('');
  const [adminEmail, setAdminEmail] = useState('');
  const [errors, setErrors] = useState<{ keyJson?: string; adminEmail?: string; form?: string }>({});
  const preview = readKeyPreview(keyJson);

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

  return (
    <>
      <Steps scopes={data.scopes} projectId={preview.ok ? preview.projectId : null} />
      {data.testModeAvailable && <TestModeOffer onError={(form) => setErrors({ form })} />}
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
        {preview.ok ? (
          <DelegationBox
            clientId={preview.clientId}
            scopes={data.scopes}
            note={
              <p className="mt-1 text-slate-600" data-testid="workspace-key-project">
                {preview.projectId ? `Project ${preview.projectId} · ` : ''}
                {preview.clientEmail}
              </p>
            }
          />
        ) : (
          keyJson.trim() !== '' && (
            <p className="text-sm text-slate-600" data-testid="workspace-key-preview-note">
              {preview.reason}
            </p>
          )
        )}
        <WorkspaceAdminSubmit
          id="workspace-admin"
          label="Workspace admin address"
          adminEmail={adminEmail}
          onAdminEmail={setAdminEmail}
          fieldError={errors.adminEmail}
          formError={errors.form}
          errorTestId="workspace-connect-error"
          busy={connect.isPending}
          submitLabel="Connect and check"
          onSubmit={onConnect}
        />
      </div>
    </>
  );
}

/** Connect Google Workspace: with the server's own service account where it has one (decision 0141), else a pasted key. */
export function WorkspaceConnectCard({ data }: { data: WorkspaceOverview }) {
  return (
    <SectionCard
      id="workspace-connect"
      title="Connect Google Workspace"
      description="SignaturePro writes each person's signature into Gmail through a service account with domain-wide delegation."
    >
      {data.operatorKey ? (
        <>
          <OperatorConnect operator={data.operatorKey} scopes={data.scopes} />
          <details className="mt-6 border-t border-slate-200 pt-4" data-testid="workspace-own-key">
            <summary className="cursor-pointer text-sm font-medium text-slate-700">
              Or use your organization's own service account key
            </summary>
            <div className="mt-4">
              <KeyConnect data={data} />
            </div>
          </details>
        </>
      ) : (
        <KeyConnect data={data} />
      )}
    </SectionCard>
  );
}
