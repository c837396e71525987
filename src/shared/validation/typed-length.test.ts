import { describe, expect, it } from 'vitest';
import { LIMITS, signatureFieldsSchema, signaturePatchSchema } from '../signature/signature-schema';
import { limitedText } from './text-field';
import { STORED_UNITS_PER_CHARACTER, lengthProblem, typedLength } from './typed-length';

describe('typedLength counts what the person typed', () => {
  it('one per character they see, whatever its UTF-16 or escaped size', () => {
    expect(typedLength('Ada & <Co>')).toBe(10);
    expect(typedLength('é')).toBe(1); // composed
    expect(typedLength('e\u0301')).toBe(1); // e + combining acute
    expect(typedLength('👍')).toBe(1);
    expect(typedLength('👩‍💻')).toBe(1); // woman, zero-width joiner, laptop: five UTF-16 units
    expect(typedLength('👨‍👩‍👧‍👦 family')).toBe(8);
    expect(typedLength('میخواهم')).toBe(7);
    expect(typedLength('')).toBe(0);
  });
});

describe('field limits on the typed length', () => {
  const name = limitedText(10, 'Full Name');

  it('takes exactly the limit of characters that escape long in HTML (& < > " \')', () => {
    expect(name.safeParse('&&&&&&&&&&').success).toBe(true); // 10 typed, 50 once escaped
    expect(name.safeParse(`<>"'&<>"'&`).success).toBe(true);
    expect(name.safeParse('&&&&&&&&&&&').error?.issues[0]?.message).toBe('Full Name must be 10 characters or fewer');
  });

  it('counts an emoji sequence as one character', () => {
    expect(name.safeParse('👩‍💻'.repeat(10)).success).toBe(true); // 50 UTF-16 units
    expect(name.safeParse('👩‍💻'.repeat(11)).success).toBe(false);
  });

  it('still bounds what is stored: text stacked with marks is refused with words, not kept', () => {
    const stacked = `a${'\u0301'.repeat(10 * STORED_UNITS_PER_CHARACTER)}`; // one character as seen
    expect(typedLength(stacked)).toBe(1);
    expect(lengthProblem(stacked, 10, 'Full Name')).toBe(
      'Full Name holds too many accents or joined symbols to store. Please simplify it.',
    );
    expect(lengthProblem('x'.repeat(10 * STORED_UNITS_PER_CHARACTER + 1), 10, 'Full Name')).toBe(
      'Full Name must be 10 characters or fewer',
    );
  });

  it('is the rule of the signature schema, whole and as a patch: a 30-character phone holding < > is a length the person can see', () => {
    const company = `${'&'.repeat(LIMITS.company)}`;
    expect(signaturePatchSchema.safeParse({ company }).success).toBe(true);
    expect(signaturePatchSchema.safeParse({ company: `${company}&` }).error?.issues[0]?.message).toBe(
      'Company must be 100 characters or fewer',
    );
    const website = `https://example.com/?${'a=1&'.repeat(60)}`; // 261 typed, 501 once escaped
    expect(signatureFieldsSchema.shape.website.safeParse(website).success).toBe(true);
  });
});
