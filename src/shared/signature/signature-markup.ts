import type { ContactLine, CustomLine, LogoView, SignatureView, SocialLink } from './signature-view';
import { SOCIAL_ICON_DISPLAY_SIZE } from './social-icons';

/**
 * Markup shared by every template. Gmail keeps only tables, inline styles and width/height
 * attributes reliably (decisions: "Signature HTML"), and every character counts towards its
 * 10,000 limit, so styles are as short as they can be.
 */
// No border="0": a table has no border unless one is asked for, and the 11 characters count.
export const TABLE_ATTRS = ' cellpadding="0" cellspacing="0" role="presentation"';
export const LOGO_GAP = 20;
export const NAME_FONT_SIZE = 16;
export const BODY_FONT_SIZE = 14;
export const WATERMARK_FONT_SIZE = 12;

const ICON = SOCIAL_ICON_DISPLAY_SIZE;
const ICON_ATTRS = ` width="${ICON}" height="${ICON}"`;
const ICON_STYLE = ` style="display:block;width:${ICON}px;height:${ICON}px;border:0"`;
// Readable on white and in both dark themes (isReadableEverywhere; decision 0171).
const WATERMARK_COLOR = '#737373';
// No colour on the cell: its only text is the link, which carries its own.
const WATERMARK_CELL_STYLE = `padding-top:12px;font-size:${WATERMARK_FONT_SIZE}px;line-height:16px;font-style:italic`;
const WATERMARK_LINK_STYLE = `color:${WATERMARK_COLOR};text-decoration:none`;

/**
 * The text style goes on every table that holds text: in quirks mode (some mail clients) a table
 * does not inherit font settings from its parent.
 */
export function textStyle(fontStack: string, color: string): string {
  return `font-family:${fontStack};font-size:${BODY_FONT_SIZE}px;line-height:20px;color:${color}`;
}

/**
 * A link whose colour is set inline: Gmail otherwise paints every link its own blue. A phone
 * number (a tel: link) never wraps: half a number on each line cannot be read or tapped.
 */
export function linkHtml(hrefAttr: string, innerHtml: string, color: string): string {
  if (hrefAttr === '') return innerHtml;
  const nowrap = hrefAttr.startsWith('tel:') ? ';white-space:nowrap' : '';
  return `<a href="${hrefAttr}" style="color:${color};text-decoration:none${nowrap}">${innerHtml}</a>`;
}

/**
 * The image at its real display size: the file itself has the shape and proportions (decision
 * 0070), so nothing depends on object-fit or border-radius, which Outlook and others ignore.
 */
/** A white cell behind the logo: a dark logo on a transparent background stays visible on a dark theme. */
const LOGO_BACKING_CELL = '<td style="background-color:#ffffff;padding:6px;border-radius:6px">';

export function logoHtml(logo: LogoView): string {
  const { width, height } = logo;
  const size = height === null ? ` width="${width}"` : ` width="${width}" height="${height}"`;
  const style = height === null ? `width:${width}px` : `width:${width}px;height:${height}px`;
  const img = `<img src="${logo.srcAttr}"${size} alt="${logo.altAttr}" style="display:block;${style};border:0">`;
  const linked = logo.hrefAttr === '' ? img : `<a href="${logo.hrefAttr}">${img}</a>`;
  return logo.lightBacking ? `<table${TABLE_ATTRS}><tr>${LOGO_BACKING_CELL}${linked}</td></tr></table>` : linked;
}

// The 6px gap after an icon is the cell's width beyond the icon: shorter than a padding style.
const SPACED_ICON_CELL = `<td width="${ICON + 6}">`;
const TEXT_SOCIAL_SEPARATOR = ' · ';

function socialCellHtml(social: SocialLink, iconSrcAttr: string, isLast: boolean): string {
  const img = `<img src="${iconSrcAttr}"${ICON_ATTRS} alt="${social.label}"${ICON_STYLE}>`;
  return `${isLast ? '<td>' : SPACED_ICON_CELL}<a href="${social.hrefAttr}">${img}</a></td>`;
}

/** Text only has no image at all: each profile is its platform's name as a link in the primary colour. */
export function socialTextLinksHtml(view: SignatureView): string {
  return view.socials.map((social) => linkHtml(social.hrefAttr, social.text, view.color)).join(TEXT_SOCIAL_SEPARATOR);
}

/**
 * The icons in their own small table, or '' when no profile has a usable link. In the text-only
 * layout, the profiles as text links instead.
 */
export function socialTableHtml(view: SignatureView): string {
  const { socials } = view;
  if (socials.length === 0) return '';
  if (view.layout === 'text-only') return socialTextLinksHtml(view);
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

/** An opening cell, with a style only when there is one. */
function cellOpen(style: string): string {
  return style === '' ? '<td>' : `<td style="${style}">`;
}

/** Two style strings as one; either may be ''. */
function joinStyles(first: string, second: string): string {
  if (first === '') return second;
  return second === '' ? first : `${first};${second}`;
}

/** How a template spaces and frames its stacked rows. Each style is a few declarations, or ''. */
export type StackStyle = {
  /** Space between two blocks, in px. */
  gap: number;
  /** On the first block after the identity, e.g. a rule drawn as its top border. */
  divider: string;
  /** The identity cell's own style (e.g. a tinted band) instead of the gap below it. */
  identity: string;
  /** On every cell, e.g. a bar drawn as a left border: cells touch, so the bar runs unbroken. */
  frame: string;
};

/**
 * The identity block (name, role), then the other blocks one row each. The first block after the
 * identity carries the template's divider as a top border, so no empty spacer row is ever needed.
 */
export function stackRowsHtml(identityHtml: string, blocksHtml: readonly string[], style: StackStyle): string {
  const { gap, frame } = style;
  const spaced = joinStyles(frame, `padding-top:${gap}px`);
  let rows = '';
  if (identityHtml !== '') {
    const identityStyle = style.identity !== '' || blocksHtml.length === 0 ? style.identity : `padding-bottom:${gap}px`;
    rows += `<tr>${cellOpen(joinStyles(frame, identityStyle))}${identityHtml}</td></tr>`;
  }
  for (let index = 0; index < blocksHtml.length; index += 1) {
    let cell = spaced;
    if (index === 0)
      cell = identityHtml === '' ? frame : joinStyles(joinStyles(frame, style.divider), `padding-top:${gap}px`);
    rows += `<tr>${cellOpen(cell)}${blocksHtml[index]}</td></tr>`;
  }
  return rows;
}

/** `innerHtml` in a styled span, or '' when there is nothing to style. */
export function spanHtml(style: string, innerHtml: string): string {
  return innerHtml === '' ? '' : `<span style="${style}">${innerHtml}</span>`;
}

/** The non-empty parts, one line each. */
export function linesHtml(parts: readonly string[]): string {
  let html = '';
  for (const part of parts) {
    if (part !== '') html += html === '' ? part : `<br>${part}`;
  }
  return html;
}

/** Title and company on one line with the template's separator, or whichever of them there is. */
export function roleHtml(view: SignatureView, separatorHtml: string): string {
  if (view.title && view.company) return `${view.title.html}${separatorHtml}${view.company.html}`;
  return (view.title ?? view.company)?.html ?? '';
}

/** A styled label, a non-breaking space, then the value. */
export function labelledHtml(labelStyle: string, labelHtml: string, valueHtml: string): string {
  return `<span style="${labelStyle}">${labelHtml}</span>&nbsp;${valueHtml}`;
}

/** A contact: its styled label, then its value, linked in `linkColor` when it has a link. */
export function contactLineHtml(line: ContactLine, labelStyle: string, labelHtml: string, linkColor: string): string {
  return labelledHtml(labelStyle, labelHtml, linkHtml(line.hrefAttr, line.value.html, linkColor));
}

/**
 * A custom field: its label (with `labelSuffix`, e.g. ':') styled, or the bare value when it has
 * none. A value that is a web address, an email or a phone number is a link in `linkColor`.
 */
export function customLineHtml(line: CustomLine, labelStyle: string, labelSuffix: string, linkColor: string): string {
  const value = linkHtml(line.hrefAttr, line.value.html, linkColor);
  return line.label ? labelledHtml(labelStyle, line.label.html + labelSuffix, value) : value;
}

/** How a template writes each kind of detail line. */
export type DetailFormat = {
  contact: (line: ContactLine, view: SignatureView) => string;
  custom: (line: CustomLine, view: SignatureView) => string;
};

/** Contacts one line each, the address as one block, then the custom fields, one line each. */
export function detailLinesHtml(view: SignatureView, format: DetailFormat): string {
  const lines: string[] = [];
  for (const contact of view.contacts) lines.push(format.contact(contact, view));
  // The address takes the table's secondary colour, like the rest of the details.
  if (view.addressLines.length > 0) lines.push(view.addressLines.map((line) => line.html).join('<br>'));
  for (const custom of view.customLines) lines.push(format.custom(custom, view));
  return lines.join('<br>');
}

/** What a template hands to the layout: its rows of details and the text style of their table. */
export type TemplateMarkup = { textStyle: string; rows: string };
export type RenderTemplate = (view: SignatureView) => TemplateMarkup;

/**
 * The usual template: identity, details and the social icons stacked in rows, in a table whose text
 * is the secondary colour, so that the role and contact lines need no colour of their own.
 */
export function stackedTemplate(
  view: SignatureView,
  identityHtml: string,
  detailsHtml: string,
  style: StackStyle,
): TemplateMarkup {
  const blocks: string[] = [];
  if (detailsHtml !== '') blocks.push(detailsHtml);
  const socials = socialTableHtml(view);
  if (socials !== '') blocks.push(socials);
  return {
    textStyle: textStyle(view.fontStack, view.secondaryColor),
    rows: stackRowsHtml(identityHtml, blocks, style),
  };
}
