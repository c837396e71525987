import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import type { RulePreview, RuleSetBody, SignatureRulesOverview } from '../../../shared/api/signature-rules';
import { RULE_KIND_LABELS, RULE_KINDS, type RuleKind } from '../../../shared/signature/signature-rules';
import { Button } from '../../components/ui/button';
import { Field, Input, Textarea } from '../../components/ui/field';
import { toast } from '../../lib/toast-store';
import { ApiError, errorMessage } from '../../lib/api';
import { Select, toastError } from './account-ui';
import { useReportUnsaved } from './unsaved-changes';
import { previewRules, useSaveRules } from '../../api/signature-rules';

type Draft = { id: string; name: string; kind: RuleKind; valuesText: string; signatureId: string };

const PLACEHOLDERS: Record<RuleKind, string> = {
  orgUnit: '/Sales',
  department: 'Sales',
  group: 'sales@yourcompany.com',
  people: 'ada@yourcompany.com',
};

const toDraft = (r: SignatureRulesOverview['rules'][number]): Draft => ({
  id: r.id,
  name: r.name,
  kind: r.kind,
  valuesText: r.values.join('\n'),
  signatureId: r.signatureId,
});
const splitValues = (text: string) =>
  text
    .split(/[\n,]/)
    .map((v) => v.trim())
    .filter((v) => v !== '');
const newId = () => `rule-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

function bodyOf(drafts: Draft[], defaultSignatureId: string): RuleSetBody {
  return {
    rules: drafts.map((d) => ({ ...d, values: splitValues(d.valuesText) })),
    defaultSignatureId: defaultSignatureId || null,
  };
}

/** The ordered rules: add, reorder, delete; how many people the change moves, counted before it is saved. */
export function SignatureRulesEditor({ data }: { data: SignatureRulesOverview }) {
  const save = useSaveRules();
  const saved = useMemo(() => JSON.stringify(bodyOf(data.rules.map(toDraft), data.defaultSignatureId ?? '')), [data]);
  const [drafts, setDrafts] = useState<Draft[]>(() => data.rules.map(toDraft));
  const [defaultId, setDefaultId] = useState(data.defaultSignatureId ?? '');
  const body = bodyOf(drafts, defaultId);
  const key = JSON.stringify(body);
  const dirty = key !== saved;
  useReportUnsaved(dirty);
  const moves = useMoves(dirty ? key : null);
  const signatures = data.signatures;

  const change = (n: number, patch: Partial<Draft>) =>
    setDrafts((list) => list.map((d, i) => (i === n ? { ...d, ...patch } : d)));
  const move = (n: number, by: -1 | 1) =>
    setDrafts((list) => {
      const next = [...list];
      [next[n], next[n + by]] = [next[n + by]!, next[n]!];
      return next;
    });
  const addRule = () =>
    setDrafts((list) => [
      ...list,
      {
        id: newId(),
        name: `Rule ${list.length + 1}`,
        kind: 'orgUnit',
        valuesText: '',
        signatureId: signatures[0]?.id ?? '',
      },
    ]);

  const onSave = async () => {
    try {
      const result = await save.mutateAsync({ ...body, version: data.version });
      const who = result.moved === 1 ? '1 person moves' : `${result.moved} people move`;
      toast({
        title: 'Rules saved',
        description: result.repushQueued ? `${who}; ${result.repushQueued} pushed again.` : `${who}.`,
        variant: 'success',
      });
    } catch (error) {
      toastError(error, 'The rules could not be saved. Please try again.');
    }
  };
  const reset = () => {
    setDrafts(data.rules.map(toDraft));
    setDefaultId(data.defaultSignatureId ?? '');
  };

  return (
    <div className="grid gap-4" data-testid="rules-editor">
      <p className="text-sm text-slate-600">The first rule that matches a person gives their signature.</p>
      <ol className="grid gap-3">
        {drafts.map((d, n) => (
          <RuleRow
            key={d.id}
            draft={d}
            first={n === 0}
            last={n === drafts.length - 1}
            data={data}
            onChange={(patch) => change(n, patch)}
            onMove={(by) => move(n, by)}
            onDelete={() => setDrafts((list) => list.filter((_, i) => i !== n))}
          />
        ))}
      </ol>
      <div className="flex flex-wrap items-end gap-3">
        <Button variant="secondary" onClick={addRule} disabled={signatures.length === 0}>
          Add rule
        </Button>
        <div className="min-w-0 flex-1 sm:max-w-xs">
          <Field id="rules-default" label="Everyone else">
            <Select id="rules-default" value={defaultId} onChange={(e) => setDefaultId(e.target.value)}>
              <option value="">{data.policyName}</option>
              {signatures.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </Select>
          </Field>
        </div>
      </div>
      {dirty && (
        <div className="rounded-md border border-slate-200 bg-slate-50 p-3" data-testid="rules-moves">
          <MovesSummary moves={moves} />
          <div className="mt-3 flex flex-wrap gap-2">
            <Button onClick={onSave} disabled={save.isPending || moves.state === 'error'}>
              {save.isPending ? 'Saving…' : 'Save rules'}
            </Button>
            <Button variant="secondary" onClick={reset} disabled={save.isPending}>
              Cancel
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}

/** One rule: its name, "Applies to" (what it looks at, and who), and "Signature"; up, down, delete. */
function RuleRow(props: {
  draft: Draft;
  first: boolean;
  last: boolean;
  data: SignatureRulesOverview;
  onChange(patch: Partial<Draft>): void;
  onMove(by: -1 | 1): void;
  onDelete(): void;
}) {
  const { draft: d, data, onChange } = props;
  // Units and Google groups come from a Workspace directory (the sync reads the groups rules name,
  // decision 0236); without one, rules go by team or by hand.
  const kinds = RULE_KINDS.filter((k) => data.source === 'workspace' || (k !== 'orgUnit' && k !== 'group'));
  return (
    <li className="rounded-lg border border-slate-200 p-3" data-testid="rule-row">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`rule-${d.id}-name`} label="Rule name">
          <Input id={`rule-${d.id}-name`} value={d.name} onChange={(e) => onChange({ name: e.target.value })} />
        </Field>
        <Field id={`rule-${d.id}-signature`} label="Signature">
          <Select
            id={`rule-${d.id}-signature`}
            value={d.signatureId}
            onChange={(e) => onChange({ signatureId: e.target.value })}
          >
            {data.signatures.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={`rule-${d.id}-kind`} label="Applies to">
          <Select
            id={`rule-${d.id}-kind`}
            value={d.kind}
            onChange={(e) => onChange({ kind: e.target.value as RuleKind })}
          >
            {kinds.map((k) => (
              <option key={k} value={k}>
                {RULE_KIND_LABELS[k]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={`rule-${d.id}-values`} label="Who" hint="One per line">
          <Textarea
            id={`rule-${d.id}-values`}
            rows={2}
            value={d.valuesText}
            placeholder={PLACEHOLDERS[d.kind]}
            onChange={(e) => onChange({ valuesText: e.target.value })}
          />
        </Field>
      </div>
      <div className="mt-2 flex flex-wrap gap-1">
        <Button variant="ghost" size="sm" disabled={props.first} onClick={() => props.onMove(-1)}>
          <ArrowUp className="h-4 w-4" aria-hidden="true" /> Up<span className="sr-only"> {d.name}</span>
        </Button>
        <Button variant="ghost" size="sm" disabled={props.last} onClick={() => props.onMove(1)}>
          <ArrowDown className="h-4 w-4" aria-hidden="true" /> Down<span className="sr-only"> {d.name}</span>
        </Button>
        <Button variant="ghost" size="sm" className="text-red-700" onClick={props.onDelete}>
          <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete<span className="sr-only"> {d.name}</span>
        </Button>
      </div>
    </li>
  );
}

type Moves =
  { state: 'idle' | 'counting' } | { state: 'ready'; preview: RulePreview } | { state: 'error'; words: string };

/** Asks the server who the unsaved list would move, a moment after the last change. */
function useMoves(key: string | null): Moves {
  const [moves, setMoves] = useState<Moves>({ state: 'idle' });
  useEffect(() => {
    if (key === null) return setMoves({ state: 'idle' });
    setMoves({ state: 'counting' });
    let live = true;
    const timer = setTimeout(() => {
      previewRules(JSON.parse(key) as RuleSetBody).then(
        (preview) => live && setMoves({ state: 'ready', preview }),
        (error: unknown) => {
          const field = error instanceof ApiError ? Object.values(error.fields)[0] : undefined;
          const words = field ?? errorMessage(error, 'Who this moves could not be counted. Please try again.');
          if (live) setMoves({ state: 'error', words });
        },
      );
    }, 400);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key]);
  return moves;
}

function MovesSummary({ moves }: { moves: Moves }) {
  if (moves.state === 'error')
    return (
      <p role="alert" className="text-sm text-red-700">
        {moves.words}
      </p>
    );
  if (moves.state !== 'ready') return <p className="text-sm text-slate-600">Counting who this moves…</p>;
  const { moved, people } = moves.preview;
  return (
    <div role="status">
      <p className="text-sm font-medium text-slate-900" data-testid="rules-moved-count">
        {moved === 1 ? 'Saving moves 1 person.' : `Saving moves ${moved} people.`}
      </p>
      {people.length > 0 && (
        <ul className="mt-1 grid gap-0.5 text-xs text-slate-600 [overflow-wrap:anywhere]">
          {people.slice(0, 10).map((p) => (
            <li key={p.email}>
              {p.name || p.email}: {p.from.signatureName} → {p.to.signatureName} (Rule: {p.to.ruleName})
            </li>
          ))}
          {moved > 10 && <li>and {moved - 10} more</li>}
        </ul>
      )}
    </div>
  );
}
