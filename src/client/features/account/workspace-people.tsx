import { useMemo, useState, type ReactNode } from 'react';
import type { DryRunEntry, PushTarget, WorkspaceOverview, WorkspacePersonView } from '../../../shared/api/workspace';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/toast-store';
import { formatDate, SectionCard, Select, toastError } from './account-ui';
import { usePush } from '../../api/workspace';
import { selectPeople } from '../../../shared/workspace/push-words';
import { WorkspaceDryRun } from './workspace-dry-run';
import { PushButton, PushSummaryLine, RestorePersonButton } from './workspace-push-controls';
import { RecentPushes } from './workspace-recent-pushes';

function StatusBadge({ person }: { person: WorkspacePersonView }) {
  const when = person.pushedAt ? formatDate(person.pushedAt, { dateStyle: 'medium', timeStyle: 'short' }) : '';
  const styles: Record<string, [string, string]> = {
    never: ['Not pushed yet', 'bg-slate-100 text-slate-700'],
    pending: ['Pending', 'bg-amber-100 text-amber-900'],
    pushed: [`Pushed ${when}`, 'bg-green-100 text-green-800'],
    skipped: ['Skipped (no Gmail)', 'bg-slate-200 text-slate-700'],
    failed: ['Failed', 'bg-red-100 text-red-800'],
    'no seat': ['No seat', 'bg-slate-200 text-slate-700'],
    restored: [`Previous restored ${when}`, 'bg-sky-100 text-sky-900'],
  };
  const [label, tone] = person.goneAt
    ? [`Gone since ${formatDate(person.goneAt, { dateStyle: 'medium' })}`, 'bg-slate-200 text-slate-700']
    : (styles[person.pushStatus] ?? styles.never!);
  return (
    <div>
      <span
        className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${tone}`}
        data-testid={`status-${person.email}`}
      >
        {label}
      </span>
      {person.pushError && (person.pushStatus === 'failed' || person.pushStatus === 'pending') && (
        <p className="mt-1 text-xs text-red-700">{person.pushError}</p>
      )}
      {person.addresses.length > 1 && (
        <ul className="mt-1 space-y-0.5 text-xs text-slate-600" data-testid={`addresses-${person.email}`}>
          {person.addresses.map((a) => (
            <li key={a.sendAsEmail} className="break-all">
              {a.sendAsEmail}
              {a.label ? ` (“${a.label}”)` : ''}:{' '}
              <span className={a.status === 'failed' ? 'text-red-700' : 'text-green-800'}>
                {a.status === 'failed' ? `failed${a.error ? ` — ${a.error}` : ''}` : 'pushed'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The synced people: who to push to, a dry run of what each would get, the push, and each person's status. */
export function WorkspacePeople({ data }: { data: WorkspaceOverview }) {
  const push = usePush();
  const [mode, setMode] = useState<'all' | 'department' | 'orgUnit' | 'selection'>('all');
  const [value, setValue] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [dryRun, setDryRun] = useState<DryRunEntry[] | null>(null);
  const departments = useMemo(
    () => [...new Set(data.people.map((p) => p.department).filter((d): d is string => !!d))].sort(),
    [data.people],
  );
  const orgUnits = useMemo(() => [...new Set(data.people.map((p) => p.orgUnitPath))].sort(), [data.people]);

  const target = (): PushTarget => {
    if (mode === 'department') return { kind: 'department', value: value || departments[0] || '' };
    if (mode === 'orgUnit') return { kind: 'orgUnit', value: value || orgUnits[0] || '/' };
    if (mode === 'selection') return { kind: 'selection', emails: selected };
    return { kind: 'all' };
  };
  const go = async (asDryRun: boolean) => {
    try {
      const result = await push.mutateAsync({ target: target(), dryRun: asDryRun });
      if (result.dryRun) setDryRun(result.people);
      else {
        setDryRun(null);
        toast({
          title: 'Pushing signatures',
          description: result.message ?? 'The summary below counts each person as their push ends.',
          variant: 'success',
        });
      }
    } catch (error) {
      toastError(error, 'Could not push. Please try again.');
    }
  };

  return (
    <SectionCard
      id="workspace-people"
      title="People and push"
      description={`${data.people.length} people from the directory. Pushing writes each person's signature to their primary Gmail address, and to each alias one of their signatures is “Used for”.`}
    >
      {data.people.length === 0 ? (
        <p className="text-sm text-slate-600">No people yet: press "Sync directory" above.</p>
      ) : (
        <>
          <div className="flex flex-wrap items-end gap-3">
            <div className="grid gap-1">
              <label htmlFor="push-target" className="text-sm font-medium text-slate-700">
                Push to
              </label>
              <Select
                id="push-target"
                value={mode}
                onChange={(e) => (setMode(e.target.value as typeof mode), setValue(''))}
                className="w-48"
              >
                <option value="all">Everyone</option>
                <option value="department">A department</option>
                <option value="orgUnit">An organizational unit</option>
                <option value="selection">The people ticked below</option>
              </Select>
            </div>
            {(mode === 'department' || mode === 'orgUnit') && (
              <div className="grid gap-1">
                <label htmlFor="push-value" className="text-sm font-medium text-slate-700">
                  {mode === 'department' ? 'Department' : 'Organizational unit'}
                </label>
                <Select id="push-value" value={value} onChange={(e) => setValue(e.target.value)} className="w-48">
                  {(mode === 'department' ? departments : orgUnits).map((v) => (
                    <option key={v} value={v}>
                      {v}
                    </option>
                  ))}
                </Select>
              </div>
            )}
            <Button variant="secondary" onClick={() => go(true)} disabled={push.isPending}>
              Dry run
            </Button>
            <PushButton
              count={selectPeople(data.people, target()).length}
              target={target()}
              busy={push.isPending}
              onConfirm={() => go(false)}
            />
          </div>
          {data.lastPush && <PushSummaryLine summary={data.lastPush} />}
          {data.lastRestore && <PushSummaryLine summary={data.lastRestore} />}
          <RecentPushes pushes={data.recentPushes} />

          {dryRun && <WorkspaceDryRun entries={dryRun} onClose={() => setDryRun(null)} />}

          <div className="mt-5 overflow-x-auto">
            <PeopleTable
              first={
                <th className="w-8 py-2 max-sm:hidden">
                  <span className="sr-only">Select</span>
                </th>
              }
              columns={['Person', 'Department', 'Unit', 'Status']}
            >
              {data.people.map((p) => (
                <tr key={p.email} data-testid={`person-${p.email}`} className={ROW}>
                  <td className="py-2 align-top max-sm:float-left max-sm:mr-3 max-sm:py-0.5">
                    <input
                      type="checkbox"
                      aria-label={`Select ${p.fullName}`}
                      checked={selected.includes(p.email)}
                      onChange={(e) =>
                        setSelected(e.target.checked ? [...selected, p.email] : selected.filter((x) => x !== p.email))
                      }
                      className="h-4 w-4 rounded border-slate-300"
                    />
                  </td>
                  <td className={CELL}>
                    <p className="font-medium text-slate-900">{p.fullName}</p>
                    <p className="break-all text-xs text-slate-500">
                      {p.email}
                      {p.title ? ` · ${p.title}` : ''}
                    </p>
                    {/* In the first column, so a phone reaches it without scrolling the table. */}
                    {p.restorableFrom && !p.goneAt && <RestorePersonButton email={p.email} name={p.fullName} />}
                  </td>
                  <td className={`${CELL} ${LABELLED} text-slate-700`} data-label="Department">
                    {p.department ?? '—'}
                  </td>
                  <td className={`${CELL} ${LABELLED} text-slate-700`} data-label="Unit">
                    {p.orgUnitPath}
                  </td>
                  <td className={CELL}>
                    <StatusBadge person={p} />
                  </td>
                </tr>
              ))}
            </PeopleTable>
          </div>
        </>
      )}
    </SectionCard>
  );
}

/*
 * On a phone each row becomes a card (no sideways scrolling): cells stack, the header row hides,
 * and a cell whose meaning the header gave carries its own label.
 */
const ROW = 'max-sm:block max-sm:py-3';
const CELL = 'align-top sm:py-2 sm:pr-3 max-sm:block max-sm:py-0.5';
const LABELLED =
  'max-sm:before:mr-1 max-sm:before:text-xs max-sm:before:font-medium max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)":"]';

/** The tab's two tables of people: the same frame and header style, their own columns and rows. */
function PeopleTable({
  first,
  columns,
  testId,
  children,
}: {
  first?: ReactNode;
  columns: readonly string[];
  testId?: string;
  children: ReactNode;
}) {
  return (
    <table className="w-full text-left text-sm max-sm:block sm:min-w-[560px]" data-testid={testId}>
      <thead className="border-b border-slate-200 text-xs uppercase text-slate-500 max-sm:hidden">
        <tr>
          {first}
          {columns.map((column, i) => (
            <th key={column} className={i < columns.length - 1 ? 'py-2 pr-3' : 'py-2'}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 max-sm:block">{children}</tbody>
    </table>
  );
}

const RESULT_WORDS: Record<string, string> = {
  pushed: 'Pushed',
  unchanged: 'Unchanged (not sent)',
  skipped: 'Skipped',
  failed: 'Failed',
  restored: 'Restored previous',
};

/** Who pushed what to whom, when, and the result. */
export function WorkspaceAudit({ data }: { data: WorkspaceOverview }) {
  return (
    <SectionCard
      id="workspace-audit"
      title="Audit log"
      description="Every push: who asked, for whom, when, and what Google answered (latest 100)."
    >
      {data.audit.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing pushed yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <PeopleTable testId="audit-log" columns={['When', 'Person', 'By', 'Result']}>
            {data.audit.map((a, i) => (
              <tr key={`${a.at}-${a.personEmail}-${i}`} className={ROW}>
                <td className={`${CELL} whitespace-nowrap text-slate-600`}>
                  {formatDate(a.at, { dateStyle: 'short', timeStyle: 'medium' })}
                </td>
                <td className={`${CELL} break-all`}>
                  {a.personEmail}
                  {a.sendAsEmail && a.sendAsEmail !== a.personEmail && (
                    <span className="block text-xs text-slate-500">as {a.sendAsEmail}</span>
                  )}
                </td>
                <td className={`${CELL} ${LABELLED} text-slate-700`} data-label="By">
                  {a.actor}
                </td>
                <td className={CELL}>
                  <span className="font-medium">{RESULT_WORDS[a.result] ?? a.result}</span>
                  {a.htmlChars ? (
                    <span className="text-xs text-slate-500"> · {a.htmlChars.toLocaleString('en-US')} chars</span>
                  ) : null}
                  {a.detail && <p className="text-xs text-slate-500">{a.detail}</p>}
                </td>
              </tr>
            ))}
          </PeopleTable>
        </div>
      )}
    </SectionCard>
  );
}
