import { useMemo } from 'react';
import { shouldShowWatermark } from '../../../shared/billing/watermark';
import { gmailSizeOf, type GmailSize } from '../../../shared/signature/gmail-size';
import {
  displayName,
  renderSignature,
  type RenderOptions,
  type SignatureManifest,
} from '../../../shared/signature/render-signature';
import type { SignatureFields } from '../../../shared/signature/signature-schema';

/**
 * The page's own origin, for normalising what a person types (a leading slash); never used to
 * render a signature, which always uses the server's PUBLIC_URL.
 */
export function currentOrigin(): string {
  return window.location.origin;
}

/**
 * The one set of options every output renders with: the server's PUBLIC_URL (never the browser's
 * origin) and the shared watermark rule. The preview, Copy HTML and Copy to Gmail use it here;
 * generate-html uses the same URL and rule on the server.
 */
export function signatureRenderOptions(
  publicUrl: string,
  subscriptionStatus: string | null | undefined,
  banner?: RenderOptions['banner'],
): RenderOptions {
  return { publicUrl, showWatermark: shouldShowWatermark(subscriptionStatus), banner };
}

export type RenderedPreview = {
  /** Exactly what the copies export, so its size is what Gmail counts. */
  exported: SignatureManifest;
  /** The same, with 'Your Name' standing in for an empty name. */
  preview: SignatureManifest;
  /** What Gmail will store of `exported`. */
  size: GmailSize;
};

/** Renders on every keystroke: the renderer is pure and fast enough (see bench/). */
export function useRenderedSignature(fields: SignatureFields, options: RenderOptions): RenderedPreview {
  const { publicUrl, showWatermark, banner } = options;
  return useMemo(() => {
    const renderOptions = { publicUrl, showWatermark, banner };
    const exported = renderSignature(fields, renderOptions);
    const hasName = fields.name.trim() !== '';
    const preview = hasName ? exported : renderSignature({ ...fields, name: displayName(fields) }, renderOptions);
    return { exported, preview, size: gmailSizeOf(exported.html, exported.storedLength) };
  }, [fields, publicUrl, showWatermark, banner]);
}
