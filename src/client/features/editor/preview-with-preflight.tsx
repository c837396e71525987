import { useState, type ReactNode } from 'react';
import type { CurrentUser } from '../../../shared/account-types';
import type { DarkMode } from '../../../shared/signature/dark-mode';
import type { SignatureFields, SignaturePatch } from '../../../shared/signature/signature-schema';
import { DarkModeControls } from './dark-mode-controls';
import { GmailPreview } from './gmail-preview';
import { PreflightPanel } from './preflight-panel';

/** The Gmail preview with its Dark mode switch, and the pre-flight checklist beside it. */
export function PreviewWithPreflight(props: {
  fields: SignatureFields;
  showWatermark: boolean;
  status: ReactNode;
  user: CurrentUser | null;
  onChange: (patch: SignaturePatch) => void;
  persist: () => Promise<{ id: string }>;
}) {
  const { fields } = props;
  const [darkMode, setDarkMode] = useState<DarkMode | null>(null);
  const [lastMode, setLastMode] = useState<DarkMode>('partial');
  const hasLogo = fields.photoUrl.trim() !== '' && fields.design.layout !== 'text-only';
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem] xl:items-start">
      <GmailPreview
        fields={fields}
        showWatermark={props.showWatermark}
        status={props.status}
        darkMode={darkMode}
        controls={
          <DarkModeControls
            mode={darkMode}
            lastMode={lastMode}
            onModeChange={(mode) => {
              setDarkMode(mode);
              if (mode) setLastMode(mode);
            }}
            logoBacking={hasLogo ? (fields.design.logoBacking ?? 'none') : null}
            onLogoBackingChange={(logoBacking) => props.onChange({ design: { logoBacking } })}
          />
        }
      />
      <PreflightPanel fields={fields} showWatermark={props.showWatermark} user={props.user} persist={props.persist} />
    </div>
  );
}
