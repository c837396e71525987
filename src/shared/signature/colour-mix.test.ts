import { describe, expect, it } from 'vitest';
import { mixWithWhite } from './colour-mix';

describe('mixWithWhite', () => {
  it('mixes each channel towards white and writes #rrggbb', () => {
    expect(mixWithWhite('#1a73e8', 0.12)).toBe('#e4eefc');
    expect(mixWithWhite('#9c27b0', 0.12)).toBe('#f3e5f6');
  });

  it('answers white for no colour and the colour itself, in lower case, for all of it', () => {
    expect(mixWithWhite('#1A73E8', 0)).toBe('#ffffff');
    expect(mixWithWhite('#1A73E8', 1)).toBe('#1a73e8');
    expect(mixWithWhite('#000000', 0.5)).toBe('#808080');
  });

  it('expands the three-digit form', () => {
    expect(mixWithWhite('#f00', 0.5)).toBe(mixWithWhite('#ff0000', 0.5));
    expect(mixWithWhite('#FFF', 0.12)).toBe('#ffffff');
  });

  it.each(['1a73e8', '#12345', '#12345g', 'red', 'rgb(0 0 0)', '#1a73e8;x'])('refuses %j', (colour) => {
    expect(() => mixWithWhite(colour, 0.12)).toThrow(RangeError);
  });

  it.each([-0.1, 1.1, Number.NaN])('refuses a share of %s', (share) => {
    expect(() => mixWithWhite('#1a73e8', share)).toThrow(RangeError);
  });
});
