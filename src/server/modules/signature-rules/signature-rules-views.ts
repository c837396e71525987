import {
  DEFAULT_ORG_TEMPLATE,
  PERSON_FIELDS,
  orgTemplateSchema,
  type OrgTemplate,
  type PersonField,
} from '../../../shared/api/workspace';
import type { OrganizationSignatureView, RuleMatchView } from '../../../shared/api/signature-rules';
import { NO_REQUIREMENTS, type FieldRequirements } from '../../../shared/signature/export-checks';
import { policyFromTemplate, type OrganizationPolicy } from '../../../shared/signature/organization-policy';
import type { RuleMatch, RuleSet, SignatureRule } from '../../../shared/signature/signature-rules';
import type { OrganizationSignatureRow, RuleSetRow } from './signature-rules.repository';

/** A stored organization signature, read back: each stored column through the schema that wrote it. */
export type StoredSignature = {
  id: string;
  name: string;
  template: OrgTemplate;
  editableFields: PersonField[];
  requirements: FieldRequirements;
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function readSignature(row: OrganizationSignatureRow): StoredSignature {
  const parsed = orgTemplateSchema.safeParse(row.template);
  const editable = Array.isArray(row.editableFields) ? (row.editableFields as string[]) : [];
  const r = isRecord(row.requirements) ? row.requirements : {};
  return {
    id: row.id,
    name: row.name,
    template: parsed.success ? parsed.data : DEFAULT_ORG_TEMPLATE,
    editableFields: PERSON_FIELDS.filter((field) => editable.includes(field)),
    requirements: {
      requiredTitle: r.requiredTitle === true,
      requiredPhone: r.requiredPhone === true,
      requiredAddress: r.requiredAddress === true,
    },
  };
}

/** An organization signature is an organization policy (decision 0161), made by the one function. */
export const policyOfSignature = (s: StoredSignature): OrganizationPolicy =>
  policyFromTemplate(s.template, s.editableFields, s.requirements ?? NO_REQUIREMENTS);

export function signatureView(row: OrganizationSignatureRow): OrganizationSignatureView {
  const { id, name, template, editableFields, requirements } = readSignature(row);
  return { id, name, template, editableFields, requirements, updatedAt: row.updatedAt.toISOString() };
}

export const EMPTY_RULE_SET: RuleSet = { rules: [], defaultSignatureId: null };

export function ruleSetOf(row: RuleSetRow | undefined): RuleSet {
  if (!row) return EMPTY_RULE_SET;
  return {
    rules: Array.isArray(row.rules) ? (row.rules as SignatureRule[]) : [],
    defaultSignatureId: row.defaultSignatureId,
  };
}

/** A match as the table shows it: the signature by name; none chosen is the organization's one policy. */
export function matchView(match: RuleMatch, names: Map<string, string>, policyName: string): RuleMatchView {
  return {
    ruleId: match.ruleId,
    ruleName: match.ruleName,
    reason: match.reason,
    signatureId: match.signatureId,
    signatureName: (match.signatureId && names.get(match.signatureId)) || policyName,
  };
}
