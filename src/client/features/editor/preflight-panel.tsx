import { CircleCheck, CircleX, LoaderCircle, TriangleAlert } from 'lucide-react';
import { memo, useDeferredValue, useEffect, useMemo, useState } from 'react';
import {
  preflightProblems,
  runPreflight,
  type PreflightItem,
  type PreflightStatus,
} from '../../../shared/signature/preflight';
import { renderSignature, type RenderOptions } from '../../../shared/signature/render-signature';
import type { SignatureFields } from '../../../shared/signature/signature-schema';
import { NO_REQUIREMENTS, type FieldRequirements } from '../../../shared/signature/export-checks';
import { showField } from './editor-focus';
import { openProblems, type OpenProblem } from './field-checks';
import { useImageProbes } from './image-probes';
import { useSession } from '../../api/session';
import { GmailCheck } from './gmail-check';
import { useReachability } from './use-reachability';

const STATUS_ORDER: Record<PreflightStatus, number> = { fail: 0, warn: 1, pending: 2, pass: 3 };

function StatusIcon({ status }: { status: PreflightStatus }) {
  const common = 'mt-0.5 h-4 w-4 shrink-0';
  if (status === 'pass') return <CircleCheck className={`${common} text-green-600`} aria-label="Passed" />;
  if (status === 'warn') return <TriangleAlert className={`${common} text-amber-600`} aria-label="Warning" />;
  if (status === 'fail') return <CircleX className={`${common} text-red-600`} aria-label="Problem" />;
  return <LoaderCircle className={`${common} animate-spin text-slate-400`} aria-label="Checking" />;
}

/** A design change the panel can make in one press (a suggested colour). */
export type ApplyFix = NonNullable<PreflightItem['apply']>;

function Item({
  item,
  onApply,
  serverAddressFix,
}: {
  item: PreflightItem;
  onApply?: (fix: ApplyFix) => void;
  serverAddressFix?: string;
}) {
  const applied = item.apply && Object.values(item.apply)[0];
  const fix = item.serverAddress && serverAddressFix ? serverAddressFix : item.fix;
  return (
    <li className="flex gap-2.5 py-2" data-testid={`preflight-${item.id}`} data-status={item.status}>
      <StatusIcon status={item.status} />
      <div className="min-w-0 text-sm">
        <p className="font-medium text-slate-900">{item.title}</p>
        <p className="break-words text-xs text-slate-600">{item.detail}</p>
        {fix !== '' && (
          <p className="mt-1 break-words text-xs text-slate-800">
            <span className="font-semibold">How to fix: </span>
            {fix}
          </p>
        )}
        {item.apply && onApply && (
          <button
            type="button"
            onClick={() => onApply(item.apply!)}
            className="mt-1.5 inline-flex h-8 items-center gap-1.5 rounded-md border border-slate-300 bg-white px-2.5 text-xs font-medium text-slate-800 hover:bg-slate-50"
          >
            <span aria-hidden="true" className="h-3 w-3 rounded-full" style={{ backgroundColor: applied }} />
            Apply <span className="font-mono">{applied}</span>
          </button>
        )}
      </div>
    </li>
  );
}

/** A field the form itself marks (empty and required, or not what it should hold), with a way to it. */
function FieldProblem({ problem }: { problem: OpenProblem }) {
  return (
    <li className="flex gap-2.5 py-2" data-testid="preflight-field" data-field={problem.key}>
      <StatusIcon status="fail" />
      <div className="min-w-0 text-sm">
        <p className="font-medium text-slate-900">{problem.label}</p>
        <p className="break-words text-xs text-slate-600">{problem.message}</p>
        <button
          type="button"
          onClick={() => showField(problem.key)}
          className="mt-1.5 inline-flex h-8 items-center rounded-md border border-slate-300 bg-white px-2.5 text-xs font-medium text-slate-800 hover:bg-slate-50"
        >
          Go to {problem.label}
        </button>
      </div>
    </li>
  );
}

function summaryOf(items: readonly PreflightItem[], fieldProblems: number): string {
  const counted = preflightProblems(items);
  const fail = counted.fail + fieldProblems;
  const warn = counted.warn;
  if (fail === 0 && warn === 0) return items.some((i) => i.status === 'pending') ? 'Checking…' : 'All clear';
  const parts = [fail > 0 ? `${fail} to fix` : '', warn > 0 ? `${warn} to check` : ''].filter(Boolean);
  return parts.join(', ');
}

/** While someone types, the checklist waits: it catches up once the keys rest this long. */
export const PREFLIGHT_SETTLE_MS = 200;

/** `value` once it has stopped changing for `ms` (the first value at once). */
function useSettledValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(value, settled)) return;
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, settled, ms]);
  return settled;
}

type PanelProps = {
  fields: SignatureFields;
  /** The export's options: PUBLIC_URL is where every image must come from. */
  options: RenderOptions;
  /** Makes a suggested fix (the "Apply" on a colour suggestion). */
  onApply?: (fix: ApplyFix) => void;
  /** The organization's required fields, which the list names when empty. */
  requirements?: FieldRequirements;
  /**
   * Said instead of how to set PUBLIC_URL while the editor's notice already says it (to owners and
   * admins) or says who will (to a member): the server's address is explained once.
   */
  serverAddressFix?: string;
};

/**
 * What the recipient gets, item by item, beside the preview. Computed from a settled, deferred copy
 * of the fields: during a burst of typing only the preview renders; the list follows once the keys
 * rest, at low priority, so it never delays a keystroke's paint. A keystroke renders this wrapper
 * only (its timer moves); the list itself is memoised on the settled copy.
 */
export function PreflightPanel(props: PanelProps) {
  const fields = useDeferredValue(useSettledValue(props.fields, PREFLIGHT_SETTLE_MS));
  return (
    <PreflightList
      fields={fields}
      options={props.options}
      onApply={props.onApply}
      requirements={props.requirements}
      serverAddressFix={props.serverAddressFix}
    />
  );
}

const PreflightList = memo(function PreflightList({
  fields,
  options,
  onApply,
  requirements,
  serverAddressFix,
}: PanelProps) {
  const { publicUrl: publicOrigin, showWatermark } = options;
  const manifest = useMemo(
    () => renderSignature(fields, { publicUrl: publicOrigin, showWatermark }),
    [fields, publicOrigin, showWatermark],
  );
  const imageUrls = useMemo(() => manifest.images.map((image) => image.url), [manifest]);
  const probes = useImageProbes(imageUrls);
  const reachable = useReachability(manifest, publicOrigin);
  const signedIn = useSession().data != null;
  const items = useMemo(
    () =>
      [...runPreflight({ fields, manifest, publicOrigin, probes }), ...(reachable ? [reachable] : [])].sort(
        (a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status],
      ),
    [fields, manifest, publicOrigin, probes, reachable],
  );
  // The same words as under each field (field-checks.ts), so the list and the form never disagree.
  const fieldProblems = useMemo(() => openProblems(fields, requirements ?? NO_REQUIREMENTS), [fields, requirements]);
  const open = items.filter((item) => item.status !== 'pass');
  const passed = items.filter((item) => item.status === 'pass');
  return (
    <section
      aria-labelledby="preflight-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="preflight-panel"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="preflight-heading" className="text-base font-semibold text-slate-900">
          Pre-flight check
        </h2>
        <p className="text-xs font-medium text-slate-600" data-testid="preflight-summary" aria-live="polite">
          {summaryOf(items, fieldProblems.length)}
        </p>
      </div>
      <p className="mt-1 text-xs text-slate-500">What your recipients get, checked as you type.</p>
      {open.length + fieldProblems.length > 0 && (
        <ul className="mt-2 divide-y divide-slate-100">
          {fieldProblems.map((problem) => (
            <FieldProblem key={problem.key} problem={problem} />
          ))}
          {open.map((item) => (
            <Item key={item.id} item={item} onApply={onApply} serverAddressFix={serverAddressFix} />
          ))}
        </ul>
      )}
      {passed.length > 0 && (
        <details className="mt-1 text-sm">
          <summary className="cursor-pointer py-1 text-xs font-medium text-slate-600 hover:text-slate-900">
            {passed.length} {passed.length === 1 ? 'check' : 'checks'} passed
          </summary>
          <ul className="divide-y divide-slate-100">
            {passed.map((item) => (
              <Item key={item.id} item={item} />
            ))}
          </ul>
        </details>
      )}
      {signedIn && <GmailCheck html={manifest.html} />}
    </section>
  );
});
