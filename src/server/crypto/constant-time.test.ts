import { describe, expect, it } from 'vitest';
import { sameSecret } from './constant-time';

describe('sameSecret', () => {
  it('is true only for the same bytes, strings and buffers alike', () => {
    expect(sameSecret('abc', 'abc')).toBe(true);
    expect(sameSecret(Buffer.from('abc'), Buffer.from('abc'))).toBe(true);
    expect(sameSecret('abc', 'abd')).toBe(false);
    expect(sameSecret('abc', 'abcd')).toBe(false);
    expect(sameSecret('', 'a')).toBe(false);
  });
});
