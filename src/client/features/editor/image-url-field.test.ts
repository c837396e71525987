import { describe, expect, it } from 'vitest';
import { resolveImageUrl } from './image-url-field';

const origin = 'https://app.example.com';

describe('resolveImageUrl', () => {
  it('refuses embedded images with the spec message', () => {
    expect(resolveImageUrl('data:image/png;base64,AAAA', origin)).toEqual({
      error: {
        title: 'Invalid image format',
        description:
          'Logos in Gmail signatures must be served via HTTPS URL (no base64). Please upload or provide a URL.',
      },
    });
  });

  it('normalises what was typed', () => {
    expect(resolveImageUrl('cdn.example.com/logo.png', origin)).toEqual({ url: 'https://cdn.example.com/logo.png' });
    expect(resolveImageUrl('http://cdn.example.com/logo.png', origin)).toEqual({
      url: 'https://cdn.example.com/logo.png',
    });
    expect(resolveImageUrl('/objects/abc.png', origin)).toEqual({ url: 'https://app.example.com/objects/abc.png' });
  });

  it('refuses what is not a web address', () => {
    expect('error' in resolveImageUrl('javascript:alert(1)', origin)).toBe(true);
    expect('error' in resolveImageUrl('mailto:jane@acme.com', origin)).toBe(true);
  });
});
