import { integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { member, organization, user } from './auth.schema';
import { createdAtNow, timestamptz } from './columns';
import type { SignatureRule } from '../../../shared/signature/signature-rules';

/**
 * Several organization signatures and the ordered rules that give one to each person
 * (docs/decisions/0220-signature-rules.md, 0221-signature-rules-api.md).
 */
export const organizationSignature = pgTable(
  'organization_signature',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The Workspace template's stored form: the design and the values every signature shares. */
    template: jsonb('template').notNull(),
    /** The fields people may edit themselves; every other one is locked. */
    editableFields: jsonb('editable_fields').notNull(),
    /** Required Title, Phone, Address. */
    requirements: jsonb('requirements').notNull(),
    createdAt: createdAtNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('organization_signature_org_name_idx').on(t.organizationId, t.name)],
);

/** One row per organization: the whole ordered list, saved at once, so a reorder is never half done. */
export const signatureRuleSet = pgTable('signature_rule_set', {
  organizationId: text('organization_id')
    .primaryKey()
    .references(() => organization.id, { onDelete: 'cascade' }),
  rules: jsonb('rules').$type<SignatureRule[]>().notNull().default([]),
  /** Who no rule matches gets it; null: the organization's one policy (decision 0161). */
  defaultSignatureId: uuid('default_signature_id').references(() => organizationSignature.id, {
    onDelete: 'set null',
  }),
  /** Raised by every save: a save made from an older list is refused, not lost over another admin's. */
  version: integer('version').notNull().default(0),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
});

/** A member's team, for rules in an organization without Google Workspace (no directory department). */
export const memberTeam = pgTable('member_team', {
  memberId: text('member_id')
    .primaryKey()
    .references(() => member.id, { onDelete: 'cascade' }),
  organizationId: text('organization_id')
    .notNull()
    .references(() => organization.id, { onDelete: 'cascade' }),
  team: text('team').notNull(),
});
