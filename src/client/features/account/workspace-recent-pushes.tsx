import { useState } from 'react';
import type { PushSummary } from '../../../shared/api/workspace-push';
import { pushSummaryLine } from '../../../shared/workspace/push-words';
import { Button } from '../../components/ui/button';
import { RestorePushButton, canRestore, runTime } from './workspace-push-controls';

/** Pushes listed before "Show all": the schedule adds one a day, and up to 20 are kept. */
const FIRST = 5;

/** Why a kept push shows no "Restore previous". */
function noRestoreWords(summary: PushSummary) {
  if (summary.pending > 0) return 'Still pushing';
  return 'Nothing left to restore';
}

/**
 * The pushes still kept (decision 0138), newest first: when, to whom, how it ended, and "Restore
 * previous" for each whole push, asked first like the push itself.
 */
export function RecentPushes({ pushes }: { pushes: PushSummary[] }) {
  const [all, setAll] = useState(false);
  if (pushes.length === 0) return null;
  const shown = all ? pushes : pushes.slice(0, FIRST);
  return (
    <section aria-labelledby="recent-pushes-title" className="mt-4" data-testid="recent-pushes">
      <h3 id="recent-pushes-title" className="text-sm font-semibold text-slate-900">
        Recent pushes
      </h3>
      <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
        {shown.map((push) => (
          <li
            key={push.id}
            data-testid={`recent-push-${push.id}`}
            className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2"
          >
            <div className="min-w-0">
              <p className="text-xs text-slate-600">
                <time dateTime={push.at}>{runTime(push)}</time> · <span className="break-all">{push.target}</span>
              </p>
              <p className="text-sm font-medium text-slate-900" data-testid="recent-push-line">
                {pushSummaryLine(push)}
              </p>
            </div>
            {canRestore(push) ? (
              <RestorePushButton summary={push} />
            ) : (
              <span className="text-xs text-slate-500">{noRestoreWords(push)}</span>
            )}
          </li>
        ))}
      </ul>
      {shown.length < pushes.length && (
        <Button variant="ghost" size="sm" className="mt-1 px-2" onClick={() => setAll(true)}>
          Show all {pushes.length} pushes
        </Button>
      )}
    </section>
  );
}
