import { describe, expect, it } from 'vitest';
import { imageGeometry } from './image-geometry';

describe('imageGeometry', () => {
  const photo = 'https://sig.example.com/objects/q7mz4kx2vb5nw3hj6tpa-80x80a.jpg';

  it('picks the file of the chosen shape; anything but square and rounded is round', () => {
    expect(imageGeometry(photo, 'square', false).src).toMatch(/-q\.\w+$/);
    expect(imageGeometry(photo, 'rounded', false).src).toMatch(/-r\.png$/);
    expect(imageGeometry(photo, 'round', false).src).toMatch(/-o\.png$/);
    expect(imageGeometry(photo, 'circle', false).src).toMatch(/-o\.png$/);
  });

  it('never reads a shape from Object.prototype (a stored "toString" is round, not a function in the URL)', () => {
    for (const shape of ['toString', 'constructor', '__proto__', 'hasOwnProperty']) {
      const { src } = imageGeometry(photo, shape, false);
      expect(src).toMatch(/-o\.png$/);
      expect(src).not.toMatch(/\s|function/);
    }
  });
});
