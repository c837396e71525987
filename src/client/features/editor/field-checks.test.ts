import { describe, expect, it } from 'vitest';
import { NO_REQUIREMENTS } from '../../../shared/signature/export-checks';
import { createEmptySignature } from '../../../shared/signature/signature-schema';
import { firstMissingField, openProblems } from './field-checks';

describe('firstMissingField', () => {
  it('names the first required field left empty, in the Details order', () => {
    const fields = createEmptySignature({ name: '', email: '' });
    expect(firstMissingField(fields, NO_REQUIREMENTS)).toBe('name');
    expect(firstMissingField({ ...fields, name: 'Ada' }, NO_REQUIREMENTS)).toBe('email');
    const requirements = { ...NO_REQUIREMENTS, requiredTitle: true };
    expect(firstMissingField({ ...fields, name: 'Ada' }, requirements)).toBe('title');
    expect(firstMissingField({ ...fields, name: 'Ada', email: 'a@b.co' }, NO_REQUIREMENTS)).toBeNull();
  });

  it('is the first of the open problems that is an empty field, not a wrong one', () => {
    const fields = { ...createEmptySignature({ name: 'Ada', email: 'name@' }), website: 'not a website' };
    expect(openProblems(fields, NO_REQUIREMENTS).map((p) => p.key)).toEqual(['email', 'website']);
    expect(firstMissingField(fields, NO_REQUIREMENTS)).toBeNull();
  });
});
