import type { WorkspaceConnectionView } from '../../../shared/api/workspace';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/toast-store';
import { useConfirmRemoval } from '../../api/workspace';
import { toastError } from './account-ui';

/**
 * A sync stopped because it would remove too many people (docs/decisions/0132): who would go, and
 * the one button that lets the next sync mark exactly them gone.
 */
export function PendingRemoval({
  connection,
  onConfirmed,
}: {
  connection: WorkspaceConnectionView;
  onConfirmed(): void;
}) {
  const confirm = useConfirmRemoval();
  const people = connection.pendingRemoval ?? [];
  if (!people.length) return null;
  const onConfirm = async () => {
    try {
      const r = await confirm.mutateAsync({ emails: people.map((p) => p.email) });
      onConfirmed();
      toast({ title: 'Removal confirmed', description: r.message, variant: 'success' });
    } catch (error) {
      toastError(error, 'Could not confirm. Please try again.');
    }
  };
  return (
    <div role="alert" className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="font-medium">
        The last sync stopped: {people.length} {people.length === 1 ? 'person' : 'people'} would be removed.
      </p>
      <p className="mt-1">
        Nobody was removed. Removed people are kept 30 days with their edits and come back if they return.
      </p>
      <ul className="mt-2 max-h-48 overflow-y-auto text-xs" data-testid="workspace-pending-removal">
        {people.map((p) => (
          <li key={p.email} className="break-all">
            {p.fullName} ({p.email})
          </li>
        ))}
      </ul>
      <Button className="mt-3" variant="secondary" onClick={onConfirm} disabled={confirm.isPending}>
        Remove {people.length} {people.length === 1 ? 'person' : 'people'}
      </Button>
    </div>
  );
}
