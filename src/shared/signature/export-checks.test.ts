import { describe, expect, it } from 'vitest';
import { GMAIL_SIGNATURE_MAX_CHARS, checkExport, imageWarning } from './export-checks';

describe('checkExport', () => {
  it('passes with a name and an email', () => {
    expect(checkExport({ name: 'Ada', email: 'ada@example.com' })).toEqual({ ok: true });
  });

  it.each([
    { name: '', email: 'ada@example.com' },
    { name: 'Ada', email: '  ' },
  ])('asks for the missing field in %j', (fields) => {
    expect(checkExport(fields)).toEqual({
      ok: false,
      title: 'Missing required information',
      description: 'Please enter your name and email address before exporting.',
    });
  });
});

describe('imageWarning', () => {
  it('explains why an embedded photo is skipped', () => {
    expect(imageWarning({ photoUrl: 'data:image/png;base64,iVBORw0KGgo=' })).toEqual({
      title: 'Invalid image format',
      description: 'Logos in Gmail signatures must be served via HTTPS URL (no base64). Please upload or provide a URL.',
      note: "Image skipped: Profile photo will be excluded (Gmail doesn't support embedded images). Please use an HTTPS image URL instead.",
    });
  });

  it('says nothing for hosted or missing images', () => {
    expect(imageWarning({ photoUrl: 'https://cdn.example/a.png' })).toBeNull();
    expect(imageWarning({ photoUrl: '' })).toBeNull();
  });
});

describe('GMAIL_SIGNATURE_MAX_CHARS', () => {
  it('is Gmail’s limit', () => {
    expect(GMAIL_SIGNATURE_MAX_CHARS).toBe(10_000);
  });
});
