/** @vitest-environment jsdom */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_COLORS, EDITOR_COLOR_CHOICES } from '../../../shared/signature/colour-choices';
import { DEFAULT_DESIGN, type Design, type SignaturePatch } from '../../../shared/signature/signature-schema';
import { SECONDARY_COLORS } from '../../../shared/validation/account-schemas';
import { DesignTab } from './design-tab';

afterEach(cleanup);

function renderDesign(design: Partial<Design>) {
  const onChange = vi.fn<(patch: SignaturePatch) => void>();
  render(<DesignTab design={{ ...DEFAULT_DESIGN, ...design }} onChange={onChange} />);
  const group = (name: string) => within(screen.getByRole('radiogroup', { name }));
  const checked = (name: string) =>
    group(name)
      .getAllByRole('radio')
      .filter((radio) => radio.getAttribute('aria-checked') === 'true')
      .map((radio) => radio.getAttribute('aria-label'));
  const labels = (name: string) =>
    group(name)
      .getAllByRole('radio')
      .map((radio) => radio.getAttribute('aria-label'));
  return { onChange, group, checked, labels };
}

describe('DesignTab colour swatches', () => {
  it("offers the spec's editor colours and then the rest of the account colours", () => {
    const { labels } = renderDesign({});
    expect(labels('Color Scheme')).toEqual([
      'Gmail Blue',
      'Green',
      'Purple',
      'Orange',
      'Gray',
      'Corporate Blue',
      'Forest Green',
      'Business Red',
      'Charcoal',
    ]);
  });

  it.each(ACCOUNT_COLORS.map((c) => c.value))(
    'shows the account colour %s as the chosen Color Scheme swatch',
    (primaryColor) => {
      const { checked } = renderDesign({ primaryColor });
      const swatch = EDITOR_COLOR_CHOICES.find((c) => c.value === primaryColor);
      expect(swatch).toBeDefined();
      expect(checked('Color Scheme')).toEqual([swatch?.label]);
    },
  );

  it.each(ACCOUNT_COLORS.map((c) => c.value))('lets a person pick the account colour %s', (color) => {
    // Start from a colour outside the list, so that every account swatch is a change.
    const { group, onChange } = renderDesign({ primaryColor: '#123456' });
    const label = EDITOR_COLOR_CHOICES.find((c) => c.value === color)?.label ?? '';
    fireEvent.click(group('Color Scheme').getByRole('radio', { name: label }));
    expect(onChange).toHaveBeenCalledWith({ design: { primaryColor: color } });
  });

  it.each(SECONDARY_COLORS.map((c) => c.value))('shows the secondary colour %s as chosen', (secondaryColor) => {
    const { checked } = renderDesign({ secondaryColor });
    expect(checked('Secondary colour')).toEqual([SECONDARY_COLORS.find((c) => c.value === secondaryColor)?.label]);
  });

  it('matches a stored colour whatever its case or length', () => {
    const { checked } = renderDesign({ primaryColor: '#2D8659', secondaryColor: '#333' });
    expect(checked('Color Scheme')).toEqual(['Forest Green']);
    expect(checked('Secondary colour')).toEqual(['Charcoal']);
  });

  it('shows a colour in neither list as a chosen Custom swatch of that colour', () => {
    const { group, checked, labels } = renderDesign({ primaryColor: '#ABCDEF', secondaryColor: '#123' });
    expect(checked('Color Scheme')).toEqual(['Custom']);
    expect(labels('Color Scheme')).toHaveLength(EDITOR_COLOR_CHOICES.length + 1);
    const custom = group('Color Scheme').getByRole('radio', { name: 'Custom' });
    expect(custom.getAttribute('title')).toBe('Custom (#abcdef)');
    expect((custom.querySelector('span[aria-hidden="true"]') as HTMLElement).style.backgroundColor).toBe(
      'rgb(171, 205, 239)',
    );
    expect(checked('Secondary colour')).toEqual(['Custom']);
  });

  it('offers no Custom swatch for a listed colour', () => {
    const { labels } = renderDesign({ primaryColor: '#0066cc' });
    expect(labels('Color Scheme')).not.toContain('Custom');
  });
});
