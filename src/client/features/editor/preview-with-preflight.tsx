import { lazy, memo, Suspense, useCallback, useState, type ReactNode } from 'react';
import type { DarkMode } from '../../../shared/signature/dark-mode';
import type { RenderOptions } from '../../../shared/signature/render-signature';
import type {
  LogoBacking,
  LogoHalo,
  SignatureFields,
  SignaturePatch,
} from '../../../shared/signature/signature-schema';
import { storedImageOf } from '../../../shared/signature/image-geometry';
import type { FieldRequirements } from '../../../shared/signature/export-checks';
import { GmailPreview } from './gmail-preview';

/**
 * Loaded after the editor, beside the preview it checks: its rules are a sixth of the editor's
 * code and nobody needs them before the first paint (the editor's 250 KB budget). Memoised: a
 * keystroke re-renders it only through its own settled, deferred copy of the fields.
 */
const MemoPreflightPanel = lazy(() => import('./preflight-panel').then((m) => ({ default: memo(m.PreflightPanel) })));

/** The Dark mode switch and its options (with Radix's radio group): the same, a moment later. */
const DarkModeControls = lazy(() => import('./dark-mode-controls').then((m) => ({ default: m.DarkModeControls })));

/** Where the checklist appears while its code loads, the same size as its heading. */
function PreflightLoading() {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-busy="true">
      <h2 className="text-base font-semibold text-slate-900">Pre-flight check</h2>
      <p className="mt-1 text-xs text-slate-500">Checking…</p>
    </section>
  );
}

/** The Gmail preview with its Dark mode switch, and the pre-flight checklist beside it. */
export function PreviewWithPreflight(props: {
  fields: SignatureFields;
  options: RenderOptions;
  status: ReactNode;
  onChange: (patch: SignaturePatch) => void;
  /** The organization sets the design: its colours are not the person's to apply. */
  designLocked?: boolean;
  requirements?: FieldRequirements;
  serverAddressFix?: string;
}) {
  const { fields } = props;
  const [darkMode, setDarkMode] = useState<DarkMode | null>(null);
  const [lastMode, setLastMode] = useState<DarkMode>('partial');
  // Stable, so the memoised switch is not re-rendered by a keystroke.
  const onModeChange = useCallback((mode: DarkMode | null) => {
    setDarkMode(mode);
    if (mode) setLastMode(mode);
  }, []);
  const onChange = props.onChange;
  const onLogoBackingChange = useCallback(
    (logoBacking: LogoBacking) => onChange({ design: { logoBacking } }),
    [onChange],
  );
  const onLogoHaloChange = useCallback((logoHalo: LogoHalo) => onChange({ design: { logoHalo } }), [onChange]);
  const onApply = useCallback(
    (design: { primaryColor: string } | { secondaryColor: string }) => onChange({ design }),
    [onChange],
  );
  const hasLogo = fields.photoUrl.trim() !== '' && fields.design.layout !== 'text-only';
  const hasHalo = hasLogo && storedImageOf(fields.photoUrl)?.halo === true;
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem] xl:items-start">
      <GmailPreview
        fields={fields}
        options={props.options}
        status={props.status}
        darkMode={darkMode}
        controls={
          <Suspense fallback={<div className="h-7" />}>
            <DarkModeControls
              mode={darkMode}
              lastMode={lastMode}
              onModeChange={onModeChange}
              logoBacking={hasLogo ? (fields.design.logoBacking ?? 'none') : null}
              onLogoBackingChange={onLogoBackingChange}
              logoHalo={hasHalo ? (fields.design.logoHalo ?? 'on') : null}
              onLogoHaloChange={onLogoHaloChange}
            />
          </Suspense>
        }
      />
      <Suspense fallback={<PreflightLoading />}>
        <MemoPreflightPanel
          fields={fields}
          options={props.options}
          onApply={props.designLocked ? undefined : onApply}
          requirements={props.requirements}
          serverAddressFix={props.serverAddressFix}
        />
      </Suspense>
    </div>
  );
}
