import { describe, expect, it } from 'vitest';
import { applyOrganizationPolicy, policyFromDefaults, policyFromTemplate } from './organization-policy';
import { DEFAULT_DESIGN, type Design } from './signature-schema';

const defaults = {
  template: 'modern' as const,
  primaryColor: '#9c27b0' as const,
  secondaryColor: '#333333' as const,
  requiredPhone: true,
  requiredTitle: false,
  requiredAddress: true,
};
const LOGO = 'https://app.example.com/uploads/logo.png';

describe('the Teams defaults as the organization policy', () => {
  const policy = policyFromDefaults(defaults, LOGO);

  it('fills what a person left out and keeps what they gave', () => {
    expect(applyOrganizationPolicy({ name: 'Ada' }, policy)).toEqual({
      name: 'Ada',
      photoUrl: LOGO,
      design: { ...DEFAULT_DESIGN, template: 'modern', primaryColor: '#9c27b0', secondaryColor: '#333333' },
    });
    const given = applyOrganizationPolicy({ photoUrl: '', design: { primaryColor: '#111111' } }, policy);
    expect(given.photoUrl).toBe('');
    expect(given.design.primaryColor).toBe('#111111');
    expect(given.design.template).toBe('modern');
  });

  it('carries the requirements', () => {
    expect(policy.requirements).toEqual({ requiredTitle: false, requiredPhone: true, requiredAddress: true });
  });
});

const template = {
  design: { ...DEFAULT_DESIGN, template: 'minimal', primaryColor: '#0f766e' } as Design,
  company: 'Acme',
  website: 'https://acme.example',
  address: '1 Main St',
  photoUrl: LOGO,
  socialLinks: {},
};

describe('the Workspace template as the organization policy', () => {
  const policy = policyFromTemplate(template, ['mobile', 'website']);

  it('locks every field it does not leave editable, and the design', () => {
    const applied = applyOrganizationPolicy(
      { name: 'Mine', company: 'Mine Inc', website: 'https://mine.example', design: { primaryColor: '#000000' } },
      policy,
      { name: 'Ada Lovelace' },
    );
    expect(applied.name).toBe('Ada Lovelace');
    expect(applied.company).toBe('Acme');
    expect(applied.website).toBe('https://mine.example');
    expect(applied.design).toEqual(template.design);
  });
});
