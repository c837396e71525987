import type { Layout, SignatureFields, Template } from './signature-schema';
import { cleanLine } from './escape-html';
import { LOGO_GAP, TABLE_ATTRS, logoHtml, watermarkRowHtml, type RenderTemplate } from './signature-markup';
import { renderSignatureText } from './render-text';
import { signatureManifest, type SignatureManifest } from './signature-manifest';
import { resolveSignatureView, type SignatureView } from './signature-view';
import { renderCreativeTemplate } from './template-creative';
import { renderMinimalTemplate } from './template-minimal';
import { renderModernTemplate } from './template-modern';
import { renderProfessionalTemplate } from './template-professional';

export type RenderOptions = {
  /** Absolute origin such as https://app.example.com, without a trailing slash. */
  publicUrl: string;
  /** Decided by shouldShowWatermark() in billing/watermark.ts, never here. */
  showWatermark: boolean;
  /** A running campaign's banner, appended under the signature (campaigns/campaign-banner.ts; decision 0222). */
  banner?: { html: string; text: string } | null | undefined;
};

/** The HTML and its text/plain twin: what a clipboard or a message carries. */
export type RenderedSignature = { html: string; text: string };
export type { SignatureManifest } from './signature-manifest';

const TEMPLATE_RENDERERS: Readonly<Record<Template, RenderTemplate>> = {
  professional: renderProfessionalTemplate,
  minimal: renderMinimalTemplate,
  modern: renderModernTemplate,
  creative: renderCreativeTemplate,
};

// valign is the attribute form of vertical-align:top, kept by Gmail and 14 characters shorter.
const LOGO_BESIDE_CELL = `<td valign="top" style="padding-right:${LOGO_GAP}px">`;
const LOGO_ABOVE_CELL = '<td style="padding-bottom:12px">';
const DETAILS_BESIDE_CELL = '<td valign="top">';

function layoutHtml(view: SignatureView, layout: Layout, textStyle: string, rows: string): string {
  const open = `<table${TABLE_ATTRS} style="${textStyle}">`;
  const { logo } = view;
  if (logo && layout === 'horizontal' && rows !== '') {
    // The details sit in their own table so that the logo cell can span their full height. The
    // outer table holds only the logo and the watermark, whose cell sets its own size and colour:
    // it needs the font alone.
    const details = `${DETAILS_BESIDE_CELL}${open}${rows}</table></td>`;
    const outer = `<table${TABLE_ATTRS} style="font-family:${view.fontStack}">`;
    return `${outer}<tr>${LOGO_BESIDE_CELL}${logoHtml(logo)}</td>${details}</tr>${watermarkRowHtml(view, 2)}</table>`;
  }
  const logoRow = logo ? `<tr>${rows === '' ? '<td>' : LOGO_ABOVE_CELL}${logoHtml(logo)}</td></tr>` : '';
  const body = logoRow + rows + watermarkRowHtml(view, 1);
  return body === '' ? '' : `${open}${body}</table>`;
}

/**
 * The one function that turns a signature into what Gmail receives, with its manifest: the
 * images and links it holds and its length as Gmail stores it (signature-manifest.ts). The
 * preview, pre-flight, both copy buttons, generate-html, the test e-mail and the Workspace push
 * all call it. Pure: no DOM, no I/O.
 */
export function renderSignature(signature: SignatureFields, options: RenderOptions): SignatureManifest {
  const view = resolveSignatureView(signature, options.publicUrl, options.showWatermark);
  // animateLogo picks the image file (image-geometry.ts): an animated GIF or its first frame.
  const { textStyle, rows } = TEMPLATE_RENDERERS[view.template](view);
  const html = layoutHtml(view, view.layout, textStyle, rows);
  const b = (html && options.banner) || { html: '', text: '' };
  return signatureManifest(view, html + b.html, renderSignatureText(view) + b.text);
}

/** The preview shows a placeholder name; the export never does. */
export function displayName(signature: Pick<SignatureFields, 'name'>): string {
  return cleanLine(signature.name) || 'Your Name';
}
