import { CircleCheck, CloudOff, HardDrive, LoaderCircle } from 'lucide-react';
import { memo } from 'react';
import type { SaveStatus } from './patch-queue';

/** The words for each state; 'idle' with an id means everything loaded is already stored. */
export function saveStatusText(status: SaveStatus, hasId: boolean, signedIn: boolean): string | null {
  if (!signedIn) return 'Draft kept in this browser';
  if (!hasId) return 'Not saved yet';
  if (status === 'pending' || status === 'saving') return 'Saving…';
  if (status === 'error') return 'Not saved — retrying';
  return 'All changes saved';
}

export const SaveStatusBadge = memo(function SaveStatusBadge(props: {
  status: SaveStatus;
  hasId: boolean;
  signedIn: boolean;
}) {
  const text = saveStatusText(props.status, props.hasId, props.signedIn);
  const busy = props.status === 'pending' || props.status === 'saving';
  const failed = props.hasId && props.status === 'error';
  let icon = <CircleCheck className="h-3.5 w-3.5" aria-hidden="true" />;
  if (!props.signedIn || !props.hasId) icon = <HardDrive className="h-3.5 w-3.5" aria-hidden="true" />;
  else if (busy) icon = <LoaderCircle className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />;
  else if (failed) icon = <CloudOff className="h-3.5 w-3.5" aria-hidden="true" />;
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="save-status"
      className={`inline-flex items-center gap-1.5 text-xs ${failed ? 'font-medium text-amber-700' : 'text-slate-500'}`}
    >
      {icon}
      {text}
    </p>
  );
});
