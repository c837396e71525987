import { CircleAlert, CircleCheck, CircleDashed, CloudOff, HardDrive, LoaderCircle } from 'lucide-react';
import { Fragment, memo } from 'react';
import { showField } from './editor-focus';
import type { SaveStatus } from './patch-queue';
import { fieldLabel, fieldLocation, type Refusals } from './refused-fields';

/** The reason the status line gives: the first refused field's, ending as a sentence. */
function reasonOf(refusals: Refusals, keys: string[]): string {
  const reason = (keys[0] && refusals[keys[0]]) || '';
  return reason === '' || /[.!?]$/.test(reason) ? reason : `${reason}.`;
}

/**
 * 'Not saved: fix the Instagram link. <why>', each field a link that opens its tab and focuses it: a
 * refused field is the person's to fix, not the network's to retry (decision 0180), and the
 * person reads why here as soon as the save is refused, not first when Copy fails.
 */
function RefusedStatus({ refusals }: { refusals: Refusals }) {
  const keys = Object.keys(refusals);
  const reason = reasonOf(refusals, keys);
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="save-status"
      className="flex items-start gap-1.5 text-xs font-medium text-red-700"
    >
      <CircleAlert className="mt-px h-3.5 w-3.5 shrink-0" aria-hidden="true" />
      <span className="min-w-0">
        Not saved: fix the{' '}
        {keys.map((key, index) => (
          <Fragment key={key}>
            {index > 0 && (index === keys.length - 1 ? ' and the ' : ', the ')}
            <a
              href={`#${fieldLocation(key).elementId ?? ''}`}
              title={refusals[key]}
              className="underline underline-offset-2"
              onClick={(event) => {
                event.preventDefault();
                showField(key);
              }}
            >
              {fieldLabel(key)}
            </a>
          </Fragment>
        ))}
        .{reason && <span data-testid="save-status-reason"> {reason}</span>}
      </span>
    </p>
  );
}

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
  refusals?: Refusals;
}) {
  if (props.signedIn && props.hasId && props.refusals && Object.keys(props.refusals).length > 0)
    return <RefusedStatus refusals={props.refusals} />;
  const text = saveStatusText(props.status, props.hasId, props.signedIn);
  const failed = props.hasId && props.status === 'error';
  let icon = <CircleCheck className="h-3.5 w-3.5" aria-hidden="true" />;
  if (!props.signedIn || !props.hasId) icon = <HardDrive className="h-3.5 w-3.5" aria-hidden="true" />;
  // Edits wait through a burst of typing: a still icon then, as a spinning one repaints every
  // frame beside the keystroke's own (decision 0240). It spins only while a save is on its way.
  else if (props.status === 'pending') icon = <CircleDashed className="h-3.5 w-3.5" aria-hidden="true" />;
  else if (props.status === 'saving') icon = <LoaderCircle className="h-3.5 w-3.5 animate-spin" aria-hidden="true" />;
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
