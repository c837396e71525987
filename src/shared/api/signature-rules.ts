import { z } from 'zod';
import { requiredString } from '../validation/required-string';
import { RULE_KINDS, type RuleKind } from '../signature/signature-rules';
import { PERSON_FIELDS } from '../signature/organization-policy';
import { defineRoute, idParams, isoDateTime, okSchema, uuidParams } from './contract';
import { orgTemplateSchema, orgTemplateViewSchema } from './workspace';

const signatureIdParams = uuidParams('No organization signature has that address. Open it from the list.');

/**
 * Several organization signatures and the ordered rules that give one to each person
 * (docs/decisions/0220-signature-rules.md, 0221-signature-rules-api.md): one schema for the browser's
 * forms and the server's routes, and the routes (`signatureRulesApi`).
 */

export const requirementsSchema = z.object({
  requiredTitle: z.boolean().default(false),
  requiredPhone: z.boolean().default(false),
  requiredAddress: z.boolean().default(false),
});

/** One organization signature: a name, and a policy in the Workspace template's stored form. */
export const organizationSignatureBodySchema = z.object({
  name: requiredString('Please name the signature').max(80, 'Please keep the name under 80 characters'),
  template: orgTemplateSchema,
  editableFields: z.array(z.enum(PERSON_FIELDS, 'Please choose fields from the list')).max(PERSON_FIELDS.length),
  requirements: requirementsSchema.default({ requiredTitle: false, requiredPhone: false, requiredAddress: false }),
});
export type OrganizationSignatureBody = z.input<typeof organizationSignatureBodySchema>;

const APPLIES_TO: Record<RuleKind, { check: (v: string) => boolean; words: string }> = {
  orgUnit: {
    check: (v) => v.startsWith('/'),
    words: 'An organizational unit starts with /, like /Sales or /Sales/EMEA',
  },
  department: { check: () => true, words: '' },
  group: {
    check: (v) => z.email().safeParse(v).success,
    words: 'Please enter Google group addresses, like sales@yourcompany.com',
  },
  people: { check: () => true, words: '' },
};

/** A rule as an admin writes it: "Applies to" (kind and values) and "Signature". */
export const signatureRuleSchema = z
  .object({
    id: z.string().trim().min(1).max(64),
    name: requiredString('Please name the rule').max(80, 'Please keep the name under 80 characters'),
    kind: z.enum(RULE_KINDS, 'Please choose what the rule applies to'),
    values: z
      .array(z.string().trim().max(500, 'Please keep each entry under 500 characters'))
      .transform((values) => values.filter((v) => v !== ''))
      .pipe(
        z
          .array(z.string())
          .min(1, 'Please say who the rule applies to')
          .max(5000, 'Please keep a rule to 5,000 entries'),
      ),
    signatureId: requiredString('Please choose a signature'),
  })
  .superRefine((rule, ctx) => {
    const { check, words } = APPLIES_TO[rule.kind];
    const bad = rule.values.find((v) => !check(v));
    if (bad !== undefined) ctx.addIssue({ code: 'custom', path: ['values'], message: `${words} ("${bad}").` });
  });

export const ruleSetBodySchema = z
  .object({
    rules: z.array(signatureRuleSchema).max(100, 'Please keep to 100 rules'),
    defaultSignatureId: z.string().min(1).nullable(),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.rules.forEach((rule, n) => {
      if (seen.has(rule.id))
        ctx.addIssue({ code: 'custom', path: ['rules', n, 'id'], message: 'Two rules share an id' });
      seen.add(rule.id);
    });
  });
export type RuleSetBody = z.input<typeof ruleSetBodySchema>;

/** Saving: the list as last read (`version`), so a save over another admin's newer list is refused, not lost. */
export const saveRuleSetBodySchema = z.intersection(ruleSetBodySchema, z.object({ version: z.number().int().min(0) }));

export const memberTeamBodySchema = z.object({
  team: z.string('Please enter a team').trim().max(80, 'Please keep the team under 80 characters'),
});

/* Answers */

const ruleViewSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  kind: z.enum(RULE_KINDS),
  values: z.array(z.string()),
  signatureId: z.string(),
});

export const organizationSignatureViewSchema = z
  .looseObject({
    id: z.string(),
    name: z.string(),
    template: orgTemplateViewSchema,
    editableFields: z.array(z.enum(PERSON_FIELDS)),
    requirements: z.looseObject({
      requiredTitle: z.boolean(),
      requiredPhone: z.boolean(),
      requiredAddress: z.boolean(),
    }),
    updatedAt: isoDateTime,
  })
  .meta({ id: 'OrganizationSignature' });
export type OrganizationSignatureView = z.infer<typeof organizationSignatureViewSchema>;

/** Which rule a person matched, and why, in words. */
export const ruleMatchViewSchema = z.looseObject({
  ruleId: z.string().nullable(),
  ruleName: z.string(),
  reason: z.string(),
  /** null: the organization's one policy (no default chosen). */
  signatureId: z.string().nullable(),
  signatureName: z.string(),
});
export type RuleMatchView = z.infer<typeof ruleMatchViewSchema>;

export const rulePersonViewSchema = z.looseObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  orgUnitPath: z.string().nullable(),
  department: z.string().nullable(),
  match: ruleMatchViewSchema,
});
export type RulePersonView = z.infer<typeof rulePersonViewSchema>;

export const signatureRulesOverviewSchema = z
  .looseObject({
    signatures: z.array(organizationSignatureViewSchema),
    rules: z.array(ruleViewSchema),
    defaultSignatureId: z.string().nullable(),
    version: z.number(),
    /** Whose rules these are: the Workspace directory's people, or (without Workspace) the organization's members. */
    source: z.enum(['workspace', 'members']),
    /** The name of the signature everyone gets with no default chosen. */
    policyName: z.string(),
    people: z.array(rulePersonViewSchema),
  })
  .meta({ id: 'SignatureRules' });
export type SignatureRulesOverview = z.infer<typeof signatureRulesOverviewSchema>;

/** How many people a change would move, before it is saved, and (the first 200 of) who. */
export const rulePreviewSchema = z
  .looseObject({
    moved: z.number(),
    people: z.array(
      z.looseObject({ email: z.string(), name: z.string(), from: ruleMatchViewSchema, to: ruleMatchViewSchema }),
    ),
  })
  .meta({ id: 'SignatureRulesPreview' });
export type RulePreview = z.infer<typeof rulePreviewSchema>;

/** The signature a member's rule gives them: the editor starts a new signature from it; null keeps the defaults. */
export const mySignatureRuleSchema = z
  .looseObject({
    signature: z
      .looseObject({
        id: z.string(),
        name: z.string(),
        template: orgTemplateViewSchema,
        editableFields: z.array(z.enum(PERSON_FIELDS)),
        requirements: z.looseObject({
          requiredTitle: z.boolean(),
          requiredPhone: z.boolean(),
          requiredAddress: z.boolean(),
        }),
      })
      .nullable(),
    ruleName: z.string().optional(),
    reason: z.string().optional(),
  })
  .meta({ id: 'MySignatureRule' });
export type MySignatureRule = z.infer<typeof mySignatureRuleSchema>;

export const ruleSetSavedSchema = z.looseObject({ version: z.number(), moved: z.number(), repushQueued: z.number() });

const tags = ['signature rules'] as const;

/** Owners and admins of an organization whose plan has organization templates. */
export const signatureRulesApi = {
  overview: defineRoute({
    method: 'GET',
    path: '/api/signature-rules',
    summary: "The organization's signatures, its ordered rules, and which rule each person matched and why",
    tags,
    responses: { 200: signatureRulesOverviewSchema },
  }),
  createSignature: defineRoute({
    method: 'POST',
    path: '/api/signature-rules/signatures',
    summary: 'Add an organization signature (a design with its fields, locks and requirements)',
    tags,
    body: organizationSignatureBodySchema,
    responses: { 201: organizationSignatureViewSchema },
  }),
  updateSignature: defineRoute({
    method: 'PUT',
    path: '/api/signature-rules/signatures/:id',
    summary: 'Change an organization signature; pushed signatures of the people it gives are pushed again',
    tags,
    params: signatureIdParams,
    body: organizationSignatureBodySchema,
    responses: { 200: organizationSignatureViewSchema },
  }),
  deleteSignature: defineRoute({
    method: 'DELETE',
    path: '/api/signature-rules/signatures/:id',
    summary: 'Delete an organization signature no rule and no default gives',
    tags,
    params: signatureIdParams,
    responses: { 200: okSchema },
  }),
  preview: defineRoute({
    method: 'POST',
    path: '/api/signature-rules/preview',
    summary: 'How many people a change of the rules would move, before it is saved',
    tags,
    body: ruleSetBodySchema,
    responses: { 200: rulePreviewSchema },
  }),
  save: defineRoute({
    method: 'PUT',
    path: '/api/signature-rules',
    summary: 'Save the ordered rules and the default; the people they move are pushed again',
    tags,
    body: saveRuleSetBodySchema,
    responses: { 200: ruleSetSavedSchema },
  }),
  mine: defineRoute({
    method: 'GET',
    path: '/api/signature-rules/me',
    summary: 'The organization signature your rule gives you (any member): a new signature starts from it',
    tags,
    responses: { 200: mySignatureRuleSchema },
  }),
  setTeam: defineRoute({
    method: 'PUT',
    path: '/api/signature-rules/members/:id/team',
    summary:
      "Set a member's team, by their user id ('' clears it): rules by team, for an organization without Google Workspace",
    tags,
    params: idParams,
    body: memberTeamBodySchema,
    responses: { 200: okSchema },
  }),
};
