import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A part of the editor the organization sets for this person (decision 0164): shown as it is, its
 * controls disabled, under a lock and "Set by your organization". The server keeps the
 * organization's values whatever is sent, so nothing here could be saved anyway.
 */
export function LockedSection({ locked, id, children }: { locked: boolean; id: string; children: ReactNode }) {
  if (!locked) return children;
  return (
    <fieldset disabled aria-describedby={`${id}-locked`} className="min-w-0">
      <p
        id={`${id}-locked`}
        data-testid={`${id}-locked`}
        className="mb-4 inline-flex items-center gap-1.5 rounded-md bg-slate-100 px-2.5 py-1.5 text-xs text-slate-600"
      >
        <Lock className="h-3.5 w-3.5" aria-hidden="true" />
        Set by your organization
      </p>
      <div className="opacity-70">{children}</div>
    </fieldset>
  );
}
