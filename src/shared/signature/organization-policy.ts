import { NO_REQUIREMENTS, type FieldRequirements } from './export-checks';
import { DEFAULT_DESIGN, TEMPLATES, type Design } from './signature-schema';

/**
 * The organization's one signature policy (docs/decisions/0161-one-organization-policy.md): the
 * Teams "signature defaults" and the Workspace "organization template" are two ways of writing it,
 * and `applyOrganizationPolicy` is the one function that puts it on a signature, on the server (new
 * signatures, the Workspace push, its dry run, `/api/workspace/me`) and in the browser (the editor's
 * new draft, the defaults preview).
 */

/** The fields a policy may leave to each person; every other one is locked. */
export const PERSON_FIELDS = [
  'name',
  'title',
  'phone',
  'mobile',
  'company',
  'website',
  'address',
  'photoUrl',
  'socialLinks',
] as const;
export type PersonField = (typeof PERSON_FIELDS)[number];

export type OrganizationPolicy = {
  /** The design every signature starts from, or (when `designLocked`) has. */
  design: Partial<Design>;
  designLocked: boolean;
  /** The values the organization gives: a locked field always has it, an editable one until the person writes their own. */
  values: Partial<Record<PersonField, unknown>>;
  /** The fields a person may change; every other one is locked. */
  editable: readonly PersonField[];
  requirements: FieldRequirements;
};

/** The Teams defaults as a policy: nothing locked, the design and the logo only fill what a person left out. */
export function policyFromDefaults(
  defaults: (FieldRequirements & { template: string; primaryColor: string; secondaryColor: string }) | null,
  logoUrl: string | null,
): OrganizationPolicy {
  const design: Partial<Design> = {};
  if (defaults) {
    design.primaryColor = defaults.primaryColor;
    design.secondaryColor = defaults.secondaryColor;
    // Until the renderer offers a template, a default naming it leaves the product's default in place.
    if ((TEMPLATES as readonly string[]).includes(defaults.template))
      design.template = defaults.template as Design['template'];
  }
  return {
    design,
    designLocked: false,
    values: logoUrl ? { photoUrl: logoUrl } : {},
    editable: PERSON_FIELDS,
    requirements: defaults
      ? {
          requiredTitle: defaults.requiredTitle,
          requiredPhone: defaults.requiredPhone,
          requiredAddress: defaults.requiredAddress,
        }
      : NO_REQUIREMENTS,
  };
}

/** The Workspace template as a policy: its design for everyone, its shared values, the fields it leaves editable. */
export function policyFromTemplate(
  template: { design: Design } & Partial<Record<PersonField, unknown>>,
  editableFields: readonly PersonField[],
  requirements: FieldRequirements = NO_REQUIREMENTS,
): OrganizationPolicy {
  const { design, ...values } = template;
  return { design, designLocked: true, values, editable: editableFields, requirements };
}

export const isLocked = (policy: OrganizationPolicy, field: PersonField) => !policy.editable.includes(field);

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A signature under the policy. Each locked field takes the directory's value (Workspace people) or
 * the policy's; each editable field keeps the person's value when they gave one, else takes the same.
 * The design is the policy's when locked; otherwise what the person sent wins over it.
 */
export function applyOrganizationPolicy<T extends Record<string, unknown>>(
  own: T,
  policy: OrganizationPolicy,
  directory: Partial<Record<PersonField, unknown>> = {},
): T & { design: Design } {
  const out: Record<string, unknown> = { ...own };
  for (const field of PERSON_FIELDS) {
    const given = isLocked(policy, field) ? undefined : own[field];
    const value =
      given !== undefined ? given : directory[field] !== undefined ? directory[field] : policy.values[field];
    if (value !== undefined) out[field] = value;
  }
  const given = !policy.designLocked && isRecord(own.design) ? own.design : {};
  out.design = { ...DEFAULT_DESIGN, ...policy.design, ...given };
  return out as T & { design: Design };
}
