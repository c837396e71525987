import { describe, expect, it } from 'vitest';
import { NO_LOCKS, hasLocks, lockedValues, locksOf, touchesLockable } from './organization-locks';
import { policyFromDefaults, policyFromTemplate } from './organization-policy';
import { DEFAULT_DESIGN, SOCIAL_PLATFORMS, type Design } from './signature-schema';

const design: Design = { ...DEFAULT_DESIGN, template: 'modern', primaryColor: '#0b5cab' };
const template = {
  design,
  company: 'Acme Corp',
  website: 'https://acme.example',
  socialLinks: { linkedin: 'https://linkedin.com/company/acme' },
};

describe('the locks a policy puts on one person', () => {
  it('are the fields the template does not leave editable, with the values the one policy function gives', () => {
    const locks = locksOf(policyFromTemplate(template, ['title', 'mobile', 'photoUrl', 'address']), {
      name: 'Ada from the directory',
      phone: '+1 555 0100',
    });
    expect(locks.locked).toEqual(['name', 'phone', 'company', 'website', 'socialLinks']);
    expect(locks.values).toEqual({
      name: 'Ada from the directory',
      phone: '+1 555 0100',
      company: 'Acme Corp',
      website: 'https://acme.example',
      socialLinks: { linkedin: 'https://linkedin.com/company/acme' },
    });
    expect(locks.designLocked).toBe(true);
    expect(locks.design).toEqual(design);
    expect(hasLocks(locks)).toBe(true);
  });

  it('the Teams defaults lock nothing', () => {
    const locks = locksOf(policyFromDefaults(null, null));
    expect(locks.locked).toEqual([]);
    expect(hasLocks(locks)).toBe(false);
    expect(lockedValues(locks, { full: false })).toEqual({});
    expect(hasLocks(NO_LOCKS)).toBe(false);
  });

  it('a save writes each locked value over what was sent; a patch removes the profiles the organization does not give', () => {
    const locks = locksOf(policyFromTemplate(template, ['name', 'title', 'phone', 'mobile', 'address', 'photoUrl']));
    const patch = lockedValues(locks, { full: false });
    expect(patch.company).toBe('Acme Corp');
    expect(patch.design).toEqual(design);
    expect(patch.name).toBeUndefined();
    expect(Object.keys(patch.socialLinks ?? {})).toEqual([...SOCIAL_PLATFORMS]);
    expect(patch.socialLinks?.linkedin).toBe('https://linkedin.com/company/acme');
    expect(patch.socialLinks?.github).toBeNull();
    expect(lockedValues(locks, { full: true }).socialLinks).toEqual({ linkedin: 'https://linkedin.com/company/acme' });
  });

  it('only a save touching a person field or the design can meet a lock', () => {
    expect(touchesLockable({ title: 'CTO' })).toBe(true);
    expect(touchesLockable({ design: { layout: 'vertical' } })).toBe(true);
    expect(touchesLockable({ customFields: [] })).toBe(false);
    expect(touchesLockable({ imageLinkUrl: 'website', email: 'a@b.example' })).toBe(false);
  });
});
