import { describe, expect, it } from 'vitest';
import { applyOrganizationPolicy, policyFromDefaults } from '../../../shared/signature/organization-policy';
import { DEFAULT_DESIGN } from '../../../shared/signature/signature-schema';
import { startFromAccount } from './load-signature';

const defaults = {
  template: 'creative' as const,
  primaryColor: '#d73b2a' as const,
  secondaryColor: '#333333' as const,
  requiredPhone: true,
  requiredTitle: false,
  requiredAddress: false,
  logoUrl: 'https://app.example.com/objects/logo.png',
  canManage: false,
};
const person = { name: 'Ada', email: 'ada@example.com' } as Parameters<typeof startFromAccount>[0];

describe("the editor's new draft under the organization policy", () => {
  it('has the design and logo the server gives a new signature (the one shared function)', () => {
    const draft = startFromAccount(person, defaults);
    expect(draft.design).toEqual({
      ...DEFAULT_DESIGN,
      template: 'creative',
      primaryColor: '#d73b2a',
      secondaryColor: '#333333',
    });
    expect(draft.photoUrl).toBe(defaults.logoUrl);
    const server = applyOrganizationPolicy(
      { name: 'Ada', email: 'ada@example.com' },
      policyFromDefaults(defaults, defaults.logoUrl),
    );
    expect(draft).toMatchObject(server);
  });

  it('is the product default without an organization', () => {
    const draft = startFromAccount(person, null);
    expect(draft.design).toEqual(DEFAULT_DESIGN);
    expect(draft.photoUrl).toBe('');
    expect(draft.name).toBe('Ada');
  });
});

describe("the editor's new draft from the signature the person's rule gives", () => {
  const rule = {
    signature: {
      id: 'sig-sales',
      name: 'Sales',
      template: {
        design: { ...DEFAULT_DESIGN, template: 'minimal' as const, primaryColor: '#0f766e' },
        company: 'Acme Sales',
        website: 'https://sales.acme.example',
        address: '1 Market St',
        photoUrl: 'https://app.example.com/objects/sales.png',
        socialLinks: {},
      },
      editableFields: ['mobile' as const],
      requirements: { requiredTitle: true, requiredPhone: false, requiredAddress: false },
    },
    ruleName: 'Sales team',
    reason: 'Department: Sales',
  };

  it("starts from the rule's signature instead of the defaults: its design and shared values, the person's name", () => {
    const draft = startFromAccount(person, defaults, rule);
    expect(draft.design).toEqual({ ...DEFAULT_DESIGN, template: 'minimal', primaryColor: '#0f766e' });
    expect(draft).toMatchObject({
      name: 'Ada',
      email: 'ada@example.com',
      company: 'Acme Sales',
      website: 'https://sales.acme.example',
      photoUrl: 'https://app.example.com/objects/sales.png',
    });
  });

  it('keeps the defaults when no rule gives a signature', () => {
    expect(startFromAccount(person, defaults, { signature: null })).toEqual(startFromAccount(person, defaults));
  });
});
