import { describe, expect, it } from 'vitest';
import {
  NO_REQUIREMENTS,
  checkExport,
  checkRequiredFields,
  imageWarning,
  type FieldRequirements,
} from './export-checks';

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

describe('checkRequiredFields', () => {
  const filled = { name: 'Ada', email: 'ada@example.com', title: 'CTO', phone: '+1 555 0100', address: '1 Main St' };
  const empty = { ...filled, title: '', phone: ' ', address: '\n' };
  const all: FieldRequirements = { requiredTitle: true, requiredPhone: true, requiredAddress: true };
  const refused = (description: string) => ({ ok: false, title: 'Missing required information', description });

  it('asks nothing more than name and email when the organization requires nothing', () => {
    expect(checkRequiredFields(empty, NO_REQUIREMENTS)).toEqual({ ok: true });
  });

  it('passes when every required field is filled', () => {
    expect(checkRequiredFields(filled, all)).toEqual({ ok: true });
  });

  it('keeps the spec’s words when the name or email is missing, whatever else is', () => {
    expect(checkRequiredFields({ ...empty, name: '' }, all)).toEqual(
      refused('Please enter your name and email address before exporting.'),
    );
  });

  it.each([
    [
      { requiredTitle: true, requiredPhone: false, requiredAddress: false },
      'Please fill in Job Title before exporting.',
    ],
    [
      { requiredTitle: true, requiredPhone: true, requiredAddress: false },
      'Please fill in Job Title and Phone before exporting.',
    ],
    [
      { requiredTitle: false, requiredPhone: true, requiredAddress: true },
      'Please fill in Phone and Address before exporting.',
    ],
    [all, 'Please fill in Job Title, Phone and Address before exporting.'],
  ])('names every empty required field (%j)', (requirements, description) => {
    expect(checkRequiredFields(empty, requirements)).toEqual(refused(description));
  });

  it('names only the required fields that are empty', () => {
    expect(checkRequiredFields({ ...filled, phone: '' }, all)).toEqual(
      refused('Please fill in Phone before exporting.'),
    );
  });
});

describe('imageWarning', () => {
  it('explains why an embedded photo is skipped', () => {
    expect(imageWarning({ photoUrl: 'data:image/png;base64,iVBORw0KGgo=' })).toEqual({
      title: 'Invalid image format',
      description:
        'Logos in Gmail signatures must be served via HTTPS URL (no base64). Please upload or provide a URL.',
      note: "Image skipped: Profile photo will be excluded (Gmail doesn't support embedded images). Please use an HTTPS image URL instead.",
    });
  });

  it('says nothing for hosted or missing images', () => {
    expect(imageWarning({ photoUrl: 'https://cdn.example/a.png' })).toBeNull();
    expect(imageWarning({ photoUrl: '' })).toBeNull();
  });
});
