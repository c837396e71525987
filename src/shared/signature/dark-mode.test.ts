import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  darkModeColour,
  darkModeContrast,
  darkModeHtml,
  GMAIL_DARK_BACKGROUND,
  invertLightness,
  isReadableEverywhere,
  suggestReadableColour,
} from './dark-mode';

describe('contrast', () => {
  it('gives the WCAG figures', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#666666', '#ffffff')).toBeCloseTo(5.74, 2);
    expect(contrastRatio('#1a73e8', '#ffffff')).toBeCloseTo(4.51, 2);
    expect(contrastRatio('#ffffff', GMAIL_DARK_BACKGROUND)).toBeCloseTo(16.1, 1);
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21, 5);
  });

  it('no colour kept as it is reads at 4.5:1 on white and on #202124 alike: dark mode must recolour it', () => {
    for (const hex of ['#1a73e8', '#666666', '#34a853', '#ea4335', '#777777']) {
      expect(Math.min(contrastRatio(hex, '#ffffff'), contrastRatio(hex, GMAIL_DARK_BACKGROUND))).toBeLessThan(4.5);
    }
  });
});

describe('dark themes', () => {
  it('inverts lightness and keeps the hue', () => {
    expect(invertLightness('#000000')).toBe('#ffffff');
    expect(invertLightness('#ffffff')).toBe('#000000');
    expect(invertLightness('#666666')).toBe('#999999');
    const blue = invertLightness('#0b3d91');
    expect(Number.parseInt(blue.slice(5, 7), 16)).toBeGreaterThan(Number.parseInt(blue.slice(1, 3), 16));
  });

  it('partial (Android) lightens dark text, keeps mid and light text, darkens light backgrounds', () => {
    expect(darkModeColour('#333333', 'partial', 'text')).toBe('#cccccc');
    expect(darkModeColour('#1a73e8', 'partial', 'text')).toBe('#1a73e8');
    expect(darkModeColour('#ffffff', 'partial', 'background')).toBe('#000000');
    expect(darkModeColour('#333333', 'partial', 'background')).toBe('#333333');
  });

  it('full (iOS) inverts every colour', () => {
    expect(darkModeColour('#eeeeee', 'full', 'text')).toBe('#111111');
    expect(darkModeColour('#111111', 'full', 'background')).toBe('#eeeeee');
  });

  it('takes the worse of the two themes for the dark-mode contrast', () => {
    // #1a73e8 is mid-lightness: Android keeps it, iOS barely changes it: 3.4:1 on #202124.
    expect(darkModeContrast('#1a73e8')).toBeCloseTo(3.44, 1);
    expect(darkModeContrast('#666666')).toBeCloseTo(5.65, 1);
    expect(isReadableEverywhere('#666666')).toBe(true);
    expect(isReadableEverywhere('#1a73e8')).toBe(false);
    expect(isReadableEverywhere('#ffcc00')).toBe(false);
  });

  it('suggests a darker shade of the same hue that is readable everywhere', () => {
    const suggestion = suggestReadableColour('#1a73e8');
    expect(suggestion).not.toBeNull();
    expect(isReadableEverywhere(suggestion!)).toBe(true);
    expect(contrastRatio(suggestion!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(darkModeContrast(suggestion!)).toBeGreaterThanOrEqual(4.5);
    expect(suggestReadableColour('#666666')).toBe('#666666');
  });

  it('recolours the style attributes of signature HTML; the full theme inverts light backgrounds too', () => {
    const html =
      '<table style="font-size:14px;color:#333333"><tr><td style="background-color:#eef4fd;padding:4px"><span style="color:#1a73e8">Ada</span></td></tr></table>';
    const partial = darkModeHtml(html, 'partial');
    expect(partial).toContain('color:#cccccc');
    expect(partial).toContain('color:#1a73e8');
    expect(partial).not.toContain('#eef4fd');
    expect(partial).toContain('padding:4px');
    const full = darkModeHtml(html, 'full');
    expect(full).toContain('color:#cccccc');
    expect(full).not.toContain('color:#1a73e8');
  });

  it('recolours the logo backing like any background and never touches the image', () => {
    const html =
      '<td style="background-color:#ffffff;padding:6px"><a href="https://x.test"><img src="https://x.test/l.png" width="80" height="40" alt="L" style="display:block;width:80px;height:40px"></a></td>';
    for (const mode of ['partial', 'full'] as const) {
      const dark = darkModeHtml(html, mode);
      expect(dark).toContain('background-color:#000000');
      expect(dark).toContain(
        '<img src="https://x.test/l.png" width="80" height="40" alt="L" style="display:block;width:80px;height:40px">',
      );
    }
  });
});
