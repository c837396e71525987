import type { DryRunEntry } from '../../../shared/api/workspace';
import { SIGNATURE_SIZE_LIMIT } from '../../../shared/signature/gmail-size';
import { Button } from '../../components/ui/button';

/**
 * A signature's HTML in a frame of its own: sandbox="" runs no script, sends no cookie and reaches
 * nothing of this page. What Gmail holds now may be anything a person or another tool put there.
 */
function SignatureFrame({ html, title, testId }: { html: string; title: string; testId: string }) {
  return (
    <iframe
      title={title}
      sandbox=""
      // A large dry run has two frames a person: only those scrolled near are drawn.
      loading="lazy"
      srcDoc={`<!doctype html><meta charset="utf-8"><body style="margin:8px;font-family:Arial,sans-serif">${html}</body>`}
      className="h-44 w-full rounded border border-slate-200 bg-white"
      data-testid={testId}
    />
  );
}

/** One address of the dry run: what Gmail holds now beside what would replace it. */
function DryRunItem({ entry }: { entry: DryRunEntry }) {
  const key = `${entry.sendAsEmail}`;
  return (
    <li className="p-3" data-testid={`dry-run-${key}`}>
      <p className="text-sm font-medium text-slate-900">
        {entry.fullName} <span className="break-all font-normal text-slate-500">{entry.email}</span>
      </p>
      {entry.sendAsEmail !== entry.email && (
        <p className="text-xs text-slate-600">
          Alias {entry.sendAsEmail}
          {entry.label ? `: “${entry.label}”` : ''} (written only if Gmail lists this address for them)
        </p>
      )}
      {entry.sendAsEmail === entry.email && entry.label && (
        <p className="text-xs text-slate-600">Their signature “{entry.label}”, with the organization’s locked fields</p>
      )}
      <p className={`text-xs ${entry.tooLong ? 'text-red-700' : 'text-slate-500'}`}>
        {entry.chars.toLocaleString('en-US')} characters as Gmail stores it
        {entry.tooLong
          ? ` — over the ${SIGNATURE_SIZE_LIMIT.toLocaleString('en-US')} we allow: it would be refused`
          : ''}
        {!entry.hasGmail ? ' · no Gmail: would be skipped' : ''}
      </p>
      <div className="mt-2 grid gap-3 md:grid-cols-2">
        <div>
          <p className="mb-1 text-xs font-semibold uppercase text-slate-500">In Gmail now</p>
          {entry.current === null ? (
            <p className="rounded border border-dashed border-slate-300 p-2 text-xs text-slate-600">
              {entry.currentNote ?? 'Not read.'}
            </p>
          ) : entry.current === '' ? (
            <p className="rounded border border-dashed border-slate-300 p-2 text-xs text-slate-600">
              No signature in Gmail now.
            </p>
          ) : (
            <SignatureFrame
              html={entry.current}
              title={`In Gmail now for ${entry.sendAsEmail}`}
              testId={`dry-run-current-${key}`}
            />
          )}
        </div>
        <div>
          <p className="mb-1 text-xs font-semibold uppercase text-slate-500">Would replace it</p>
          <SignatureFrame
            html={entry.html}
            title={`Would replace it for ${entry.sendAsEmail}`}
            testId={`dry-run-new-${key}`}
          />
        </div>
      </div>
    </li>
  );
}

/** The dry run: for each person and address, what is in Gmail now and what the push would write. */
export function WorkspaceDryRun({ entries, onClose }: { entries: DryRunEntry[]; onClose(): void }) {
  return (
    <div className="mt-5 rounded-lg border border-slate-200" data-testid="dry-run">
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 bg-slate-50 px-3 py-2">
        <p className="text-sm font-medium text-slate-800">
          Dry run: what each person has in Gmail now, and what would replace it (nothing was sent)
        </p>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Close
        </Button>
      </div>
      <ul className="divide-y divide-slate-200">
        {entries.map((entry) => (
          <DryRunItem key={`${entry.email}-${entry.sendAsEmail}`} entry={entry} />
        ))}
      </ul>
    </div>
  );
}
