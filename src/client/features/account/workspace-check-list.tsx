import type { ConnectionCheckLine } from '../../../shared/api/workspace';

const BADGE: Record<ConnectionCheckLine['state'], { text: string; className: string }> = {
  pass: { text: 'PASS', className: 'bg-green-100 text-green-800' },
  fail: { text: 'FAIL', className: 'bg-red-100 text-red-800' },
  skipped: { text: 'NOT CHECKED', className: 'bg-slate-100 text-slate-600' },
};

/** One sentence above the lines: all passed (the server's words), or how many failed. */
export function checkSummary(check: { ok: boolean; message: string; checks: ConnectionCheckLine[] }): string {
  const failed = check.checks.filter((line) => line.state === 'fail');
  if (failed.length === 0) return check.message;
  const names = failed.map((line) => `“${line.label}”`).join(', ');
  return `${failed.length} of ${check.checks.length} checks failed: ${names}. What to do is on each line below.`;
}

/** "Check connection": one PASS/FAIL line per check, each with what it proved or what to do. */
export function WorkspaceCheckList({ lines }: { lines: ConnectionCheckLine[] }) {
  return (
    <ul className="mt-3 grid min-w-0 gap-2" data-testid="workspace-checks" aria-label="Connection checks">
      {lines.map((line) => {
        const badge = BADGE[line.state];
        return (
          <li
            key={line.id}
            data-testid={`check-${line.id}`}
            data-state={line.state}
            className={`min-w-0 rounded-md border px-3 py-2 text-sm ${line.state === 'fail' ? 'border-red-200 bg-red-50' : 'border-slate-200'}`}
          >
            <div className="flex flex-wrap items-center gap-2">
              <span className={`rounded px-1.5 py-0.5 text-xs font-semibold ${badge.className}`}>{badge.text}</span>
              <span className="font-medium text-slate-900">{line.label}</span>
            </div>
            <p className="mt-1 text-slate-700 [overflow-wrap:anywhere]">{line.detail}</p>
            {line.link && (
              <a
                href={line.link.href}
                target="_blank"
                rel="noreferrer"
                className="mt-1 inline-block font-medium text-brand hover:underline"
              >
                {line.link.text}
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}
