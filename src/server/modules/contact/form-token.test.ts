import { describe, expect, it } from 'vitest';
import { checkFormToken, issueFormToken } from './form-token';

const SECRET = 'a-secret-of-at-least-thirty-two-chars!';

describe('contact form token', () => {
  const issuedAt = 1_800_000_000_000;
  const token = issueFormToken(SECRET, issuedAt);

  it('is too fresh before 2 seconds, fine after, expired after a day', () => {
    expect(checkFormToken(SECRET, token, issuedAt + 1_999)).toBe('too-fresh');
    expect(checkFormToken(SECRET, token, issuedAt + 2_000)).toBe('ok');
    expect(checkFormToken(SECRET, token, issuedAt + 24 * 3600_000 + 1)).toBe('expired');
  });

  it('cannot be forged: another secret, an edited time, garbage or nothing are invalid', () => {
    expect(checkFormToken('another-secret-of-at-least-32-chars!!', token, issuedAt + 5_000)).toBe('invalid');
    const [, signature] = token.split('.');
    expect(checkFormToken(SECRET, `${issuedAt - 60_000}.${signature}`, issuedAt + 5_000)).toBe('invalid');
    expect(checkFormToken(SECRET, 'garbage', issuedAt)).toBe('invalid');
    expect(checkFormToken(SECRET, undefined, issuedAt)).toBe('invalid');
  });

  it('treats a token from the future as forged', () => {
    expect(checkFormToken(SECRET, issueFormToken(SECRET, issuedAt + 60_000), issuedAt)).toBe('invalid');
  });
});
