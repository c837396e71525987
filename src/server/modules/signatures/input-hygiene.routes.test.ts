import { beforeAll, expect, it } from 'vitest';
import { apiCaller, describeEachDatabase, signUpUser } from '../../../test-support/test-app';
import { useTestApp } from '../../../test-support/app-fixtures';
import { phoneProblem } from '../../../shared/signature/phone-characters';
import { createEmptySignature } from '../../../shared/signature/signature-schema';

/**
 * Through the real API: a NUL or a lone surrogate in any text answers 400 with
 * words on every endpoint that takes text (never a 5xx), invisible controls are stripped before
 * anything is stored, profile links must be on their platform, and "circle" is a round photo.
 */
describeEachDatabase('input hygiene on every text endpoint', (kind) => {
  const t = useTestApp(kind);
  let owner: Awaited<ReturnType<typeof signUpUser>>;
  let signatureId: string;

  beforeAll(async () => {
    owner = await signUpUser(t.app);
    const created = await call('POST', '/api/signatures', owner.cookie, createEmptySignature({ name: 'Ada Lovelace' }));
    expect(created.statusCode).toBe(201);
    signatureId = created.json().id;
  });

  const call = apiCaller(() => t.app);
  const NUL = 'Ada\u0000Lovelace';
  const LONE = 'Ada \ud83d Lovelace';

  // Every endpoint that takes a person's text, with the body it takes and where the text goes.
  const endpoints = (bad: string) =>
    [
      ['POST', '/api/signatures', true, createEmptySignature({ name: bad })],
      ['PUT', () => `/api/signatures/${signatureId}`, true, { name: bad }],
      ['PUT', () => `/api/signatures/${signatureId}`, true, { customFields: [{ label: 'Pronouns', value: bad }] }],
      ['PUT', () => `/api/signatures/${signatureId}`, true, { socialLinks: { github: `https://github.com/${bad}` } }],
      ['PUT', '/api/account/profile', true, { name: bad, timezone: 'Europe/London' }],
      ['PUT', '/api/organization', true, { name: bad, domain: 'example.com' }],
      ['POST', '/api/organization/invitations', true, { email: `a${bad}@example.com`, role: 'member' }],
      [
        'POST',
        '/api/contact',
        false,
        { name: bad, email: 'ada@example.com', subject: 'Hello', message: 'A long enough message.' },
      ],
      [
        'POST',
        '/api/auth/signup',
        false,
        { email: 'nul@example.com', password: 'Sup3r-secret-pass', name: bad, termsAccepted: true },
      ],
      ['POST', '/api/auth/login', false, { email: 'nul@example.com', password: `Sup3r${bad}` }],
      ['POST', '/api/newsletter', false, { email: `a${bad}@example.com` }],
    ] as const;

  for (const [kindOfBad, bad, words] of [
    ['NUL', NUL, /null character \(U\+0000\), which cannot be stored/],
    ['lone surrogate', LONE, /broken character \(half of an emoji or symbol\), which cannot be stored/],
  ] as const) {
    it(`answers 400 with words to a ${kindOfBad} on every text endpoint`, async () => {
      for (const [method, url, signedIn, body] of endpoints(bad)) {
        const path = typeof url === 'function' ? url() : url;
        const res = await call(method, path, signedIn ? owner.cookie : undefined, body);
        expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(400);
        expect(res.json().error, `${method} ${path}`).toMatch(words);
        expect(res.json().code).toBe('VALIDATION');
      }
    });
  }

  it('answers 400, not 500, to a NUL in a path or a query string', async () => {
    const res = await call('PUT', '/api/signatures/%00', owner.cookie, { name: 'Ada' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/null character/);
    const query = await call('GET', '/api/signatures?x=%00', owner.cookie);
    expect(query.statusCode).toBe(400);
  });

  it('stores text without bidi controls, zero-width characters or line separators', async () => {
    const res = await call('PUT', `/api/signatures/${signatureId}`, owner.cookie, {
      name: 'Ada\u202E Love\u200Blace\u2028',
      title: '\u2066Countess\u2069\uFEFF',
      customFields: [{ label: 'Pro\u2060nouns', value: 'she/\u200Fher' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Ada Lovelace',
      title: 'Countess',
      customFields: [{ label: 'Pronouns', value: 'she/her' }],
    });
    const profile = await call('PUT', '/api/account/profile', owner.cookie, {
      name: 'Ada\u202E Lovelace',
      timezone: 'Europe/London',
    });
    expect(profile.statusCode).toBe(200);
    const me = await call('GET', '/api/auth/me', owner.cookie);
    expect(me.json().user.name).toBe('Ada Lovelace');
  });

  it('refuses a mailto: with headers and a tel: with more than digits, naming the field; keeps joiners', async () => {
    const mail = await call('PUT', `/api/signatures/${signatureId}`, owner.cookie, {
      website: 'mailto:ada@example.com?bcc=eve@example.com',
    });
    expect(mail.statusCode).toBe(400);
    expect(mail.json().errors.website).toMatch(/^Website URL: A mailto: link takes one plain email address/);
    const tel = await call('PUT', `/api/signatures/${signatureId}`, owner.cookie, {
      customImageUrl: 'tel:+1555;ext=2',
    });
    expect(tel.statusCode).toBe(400);
    expect(tel.json().errors.customImageUrl).toMatch(/digits only/);
    const coder = await call('PUT', `/api/signatures/${signatureId}`, owner.cookie, {
      title: '\u{1F469}\u200D\u{1F4BB}',
    });
    expect(coder.statusCode).toBe(200);
    expect(coder.json().title).toBe('\u{1F469}\u200D\u{1F4BB}');
  });

  it('refuses a LinkedIn link on another host, in words naming LinkedIn', async () => {
    const res = await call('PUT', `/api/signatures/${signatureId}`, owner.cookie, {
      socialLinks: { linkedin: 'https://linkedin.evil.example/in/ada' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(
      'Your LinkedIn link must be an address on linkedin.com or lnkd.in, like https://linkedin.com/in/yourname',
    );
    expect(res.json().errors).toHaveProperty(['socialLinks.linkedin']);
    const ok = await call('PUT', `/api/signatures/${signatureId}`, owner.cookie, {
      socialLinks: { linkedin: 'https://uk.linkedin.com/in/ada' },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('accepts design.photoShape "circle" as round', async () => {
    const res = await call('PUT', `/api/signatures/${signatureId}`, owner.cookie, { design: { photoShape: 'circle' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().design.photoShape).toBe('round');
    const created = await call('POST', '/api/signatures', owner.cookie, {
      ...createEmptySignature(),
      design: { ...createEmptySignature().design, photoShape: 'circle' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().design.photoShape).toBe('round');
  });

  it('holds field limits on what was typed, and a phone to the characters phone numbers have, in the same words as the editor', async () => {
    // 100 typed characters, 500 once escaped: once refused by every autosave for its escaped length.
    const phone = '+1 (415) 555-0134 / 0135 / 0136 ext 2210';
    expect(phone.length).toBe(40);
    const ok = await call('PUT', `/api/signatures/${signatureId}`, owner.cookie, { phone, company: '&'.repeat(100) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().phone).toBe(phone);
    expect(ok.json().company).toBe('&'.repeat(100));
    const tooLong = await call('PUT', `/api/signatures/${signatureId}`, owner.cookie, { company: '&'.repeat(101) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual({ company: 'Company must be 100 characters or fewer' });
    const letters = await call('PUT', `/api/signatures/${signatureId}`, owner.cookie, { phone: '+1 415 <555> 0134' });
    expect(letters.statusCode).toBe(400);
    expect(letters.json().errors).toEqual({ phone: phoneProblem('+1 415 <555> 0134', 'Phone') });
    expect(letters.json().error).toBe(
      'Phone takes digits, spaces, + ( ) - . / and ext (for an extension), not "<" or ">".',
    );
  });
});
