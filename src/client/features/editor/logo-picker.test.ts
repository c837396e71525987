import { describe, expect, it } from 'vitest';
import { imageGeometry } from '../../../shared/signature/image-geometry';
import { resolutionNote } from './logo-picker';

describe('resolutionNote', () => {
  const logo = imageGeometry('https://app.example/objects/q7mz4kx2vb5nw3hj6tpa-160x53.png', 'round', false);
  const photo = imageGeometry('https://app.example/objects/q7mz4kx2vb5nw3hj6tpa-80x80.png', 'round', false);

  it('stays quiet for an image at twice its size', () => {
    expect(resolutionNote(logo, { width: 320, height: 106 })).toBeNull();
    expect(resolutionNote(photo, { width: 160, height: 160 })).toBeNull();
  });

  it('says what the image has and what would look sharp', () => {
    expect(resolutionNote(logo, { width: 160, height: 53 })).toBe(
      'This image has 160×53 pixels for 160×53 in the signature, so it looks soft on high-density screens. Upload one at least 320×106 pixels for a sharp result.',
    );
    expect(resolutionNote(photo, { width: 80, height: 80 })).toContain('at least 160×160 pixels');
  });

  it('works out the height of an image of unknown size from its own proportions', () => {
    const unknown = imageGeometry('https://cdn.example.com/logo.png', 'round', false);
    expect(resolutionNote(unknown, { width: 100, height: 50 })).toContain('for 80×40 in the signature');
  });
});
