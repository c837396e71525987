/**
 * How Gmail's dark themes recolour a signature (gmail.md, "Dark mode"), and the contrast figures
 * the pre-flight checklist reports. Gmail ignores every dark-mode hook, so nothing here changes
 * what we send: it only shows a person what recipients will see. See docs/decisions/0075.
 */

/** Gmail's dark message background (the apps' dark theme). */
export const GMAIL_DARK_BACKGROUND = '#202124';
/** Gmail's light text on that background. */
export const GMAIL_DARK_TEXT = '#e8eaed';
/** WCAG 2 AA for body text. */
export const MIN_TEXT_CONTRAST = 4.5;

/**
 * `partial`: as the Android app does it: dark text turned light, light backgrounds darkened,
 * coloured text kept. `full`: as the iOS app does it: every colour of text and backgrounds
 * inverted. Neither touches images: they arrive as sent (decision 0171), so a dark logo on a
 * transparent background needs light pixels of its own, not a CSS backing (which is recoloured).
 */
export const DARK_MODES = ['partial', 'full'] as const;
export type DarkMode = (typeof DARK_MODES)[number];
export const DARK_MODE_LABELS: Record<DarkMode, string> = { partial: 'Android', full: 'iPhone' };

type Rgb = [number, number, number];

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

function parseHex(hex: string): Rgb {
  if (!HEX.test(hex)) throw new RangeError(`Not a #hex colour: ${hex}`);
  const digits = hex.length === 4 ? `${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}` : hex.slice(1);
  return [0, 2, 4].map((at) => Number.parseInt(digits.slice(at, at + 2), 16)) as Rgb;
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = parseHex(hex);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

type Hsl = [number, number, number];

function toHsl([r, g, b]: Rgb): Hsl {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h: number;
  if (max === rn) h = (gn - bn) / d + (gn < bn ? 6 : 0);
  else if (max === gn) h = (bn - rn) / d + 2;
  else h = (rn - gn) / d + 4;
  return [h / 6, s, l];
}

function hueToChannel(p: number, q: number, t: number): number {
  let tt = t;
  if (tt < 0) tt += 1;
  if (tt > 1) tt -= 1;
  if (tt < 1 / 6) return p + (q - p) * 6 * tt;
  if (tt < 1 / 2) return q;
  if (tt < 2 / 3) return p + (q - p) * (2 / 3 - tt) * 6;
  return p;
}

function fromHsl([h, s, l]: Hsl): Rgb {
  if (s === 0) return [l * 255, l * 255, l * 255];
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  return [hueToChannel(p, q, h + 1 / 3) * 255, hueToChannel(p, q, h) * 255, hueToChannel(p, q, h - 1 / 3) * 255];
}

/** HSL lightness, 0 to 1. */
export function lightness(hex: string): number {
  return toHsl(parseHex(hex))[2];
}

/** The same hue and saturation with the lightness turned over: what a dark theme does to a colour. */
export function invertLightness(hex: string): string {
  const [h, s, l] = toHsl(parseHex(hex));
  return toHex(fromHsl([h, s, 1 - l]));
}

/** The colour with its HSL lightness set to `l`. */
export function withLightness(hex: string, l: number): string {
  const [h, s] = toHsl(parseHex(hex));
  return toHex(fromHsl([h, s, Math.min(1, Math.max(0, l))]));
}

/** What a dark theme paints a text colour (`text`) or a background colour (`background`) as. */
export function darkModeColour(hex: string, mode: DarkMode, role: 'text' | 'background'): string {
  if (mode === 'full') return invertLightness(hex);
  const l = lightness(hex);
  if (role === 'text') return l < 0.5 ? invertLightness(hex) : hex.toLowerCase();
  return l > 0.5 ? invertLightness(hex) : hex.toLowerCase();
}

/** The lower of the two dark themes' contrasts for a text colour on Gmail's dark background. */
export function darkModeContrast(hex: string): number {
  return Math.min(...DARK_MODES.map((mode) => contrastRatio(darkModeColour(hex, mode, 'text'), GMAIL_DARK_BACKGROUND)));
}

/** Readable in light mode (on white) and in both dark themes. */
export function isReadableEverywhere(hex: string): boolean {
  return contrastRatio(hex, '#ffffff') >= MIN_TEXT_CONTRAST && darkModeContrast(hex) >= MIN_TEXT_CONTRAST;
}

/**
 * The nearest shade of the same hue that is readable on white and in both dark themes (a darker
 * one: dark text is what both themes turn light), or null when no shade of it is.
 */
export function suggestReadableColour(hex: string): string | null {
  const start = lightness(hex);
  for (let l = Math.min(start, 0.5); l >= 0; l -= 0.01) {
    const candidate = withLightness(hex, l);
    if (isReadableEverywhere(candidate)) return candidate;
  }
  return null;
}

const STYLE_ATTR = /(<\w+\b[^>]*?\sstyle=")([^"]*)(")/g;
const HEX_IN_VALUE = /#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b/g;

function recolourStyle(style: string, mode: DarkMode): string {
  return style
    .split(';')
    .map((declaration) => {
      const colon = declaration.indexOf(':');
      if (colon === -1) return declaration;
      const property = declaration.slice(0, colon).trim().toLowerCase();
      const isBackground = property.startsWith('background');
      return declaration.replace(HEX_IN_VALUE, (hex) =>
        darkModeColour(hex, mode, isBackground ? 'background' : 'text'),
      );
    })
    .join(';');
}

/**
 * The signature HTML as a dark theme shows it, for the preview only. Text without a colour of its
 * own takes the table's colour, which is recoloured like any other; every CSS background (the
 * logo's light backing included) is recoloured too; images are left exactly as sent.
 */
export function darkModeHtml(html: string, mode: DarkMode): string {
  return html.replace(
    STYLE_ATTR,
    (_whole, open: string, style: string, close: string) => `${open}${recolourStyle(style, mode)}${close}`,
  );
}
