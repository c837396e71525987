import { describe, expect, it } from 'vitest';
import { checkPublicOrigin, isNonPublicHost } from './public-origin';

describe('checkPublicOrigin', () => {
  it('accepts https on a public host', () => {
    expect(checkPublicOrigin('https://signatures.acme.com')).toEqual({ ok: true });
    expect(checkPublicOrigin('https://203.0.113.9:8443')).toEqual({ ok: true });
  });

  it('refuses the default http://localhost:5000 and says how to fix it', () => {
    const check = checkPublicOrigin('http://localhost:5000');
    expect(check).toMatchObject({ ok: false, problem: 'not-public', title: 'Recipients cannot load your images' });
    if (check.ok) return;
    expect(check.message).toContain('http://localhost:5000');
    expect(check.message).toContain('set PUBLIC_URL to the https address people reach this app at');
  });

  it('refuses plain http on a public host', () => {
    const check = checkPublicOrigin('http://signatures.acme.com');
    expect(check).toMatchObject({ ok: false, problem: 'not-https' });
    if (!check.ok) expect(check.message).toContain('over plain http');
  });

  it('refuses https on private, loopback and local names', () => {
    for (const url of [
      'https://127.0.0.1',
      'https://10.1.2.3',
      'https://172.20.0.5',
      'https://192.168.1.10',
      'https://169.254.10.1',
      'https://[::1]',
      'https://[fd00::1]',
      'https://[::ffff:127.0.0.1]',
      'https://intranet',
      'https://app.localhost',
      'https://printer.local',
      'https://app.signaturepro.example',
    ]) {
      expect(checkPublicOrigin(url), url).toMatchObject({ ok: false, problem: 'not-public' });
    }
  });
});

describe('isNonPublicHost', () => {
  it('lets public names and addresses through', () => {
    expect(isNonPublicHost('mail.google.com')).toBe(false);
    expect(isNonPublicHost('8.8.8.8')).toBe(false);
    expect(isNonPublicHost('172.32.0.1')).toBe(false);
    expect(isNonPublicHost('[2001:db8::1]')).toBe(false);
  });
});
