import { RadioGroup } from 'radix-ui';
import { memo } from 'react';
import { DARK_MODES, DARK_MODE_LABELS, type DarkMode } from '../../../shared/signature/dark-mode';
import type { LogoBacking, LogoHalo } from '../../../shared/signature/signature-schema';

const MODE_HINTS: Record<DarkMode, string> = { partial: 'partial inversion', full: 'full inversion' };

/**
 * The "Dark mode" switch over the preview, which of Gmail's dark themes to show, and the stored
 * design option that puts a light backing behind a transparent logo.
 */
export const DarkModeControls = memo(function DarkModeControls(props: {
  mode: DarkMode | null;
  lastMode: DarkMode;
  onModeChange: (mode: DarkMode | null) => void;
  /** Shown only when the signature has a logo. */
  logoBacking: LogoBacking | null;
  onLogoBackingChange: (backing: LogoBacking) => void;
  /** Shown only when the image was stored with a baked light halo (dark ink on transparency). */
  logoHalo: LogoHalo | null;
  onLogoHaloChange: (halo: LogoHalo) => void;
}) {
  const on = props.mode !== null;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm" data-testid="dark-mode-controls">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        onClick={() => props.onModeChange(on ? null : props.lastMode)}
        className="inline-flex items-center gap-2 rounded-md py-1 font-medium text-slate-700 hover:text-slate-900"
      >
        <span
          aria-hidden="true"
          className={`relative inline-flex h-5 w-9 shrink-0 rounded-full transition-colors ${on ? 'bg-brand' : 'bg-slate-300'}`}
        >
          <span
            className={`absolute top-0.5 h-4 w-4 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-4' : 'translate-x-0.5'}`}
          />
        </span>
        Dark mode
      </button>
      {props.mode !== null && (
        <RadioGroup.Root
          aria-label="Which Gmail app"
          value={props.mode}
          onValueChange={(next) => props.onModeChange(next as DarkMode)}
          className="inline-flex rounded-lg bg-slate-100 p-0.5"
        >
          {DARK_MODES.map((mode) => (
            <RadioGroup.Item
              key={mode}
              value={mode}
              aria-label={`${DARK_MODE_LABELS[mode]} (${MODE_HINTS[mode]})`}
              className="rounded-md px-2.5 py-1 text-xs font-medium text-slate-600 data-[state=checked]:bg-white data-[state=checked]:text-slate-900 data-[state=checked]:shadow-sm"
            >
              {DARK_MODE_LABELS[mode]}{' '}
              <span className="hidden font-normal text-slate-500 sm:inline">· {MODE_HINTS[mode]}</span>
            </RadioGroup.Item>
          ))}
        </RadioGroup.Root>
      )}
      {props.logoHalo !== null && (
        <label className="inline-flex items-center gap-2 text-slate-700">
          <input
            type="checkbox"
            className="h-4 w-4 rounded border-slate-300 accent-[#135dbe]"
            checked={props.logoHalo === 'on'}
            onChange={(event) => props.onLogoHaloChange(event.target.checked ? 'on' : 'off')}
          />
          Light halo baked into the logo
        </label>
      )}
      {props.logoBacking !== null && (
        <label className="inline-flex items-center gap-2 text-slate-700">
          <input
            type="checkbox"
            className="h-4 w-4 rounded border-slate-300 accent-[#1a73e8]"
            checked={props.logoBacking === 'light'}
            onChange={(event) => props.onLogoBackingChange(event.target.checked ? 'light' : 'none')}
          />
          Light backing behind the logo
        </label>
      )}
    </div>
  );
});
