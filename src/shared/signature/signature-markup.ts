import type { LogoView, SignatureView, SocialLink } from './signature-view';
import { SOCIAL_ICON_DISPLAY_SIZE } from './social-icons';

/**
 * Markup shared by every template. Gmail keeps only tables, inline styles and width/height
 * attributes reliably (decisions: "Signature HTML"), and every character counts towards its
 * 10,000 limit, so styles are as short as they can be.
 */
export const TABLE_ATTRS = ' cellpadding="0" cellspacing="0" border="0" role="presentation"';
export const LOGO_SIZE = 80;
export const LOGO_GAP = 20;
export const NAME_FONT_SIZE = 16;
export const BODY_FONT_SIZE = 14;
export const WATERMARK_FONT_SIZE = 12;

const ICON = SOCIAL_ICON_DISPLAY_SIZE;
const ICON_ATTRS = ` width="${ICON}" height="${ICON}"`;
const ICON_STYLE = ` style="display:block;width:${ICON}px;height:${ICON}px;border:0"`;
const LOGO_ATTRS = ` width="${LOGO_SIZE}" height="${LOGO_SIZE}"`;
const LOGO_STYLE_START = `display:block;width:${LOGO_SIZE}px;height:${LOGO_SIZE}px;border:0;object-fit:cover;border-radius:`;
const WATERMARK_COLOR = '#888888';
const WATERMARK_CELL_STYLE =
  `padding-top:12px;font-size:${WATERMARK_FONT_SIZE}px;line-height:16px;font-style:italic;color:${WATERMARK_COLOR}`;
const WATERMARK_LINK_STYLE = `color:${WATERMARK_COLOR};text-decoration:none`;

/**
 * The text style goes on every table that holds text: in quirks mode (some mail clients) a table
 * does not inherit font settings from its parent.
 */
export function textStyle(fontStack: string, color: string): string {
  return `font-family:${fontStack};font-size:${BODY_FONT_SIZE}px;line-height:20px;color:${color}`;
}

/** A link whose colour is set inline: Gmail otherwise paints every link its own blue. */
export function linkHtml(hrefAttr: string, innerHtml: string, color: string): string {
  if (hrefAttr === '') return innerHtml;
  return `<a href="${hrefAttr}" style="color:${color};text-decoration:none">${innerHtml}</a>`;
}

export function logoHtml(logo: LogoView): string {
  const img = `<img src="${logo.srcAttr}"${LOGO_ATTRS} alt="${logo.altAttr}" style="${LOGO_STYLE_START}${logo.radius}">`;
  return logo.hrefAttr === '' ? img : `<a href="${logo.hrefAttr}">${img}</a>`;
}

function socialCellHtml(social: SocialLink, iconSrcAttr: string, isLast: boolean): string {
  const cellStyle = isLast ? '' : ' style="padding-right:6px"';
  const img = `<img src="${iconSrcAttr}"${ICON_ATTRS} alt="${social.label}"${ICON_STYLE}>`;
  return `<td${cellStyle}><a href="${social.hrefAttr}">${img}</a></td>`;
}

/** The icons in their own small table, or '' when no profile has a usable link. */
export function socialTableHtml(view: SignatureView): string {
  const { socials } = view;
  if (socials.length === 0) return '';
  let cells = '';
  for (let index = 0; index < socials.length; index += 1) {
    const social = socials[index];
    if (social) cells += socialCellHtml(social, view.assets.iconSrcAttr[social.platform], index === socials.length - 1);
  }
  return `<table${TABLE_ATTRS}><tr>${cells}</tr></table>`;
}

/** The free plan's line, as a table row; colspan lets it run under a logo column. */
export function watermarkRowHtml(view: SignatureView, colspan: number): string {
  if (!view.showWatermark) return '';
  const span = colspan > 1 ? ` colspan="${colspan}"` : '';
  const link = `<a href="${view.assets.publicUrlAttr}" style="${WATERMARK_LINK_STYLE}">${view.assets.watermarkHtml}</a>`;
  return `<tr><td${span} style="${WATERMARK_CELL_STYLE}">${link}</td></tr>`;
}

/**
 * The identity block (name, role), then the other blocks one row each. The first block after the
 * identity carries the template's divider as a top border, so no empty spacer row is ever needed.
 */
export function stackRowsHtml(identityHtml: string, blocksHtml: readonly string[], divider: string, gap: number): string {
  let rows = '';
  if (identityHtml !== '') {
    rows += blocksHtml.length === 0 ? `<tr><td>${identityHtml}</td></tr>` : `<tr><td style="padding-bottom:${gap}px">${identityHtml}</td></tr>`;
  }
  for (let index = 0; index < blocksHtml.length; index += 1) {
    const block = blocksHtml[index];
    if (index === 0) rows += identityHtml === '' ? `<tr><td>${block}</td></tr>` : `<tr><td style="${divider};padding-top:${gap}px">${block}</td></tr>`;
    else rows += `<tr><td style="padding-top:${gap}px">${block}</td></tr>`;
  }
  return rows;
}

/** What a template hands to the layout: its rows of details and the text style of their table. */
export type TemplateMarkup = { textStyle: string; rows: string };
export type RenderTemplate = (view: SignatureView) => TemplateMarkup;
