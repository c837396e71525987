import { createHash } from 'node:crypto';
import {
  DEFAULT_EDITABLE_FIELDS,
  DEFAULT_ORG_TEMPLATE,
  FIELD_SOURCE,
  PERSON_FIELDS,
  orgTemplateSchema,
  type OrgTemplate,
  type PersonField,
} from '../../../shared/api/workspace';
import {
  applyOrganizationPolicy,
  policyFromTemplate,
  type OrganizationPolicy,
} from '../../../shared/signature/organization-policy';
import { renderSignature, type RenderOptions } from '../../../shared/signature/render-signature';
import { createEmptySignature, type SignatureFields } from '../../../shared/signature/signature-schema';
import type { PersonRow, TemplateRow } from './workspace.repository';

/**
 * A person's Workspace signature, pure: the organization's template (design and shared values), the
 * person's directory data, and their own values for the fields the template leaves editable.
 */

export type EffectiveTemplate = { template: OrgTemplate; editableFields: PersonField[] };

export function effectiveTemplate(row: TemplateRow | undefined, fallback?: Partial<OrgTemplate>): EffectiveTemplate {
  if (!row) return { template: { ...DEFAULT_ORG_TEMPLATE, ...fallback }, editableFields: [...DEFAULT_EDITABLE_FIELDS] };
  const parsed = orgTemplateSchema.safeParse(row.template);
  const editable = Array.isArray(row.editableFields) ? (row.editableFields as string[]) : [];
  return {
    template: parsed.success ? parsed.data : DEFAULT_ORG_TEMPLATE,
    editableFields: PERSON_FIELDS.filter((field) => editable.includes(field)),
  };
}

type Phone = { type: string; value: string };

export function directoryPhones(phones: unknown): { phone: string; mobile: string } {
  const list = Array.isArray(phones) ? (phones as Phone[]).filter((p) => p && typeof p.value === 'string') : [];
  const mobile = list.find((p) => p.type === 'mobile')?.value ?? '';
  const phone = list.find((p) => p.type === 'work')?.value ?? list.find((p) => p.type !== 'mobile')?.value ?? '';
  return { phone, mobile };
}

/** The person's directory values: a locked name, title or phone comes from here (docs/decisions/0161-one-organization-policy.md). */
export function directoryValues(person: PersonRow): Partial<Record<PersonField, unknown>> {
  const { phone, mobile } = directoryPhones(person.phones);
  return { name: person.fullName, title: person.title ?? '', phone, mobile };
}

/** The Workspace template as the organization's one policy. */
export const templatePolicy = (tpl: EffectiveTemplate): OrganizationPolicy =>
  policyFromTemplate(tpl.template, tpl.editableFields);

/** The person's own Workspace edits (PUT /api/workspace/me), only as far as they are values. */
function overridesOf(person: PersonRow): Partial<Record<PersonField, unknown>> {
  const overrides = (person.overrides ?? {}) as Partial<Record<PersonField, unknown>>;
  return Object.fromEntries(PERSON_FIELDS.map((field) => [field, overrides[field]]).filter(([, v]) => v !== undefined));
}

export function personValues(person: PersonRow, tpl: EffectiveTemplate): Record<PersonField, unknown> {
  const applied = applyOrganizationPolicy(overridesOf(person), templatePolicy(tpl), directoryValues(person));
  return Object.fromEntries(PERSON_FIELDS.map((field) => [field, applied[field]])) as Record<PersonField, unknown>;
}

export function lockReasons(tpl: EffectiveTemplate): Partial<Record<PersonField, string>> {
  const locked: Partial<Record<PersonField, string>> = {};
  for (const field of PERSON_FIELDS) {
    if (tpl.editableFields.includes(field)) continue;
    locked[field] =
      FIELD_SOURCE[field] === 'directory'
        ? "Locked: it comes from your organization's Google Workspace directory. Ask your Workspace admin to change it there."
        : "Locked: your organization's template sets it for everyone. Ask an owner or admin to change the template.";
  }
  return locked;
}

export function personSignatureFields(person: PersonRow, tpl: EffectiveTemplate): SignatureFields {
  const v = personValues(person, tpl);
  return createEmptySignature({
    name: String(v.name ?? ''),
    title: String(v.title ?? ''),
    phone: String(v.phone ?? ''),
    mobile: String(v.mobile ?? ''),
    email: person.email,
    company: String(v.company ?? ''),
    website: String(v.website ?? ''),
    address: String(v.address ?? ''),
    photoUrl: String(v.photoUrl ?? ''),
    socialLinks: (v.socialLinks ?? {}) as SignatureFields['socialLinks'],
    design: tpl.template.design,
  });
}

/** What Gmail receives: the one renderer, PUBLIC_URL, no watermark (Workspace is a Pro feature). */
export function renderPersonSignature(
  person: PersonRow,
  tpl: EffectiveTemplate,
  publicUrl: string,
  banner: Banner = null,
): Rendered {
  const { html, storedLength } = renderSignature(personSignatureFields(person, tpl), {
    publicUrl,
    showWatermark: false,
    banner,
  });
  return { html, storedLength };
}

/** A running campaign's banner under every address's signature (decision 0222), or null. */
type Banner = RenderOptions['banner'];

/** The HTML pushed and its length as Gmail stores it (the render's manifest), which the limit holds on. */
type Rendered = { html: string; storedLength: number };

export const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/** A person's own editor signature (a row of `signature`), as far as the Workspace push needs it. */
export type OwnSignature = SignatureFields & { label: string; sendAsEmail: string | null; isDefault: boolean };

/**
 * One of the person's own signatures with the organization's locks applied as for the primary: the
 * template's design; each locked field from the directory or the template; each editable field from
 * the person's Workspace edits (PUT /api/workspace/me) when they made one, else from the signature;
 * the address is the send-as address it is written to.
 */
export function ownSignatureFields(
  person: PersonRow,
  tpl: EffectiveTemplate,
  own: SignatureFields,
  sendAsEmail: string,
): SignatureFields {
  const fromSignature = Object.fromEntries(PERSON_FIELDS.map((field) => [field, own[field]]));
  const applied = applyOrganizationPolicy(
    { ...fromSignature, ...overridesOf(person) },
    templatePolicy(tpl),
    directoryValues(person),
  );
  return {
    ...own,
    name: String(applied.name ?? ''),
    title: String(applied.title ?? ''),
    phone: String(applied.phone ?? ''),
    mobile: String(applied.mobile ?? ''),
    email: sendAsEmail,
    company: String(applied.company ?? ''),
    website: String(applied.website ?? ''),
    address: String(applied.address ?? ''),
    photoUrl: String(applied.photoUrl ?? ''),
    socialLinks: (applied.socialLinks ?? {}) as SignatureFields['socialLinks'],
    design: applied.design,
  };
}

/** What one send-as address of a person is given: the primary, or an alias one of their signatures is "Used for". */
export type SendAsTarget = { sendAsEmail: string; primary: boolean; label: string | null } & Rendered;

/**
 * Every address a person's push writes to (docs/decisions/0118). The primary (the directory's address)
 * gets the signature "Used for" it, else the person's default signature, else (no account, or no
 * signature) the organization's version. Each other address one of their signatures names is an alias
 * target; the push writes it only if Gmail lists that address for the person.
 */
export function sendAsTargets(
  person: PersonRow,
  tpl: EffectiveTemplate,
  own: OwnSignature[],
  publicUrl: string,
  banner: Banner = null,
): SendAsTarget[] {
  const render = (fields: SignatureFields): Rendered => {
    const { html, storedLength } = renderSignature(fields, { publicUrl, showWatermark: false, banner });
    return { html, storedLength };
  };
  const primaryEmail = person.email.toLowerCase();
  const forPrimary =
    own.find((s) => s.sendAsEmail?.toLowerCase() === primaryEmail) ?? own.find((s) => s.isDefault) ?? own[0];
  const targets: SendAsTarget[] = [
    forPrimary
      ? {
          sendAsEmail: primaryEmail,
          primary: true,
          label: forPrimary.label,
          ...render(ownSignatureFields(person, tpl, forPrimary, primaryEmail)),
        }
      : {
          sendAsEmail: primaryEmail,
          primary: true,
          label: null,
          ...renderPersonSignature(person, tpl, publicUrl, banner),
        },
  ];
  for (const s of own) {
    const address = s.sendAsEmail?.toLowerCase();
    if (!address || address === primaryEmail) continue;
    targets.push({
      sendAsEmail: address,
      primary: false,
      label: s.label,
      ...render(ownSignatureFields(person, tpl, s, address)),
    });
  }
  return targets;
}

/**
 * With "also write the organization signature to every accepted alias" on (docs/decisions/0142):
 * each alias Gmail lists as accepted that no target covers gets the person's organization signature
 * with that alias as its address. Pending or unverified aliases are left alone: Gmail would not send
 * from them.
 */
export function acceptedAliasTargets(
  person: PersonRow,
  tpl: EffectiveTemplate,
  listed: readonly { sendAsEmail: string; isPrimary: boolean; verificationStatus: string | null }[],
  covered: readonly SendAsTarget[],
  publicUrl: string,
  banner: Banner = null,
): SendAsTarget[] {
  const taken = new Set(covered.map((t) => t.sendAsEmail));
  return listed
    .filter((s) => !s.isPrimary && s.verificationStatus === 'accepted' && !taken.has(s.sendAsEmail.toLowerCase()))
    .map((s) => {
      const address = s.sendAsEmail.toLowerCase();
      const { html, storedLength } = renderSignature(
        { ...personSignatureFields(person, tpl), email: address },
        { publicUrl, showWatermark: false, banner },
      );
      return { sendAsEmail: address, primary: false, label: null, html, storedLength };
    });
}
