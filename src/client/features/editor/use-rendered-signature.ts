import { useMemo } from 'react';
import { displayName, renderSignature, type RenderedSignature } from '../../../shared/signature/render-signature';
import type { SignatureFields } from '../../../shared/signature/signature-schema';

/** The origin the browser renders for; the server renders with its configured public URL. */
export function currentOrigin(): string {
  return window.location.origin;
}

export type RenderedPreview = {
  /** Exactly what Copy HTML puts on the clipboard, so its length is what Gmail counts. */
  exported: RenderedSignature;
  /** The same, with 'Your Name' standing in for an empty name. */
  preview: RenderedSignature;
};

/** Renders on every keystroke: the renderer is pure and fast enough (see bench/). */
export function useRenderedSignature(fields: SignatureFields, showWatermark: boolean): RenderedPreview {
  return useMemo(() => {
    const options = { publicUrl: currentOrigin(), showWatermark };
    const exported = renderSignature(fields, options);
    const hasName = fields.name.trim() !== '';
    const preview = hasName ? exported : renderSignature({ ...fields, name: displayName(fields) }, options);
    return { exported, preview };
  }, [fields, showWatermark]);
}
