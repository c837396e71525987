import type { PushSummary } from '../../../shared/api/workspace-push';
import { confirmPushWords, pushSummaryLine, type PushTargetChoice } from '../../../shared/workspace/push-words';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../lib/toast-store';
import { useRestorePerson, useRestorePush } from '../../api/workspace';
import { formatDate, toastError } from './account-ui';

const people = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'person' : 'people'}`;
const signatures = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'signature' : 'signatures'}`;

/**
 * "Push signatures" asks first, with the exact count and the target as the screen names it
 * ("You are about to change 214 signatures in /Sales"); nothing is sent until the confirm button.
 */
export function PushButton(props: { count: number; target: PushTargetChoice; busy: boolean; onConfirm(): void }) {
  const trigger = <Button disabled={props.busy}>Push signatures</Button>;
  // Nobody chosen: the server says so in words; there is nothing to confirm.
  if (props.count === 0)
    return (
      <Button disabled={props.busy} onClick={props.onConfirm}>
        Push signatures
      </Button>
    );
  return (
    <ConfirmDialog
      trigger={trigger}
      title="Push signatures to Gmail?"
      description={
        <>
          <span className="block font-medium text-slate-900" data-testid="push-confirm-words">
            {confirmPushWords(props.count, props.target)}
          </span>
          <span className="mt-2 block">
            Each person’s current Gmail signature is kept: “Restore previous” puts it back, for one person or for the
            whole push.
          </span>
        </>
      }
      confirmLabel={`Change ${signatures(props.count)}`}
      busy={props.busy}
      onConfirm={props.onConfirm}
    />
  );
}

/** When a push or restore ran, as its summary line and "Restore previous" name it. */
export const runTime = (summary: PushSummary) => formatDate(summary.at, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * "Restore previous" for a whole push, asked first like the push itself: how many people, which
 * push; nothing is queued until the confirm button.
 */
export function RestorePushButton({ summary }: { summary: PushSummary }) {
  const restorePush = useRestorePush();
  const restore = async () => {
    try {
      const result = await restorePush.mutateAsync(summary.id);
      toast({ title: 'Restoring previous signatures', description: result.message, variant: 'success' });
    } catch (error) {
      toastError(error, 'Could not restore. Please try again.');
    }
  };
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="secondary"
          size="sm"
          disabled={restorePush.isPending}
          aria-label={`Restore previous signatures: ${summary.target}, ${runTime(summary)}`}
        >
          Restore previous
        </Button>
      }
      title="Restore the previous signatures?"
      description={
        <span data-testid="restore-confirm-words">
          You are about to put back the previous Gmail signature of {people(summary.restorable)} the push to{' '}
          {summary.target} ({runTime(summary)}) changed.
        </span>
      }
      confirmLabel={`Restore ${signatures(summary.restorable)}`}
      busy={restorePush.isPending}
      onConfirm={restore}
    />
  );
}

/** A push whose previous signatures can be put back now: it changed some, and none is still to go. */
export const canRestore = (summary: PushSummary) =>
  summary.kind === 'push' && summary.restorable > 0 && summary.pending === 0;

/** The latest push or restore: "210 pushed, 3 skipped, 1 failed", and "Restore previous" for all of it. */
export function PushSummaryLine({ summary }: { summary: PushSummary }) {
  return (
    <div
      className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2"
      data-testid={`${summary.kind}-summary`}
      aria-live="polite"
    >
      <div>
        <p className="text-xs text-slate-600">
          {summary.kind === 'restore' ? 'Last restore' : 'Last push'}: {summary.target} · {summary.actor} ·{' '}
          {runTime(summary)}
        </p>
        <p className="text-sm font-semibold text-slate-900" data-testid={`${summary.kind}-summary-line`}>
          {pushSummaryLine(summary)}
        </p>
      </div>
      {canRestore(summary) && <RestorePushButton summary={summary} />}
    </div>
  );
}

/** "Restore previous" for one person: one click puts back what their Gmail held before the latest push. */
export function RestorePersonButton({ email, name }: { email: string; name: string }) {
  const restorePerson = useRestorePerson();
  const restore = async () => {
    try {
      const result = await restorePerson.mutateAsync({ email });
      toast({ title: 'Restoring previous signature', description: result.message, variant: 'success' });
    } catch (error) {
      toastError(error, 'Could not restore. Please try again.');
    }
  };
  return (
    <Button
      variant="ghost"
      size="sm"
      className="mt-1 px-2"
      aria-label={`Restore previous signature of ${name}`}
      disabled={restorePerson.isPending}
      onClick={restore}
      data-testid={`restore-${email}`}
    >
      Restore previous
    </Button>
  );
}
