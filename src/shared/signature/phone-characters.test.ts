import { describe, expect, it } from 'vitest';
import { phoneProblem, phoneStrangers } from './phone-characters';
import { LIMITS, signatureFieldsSchema, signaturePatchSchema } from './signature-schema';

describe('a phone number takes the characters phone numbers have', () => {
  it.each([
    '+1 (415) 555-0134',
    '+44 20 7946 0958',
    '030/1234-5678',
    '01.23.45.67.89',
    '+1 415 555 0134 ext 22',
    '+1 415 555 0134 Ext. 22',
    '+49\u00a030\u00a0123456', // no-break spaces from a copied number
    '',
  ])('takes %j', (value) => {
    expect(phoneProblem(value, 'Phone')).toBeNull();
  });

  it('names what it cannot take, each once, in the order typed', () => {
    expect(phoneStrangers('+1 415 <555> 0134')).toEqual(['<', '>']);
    expect(phoneStrangers('call me')).toEqual(['c', 'a', 'l', 'm', 'e']);
    expect(phoneStrangers('555 x 22')).toEqual(['x']);
    expect(phoneProblem('+1 415 <555> 0134', 'Phone')).toBe(
      'Phone takes digits, spaces, + ( ) - . / and ext (for an extension), not "<" or ">".',
    );
    expect(phoneProblem('555-CALL-ME', 'Mobile')).toBe(
      'Mobile takes digits, spaces, + ( ) - . / and ext (for an extension), not "C", "A", "L", "M" or "E".',
    );
    expect(phoneProblem('tel;#*!?&', 'Phone')).toMatch(/not "t", "e", "l", ";", "#" and others\.$/);
  });

  it('is the schema rule for Phone and Mobile, whole and as a patch, so the editor and the server say the same', () => {
    const base = signatureFieldsSchema.shape;
    expect(base.phone.safeParse('+1 555 0100 ext 7').success).toBe(true);
    expect(base.phone.safeParse('+1 555 0100a').error?.issues[0]?.message).toBe(
      'Phone takes digits, spaces, + ( ) - . / and ext (for an extension), not "a".',
    );
    const patch = signaturePatchSchema.safeParse({ mobile: '<07700> 900123' });
    expect(patch.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['mobile', 'Mobile takes digits, spaces, + ( ) - . / and ext (for an extension), not "<" or ">".'],
    ]);
    // Other fields keep every character.
    expect(base.company.safeParse('Acme <Labs> & Co').success).toBe(true);
  });

  it('holds the limit on what was typed: 40 digits fit, 41 do not', () => {
    expect(signaturePatchSchema.safeParse({ phone: '5'.repeat(LIMITS.phone) }).success).toBe(true);
    expect(signaturePatchSchema.safeParse({ phone: '5'.repeat(LIMITS.phone + 1) }).error?.issues[0]?.message).toBe(
      'Phone must be 40 characters or fewer',
    );
  });
});
