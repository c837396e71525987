import type { WorkspaceConnectionView } from '../../../shared/api/workspace';
import { formatDate } from './account-ui';

/**
 * A systemic failure (a revoked key, scopes taken away, an API turned off) stopped every push and
 * sync of the organization (docs/decisions/0133): say so at the top of the connection, with Google's
 * reason and the one way out, so an admin who missed the e-mail is not left wondering why nothing moves.
 */
export function WorkspaceStoppedNotice({ connection }: { connection: WorkspaceConnectionView }) {
  if (!connection.stoppedAt) return null;
  return (
    <div
      role="alert"
      data-testid="workspace-stopped"
      className="mb-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 [overflow-wrap:anywhere]"
    >
      <p className="font-semibold">
        Pushes and syncs are stopped since{' '}
        {formatDate(connection.stoppedAt, { dateStyle: 'medium', timeStyle: 'short' })}.
      </p>
      {connection.stoppedReason && <p className="mt-1">{connection.stoppedReason}</p>}
      <p className="mt-1">
        Fix it in Google, then press “Check connection”: when every check passes, the stopped pushes start again.
      </p>
    </div>
  );
}
