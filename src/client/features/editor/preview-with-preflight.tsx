import { memo, useCallback, useState, type ReactNode } from 'react';
import type { DarkMode } from '../../../shared/signature/dark-mode';
import type { RenderOptions } from '../../../shared/signature/render-signature';
import type {
  LogoBacking,
  LogoHalo,
  SignatureFields,
  SignaturePatch,
} from '../../../shared/signature/signature-schema';
import { storedImageOf } from '../../../shared/signature/image-geometry';
import { DarkModeControls } from './dark-mode-controls';
import { GmailPreview } from './gmail-preview';
import { PreflightPanel } from './preflight-panel';

// Memoised: a keystroke re-renders it only through its own settled, deferred copy of the fields.
const MemoPreflightPanel = memo(PreflightPanel);

/** The Gmail preview with its Dark mode switch, and the pre-flight checklist beside it. */
export function PreviewWithPreflight(props: {
  fields: SignatureFields;
  options: RenderOptions;
  status: ReactNode;
  onChange: (patch: SignaturePatch) => void;
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
          <DarkModeControls
            mode={darkMode}
            lastMode={lastMode}
            onModeChange={onModeChange}
            logoBacking={hasLogo ? (fields.design.logoBacking ?? 'none') : null}
            onLogoBackingChange={onLogoBackingChange}
            logoHalo={hasHalo ? (fields.design.logoHalo ?? 'on') : null}
            onLogoHaloChange={onLogoHaloChange}
          />
        }
      />
      <MemoPreflightPanel fields={fields} options={props.options} />
    </div>
  );
}
