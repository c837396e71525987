import { describe, expect, it } from 'vitest';
import { SECONDARY_COLORS, signatureDefaultsSchema, DEFAULT_SIGNATURE_DEFAULTS } from '../validation/account-schemas';
import { ACCOUNT_COLORS, EDITOR_COLOR_CHOICES, normaliseHexColor } from './colour-choices';
import { DEFAULT_DESIGN, DEFAULT_PRIMARY_COLOR, designSchema, signaturePatchSchema } from './signature-schema';

const values = (list: readonly { value: string }[]) => list.map((c) => c.value);

describe('colour choices', () => {
  it("offers the spec's five editor colours first, under the spec's names", () => {
    expect(EDITOR_COLOR_CHOICES.slice(0, 5)).toEqual([
      { value: '#135dbe', label: 'Gmail Blue' },
      { value: '#34a853', label: 'Green' },
      { value: '#9c27b0', label: 'Purple' },
      { value: '#ff9800', label: 'Orange' },
      { value: '#616161', label: 'Gray' },
    ]);
  });

  it('offers every account-area colour in the editor, once', () => {
    expect(values(ACCOUNT_COLORS)).toEqual(['#135dbe', '#0066cc', '#2d8659', '#d73b2a', '#9c27b0', '#333333']);
    for (const color of values(ACCOUNT_COLORS)) expect(values(EDITOR_COLOR_CHOICES)).toContain(color);
    expect(new Set(values(EDITOR_COLOR_CHOICES)).size).toBe(EDITOR_COLOR_CHOICES.length);
    expect(values(EDITOR_COLOR_CHOICES).slice(5)).toEqual(['#0066cc', '#2d8659', '#d73b2a', '#333333']);
  });

  it('offers the editor default, and the account defaults, as swatches', () => {
    expect(values(EDITOR_COLOR_CHOICES)).toContain(DEFAULT_PRIMARY_COLOR);
    expect(values(EDITOR_COLOR_CHOICES)).toContain(DEFAULT_SIGNATURE_DEFAULTS.primaryColor);
    expect(values(SECONDARY_COLORS)).toContain(DEFAULT_SIGNATURE_DEFAULTS.secondaryColor);
  });

  it('lists every colour as lower-case #rrggbb, the form a stored colour is matched in', () => {
    for (const color of values([...EDITOR_COLOR_CHOICES, ...SECONDARY_COLORS]))
      expect(normaliseHexColor(color)).toBe(color);
  });

  it('every listed colour is a valid signature colour, primary and secondary', () => {
    for (const color of values([...EDITOR_COLOR_CHOICES, ...SECONDARY_COLORS])) {
      expect(designSchema.safeParse({ ...DEFAULT_DESIGN, primaryColor: color, secondaryColor: color }).success).toBe(
        true,
      );
      expect(signaturePatchSchema.safeParse({ design: { primaryColor: color, secondaryColor: color } }).success).toBe(
        true,
      );
    }
  });

  it('every account colour is a valid organization default', () => {
    for (const primaryColor of values(ACCOUNT_COLORS)) {
      expect(signatureDefaultsSchema.safeParse({ ...DEFAULT_SIGNATURE_DEFAULTS, primaryColor }).success).toBe(true);
    }
  });
});

describe('normaliseHexColor', () => {
  it.each([
    ['#1A73E8', '#1a73e8'],
    ['#333', '#333333'],
    ['#AbC', '#aabbcc'],
    ['#2d8659', '#2d8659'],
  ])('%s is %s', (input, expected) => expect(normaliseHexColor(input)).toBe(expected));

  it.each(['', 'red', '#12345', '#12345g', '1a73e8', '#1a73e8;position:absolute'])('%j is not a colour', (input) => {
    expect(normaliseHexColor(input)).toBeNull();
  });
});
