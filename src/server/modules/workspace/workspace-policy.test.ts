import { describe, expect, it } from 'vitest';
import { applyOrganizationPolicy, policyFromTemplate } from '../../../shared/signature/organization-policy';
import { renderSignature } from '../../../shared/signature/render-signature';
import { createEmptySignature, DEFAULT_DESIGN } from '../../../shared/signature/signature-schema';
import { applySignatureDefaults } from '../teams/signature-defaults';
import {
  ownSignatureFields,
  personValues,
  renderPersonSignature,
  sendAsTargets,
  type EffectiveTemplate,
} from './workspace-signature';
import type { PersonRow } from './workspace.repository';

const LOGO = 'https://app.example.com/objects/logo.png';
const template: EffectiveTemplate = {
  template: {
    design: { ...DEFAULT_DESIGN, template: 'minimal', primaryColor: '#0f766e' },
    company: 'Acme',
    website: 'https://acme.example',
    address: '1 Main St',
    photoUrl: LOGO,
    socialLinks: {},
  },
  editableFields: ['mobile', 'website'],
};
const person = {
  email: 'ada@acme.example',
  fullName: 'Ada Lovelace',
  title: 'Engineer',
  phones: [{ type: 'work', value: '+1 555 0100' }],
  overrides: { name: 'Someone Else', mobile: '+1 555 0199' },
} as unknown as PersonRow;

describe('the organization policy on the server (docs/decisions/0161-one-organization-policy.md)', () => {
  const policy = policyFromTemplate(template.template, template.editableFields);

  it('gives /api/workspace/me, the push and its dry run (one render) the same signature', () => {
    const values = personValues(person, template);
    // A locked name ignores the person's edit; an editable mobile keeps it.
    expect(values.name).toBe('Ada Lovelace');
    expect(values.mobile).toBe('+1 555 0199');
    expect(values.company).toBe('Acme');

    const own = createEmptySignature({ name: 'Own', company: 'Own Co', website: 'https://own.example' });
    const fields = ownSignatureFields(person, template, own, person.email);
    const expected = applyOrganizationPolicy({ ...own, mobile: '+1 555 0199' }, policy, {
      name: 'Ada Lovelace',
      title: 'Engineer',
      phone: '+1 555 0100',
      mobile: '',
    });
    expect(fields).toEqual({ ...expected, email: person.email });

    const publicUrl = 'https://app.example.com';
    const [primary] = sendAsTargets(
      person,
      template,
      [{ ...own, label: 'Work', sendAsEmail: null, isDefault: true }],
      publicUrl,
    );
    expect(primary?.html).toBe(renderSignature(fields, { publicUrl, showWatermark: false }).html);
    const orgVersion = renderPersonSignature(person, template, publicUrl);
    expect(orgVersion.html).toContain('Ada Lovelace');
    expect(orgVersion.html).not.toContain('Someone Else');
  });
});

describe('the Teams defaults on a new signature', () => {
  it('fill the design and the logo the body left out; what the person sent wins', () => {
    const defaults = {
      template: 'modern' as const,
      primaryColor: '#9c27b0' as const,
      secondaryColor: '#333333' as const,
      requiredPhone: false,
      requiredTitle: false,
      requiredAddress: false,
      logoUrl: LOGO,
    };
    const filled = applySignatureDefaults({ name: 'Ada' }, defaults);
    expect(filled).toEqual({
      name: 'Ada',
      photoUrl: LOGO,
      design: { ...DEFAULT_DESIGN, template: 'modern', primaryColor: '#9c27b0', secondaryColor: '#333333' },
    });
    const chosen = applySignatureDefaults({ photoUrl: '', design: { template: 'minimal' } }, defaults);
    expect(chosen.photoUrl).toBe('');
    expect((chosen.design as { template: string }).template).toBe('minimal');
  });
});
