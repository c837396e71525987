import { useState } from 'react';
import type { WorkspaceOverview } from '../../../shared/api/workspace';
import { ApiError, errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast-store';
import { useConnectOperator } from '../../api/workspace';
import { WorkspaceAdminSubmit } from './workspace-admin-submit';
import { DelegationBox } from './workspace-delegation';

/**
 * The server's own service account serves every organization (decision 0141): no key to paste. The
 * admin, signed in with their own confirmed address at the domain, types the super-admin address,
 * authorises the client ID with the link, and presses "Check connection".
 */
export function OperatorConnect({
  operator,
  scopes,
}: {
  operator: NonNullable<WorkspaceOverview['operatorKey']>;
  scopes: string[];
}) {
  const connect = useConnectOperator();
  const [adminEmail, setAdminEmail] = useState('');
  const [error, setError] = useState<{ field?: string; form?: string }>({});
  const onCheck = async () => {
    setError({});
    try {
      await connect.mutateAsync({ adminEmail });
      toast({
        title: 'Google Workspace connected',
        description: 'Every check passed. Now sync the directory.',
        variant: 'success',
      });
    } catch (e) {
      const fields = e instanceof ApiError ? e.fields : {};
      setError({ field: fields.adminEmail, form: errorMessage(e, 'Could not connect. Please try again.') });
    }
  };
  return (
    <div className="grid gap-4" data-testid="workspace-operator">
      <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
        <li>
          Be signed in here with <strong>your own confirmed address at your Workspace domain</strong>, as a{' '}
          <strong>super admin</strong> of that domain: that is how SignaturePro knows your organization controls it.
        </li>
        <li>Type that super-admin address below.</li>
        <li>
          Open the Admin console with SignaturePro's client ID and both scopes filled in, and press Authorise. It takes
          a few minutes to apply (rarely up to 24 hours).
        </li>
        <li>Press "Check connection".</li>
      </ol>
      <DelegationBox clientId={operator.clientId} scopes={scopes} />
      <WorkspaceAdminSubmit
        id="workspace-operator-admin"
        label="Super admin address"
        adminEmail={adminEmail}
        onAdminEmail={setAdminEmail}
        fieldError={error.field}
        formError={error.form}
        errorTestId="workspace-operator-error"
        busy={connect.isPending}
        submitLabel="Check connection"
        onSubmit={onCheck}
      />
    </div>
  );
}
