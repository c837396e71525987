import type { Layout, SignatureFields, Template } from './signature-schema';
import { cleanLine } from './escape-html';
import { LOGO_GAP, TABLE_ATTRS, logoHtml, watermarkRowHtml, type RenderTemplate } from './signature-markup';
import { renderSignatureText } from './render-text';
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
};

export type RenderedSignature = { html: string; text: string };

const TEMPLATE_RENDERERS: Readonly<Record<Template, RenderTemplate>> = {
  professional: renderProfessionalTemplate,
  minimal: renderMinimalTemplate,
  modern: renderModernTemplate,
  creative: renderCreativeTemplate,
};

const LOGO_BESIDE_CELL = `<td style="padding-right:${LOGO_GAP}px;vertical-align:top">`;
const LOGO_ABOVE_CELL = '<td style="padding-bottom:12px">';
const DETAILS_BESIDE_CELL = '<td style="vertical-align:top">';

function layoutHtml(view: SignatureView, layout: Layout, textStyle: string, rows: string): string {
  const open = `<table${TABLE_ATTRS} style="${textStyle}">`;
  const { logo } = view;
  if (logo && layout === 'horizontal' && rows !== '') {
    // The details sit in their own table so that the logo cell can span their full height.
    const details = `${DETAILS_BESIDE_CELL}${open}${rows}</table></td>`;
    return `${open}<tr>${LOGO_BESIDE_CELL}${logoHtml(logo)}</td>${details}</tr>${watermarkRowHtml(view, 2)}</table>`;
  }
  const logoRow = logo ? `<tr>${rows === '' ? '<td>' : LOGO_ABOVE_CELL}${logoHtml(logo)}</td></tr>` : '';
  const body = logoRow + rows + watermarkRowHtml(view, 1);
  return body === '' ? '' : `${open}${body}</table>`;
}

/**
 * The one function that turns a signature into what Gmail receives; the preview, both copy
 * buttons and the server's generate-html endpoint all call it. Pure: no DOM, no I/O.
 */
export function renderSignature(signature: SignatureFields, options: RenderOptions): RenderedSignature {
  const view = resolveSignatureView(signature, options.publicUrl, options.showWatermark);
  // animateLogo picks the image file (image-geometry.ts): an animated GIF or its first frame.
  const { textStyle, rows } = TEMPLATE_RENDERERS[view.template](view);
  return { html: layoutHtml(view, view.layout, textStyle, rows), text: renderSignatureText(view) };
}

/** The preview shows a placeholder name; the export never does. */
export function displayName(signature: Pick<SignatureFields, 'name'>): string {
  return cleanLine(signature.name) || 'Your Name';
}
