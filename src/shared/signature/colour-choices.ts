import { HEX_COLOR } from './signature-schema';

/**
 * The colour lists people pick from. One source for the editor and the account area, so that a
 * colour an organization sets as its default is always a swatch the editor can show as chosen.
 */

export type ColorChoice = { readonly value: string; readonly label: string };

/** The account-area colour list (spec section 3, "Account-area colours"). */
export const ACCOUNT_COLORS = [
  { value: '#135dbe', label: 'Google Blue' },
  { value: '#0066cc', label: 'Corporate Blue' },
  { value: '#2d8659', label: 'Forest Green' },
  { value: '#d73b2a', label: 'Business Red' },
  { value: '#9c27b0', label: 'Purple' },
  { value: '#333333', label: 'Charcoal' },
] as const satisfies readonly ColorChoice[];

/** The editor's five, with the names the spec gives them (spec section 3, "Colour choices (editor)"). */
const SPEC_EDITOR_COLORS = [
  // The spec's #1a73e8 a shade darker: readable in dark mode too (decision 0171).
  { value: '#135dbe', label: 'Gmail Blue' },
  { value: '#34a853', label: 'Green' },
  { value: '#9c27b0', label: 'Purple' },
  { value: '#ff9800', label: 'Orange' },
  { value: '#616161', label: 'Gray' },
] as const satisfies readonly ColorChoice[];

/**
 * The editor's Color Scheme: the spec's five under the spec's names, then every account colour
 * not among them, so an organization's default primary colour is always selectable.
 */
export const EDITOR_COLOR_CHOICES: readonly ColorChoice[] = [
  ...SPEC_EDITOR_COLORS,
  ...ACCOUNT_COLORS.filter((account) => !SPEC_EDITOR_COLORS.some((editor) => editor.value === account.value)),
];

/** `#rgb` or `#rrggbb` as lower-case `#rrggbb` (the form every list above uses); null for anything else. */
export function normaliseHexColor(value: string): string | null {
  if (!HEX_COLOR.test(value)) return null;
  const hex = value.toLowerCase();
  return hex.length === 4 ? `#${hex[1]}${hex[1]}${hex[2]}${hex[2]}${hex[3]}${hex[3]}` : hex;
}
