import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organization, user } from './auth.schema';
import { timestamptz, createdAtNow } from './columns';

export type SendAsPushState = {
  status: 'pushed' | 'failed';
  /** The signature written there (its label), or null for the organization's version. */
  label: string | null;
  pushedAt: string | null;
  error: string | null;
  sentHash: string | null;
  storedHash: string | null;
};

/**
 * Google Workspace: one connection per organization (the service account key, encrypted),
 * the organization's template and locks, the people read from the directory with their push status,
 * and the audit log of pushes. docs/decisions/0117-workspace-data-model.md.
 */
export const workspaceConnection = pgTable(
  'workspace_connection',
  {
    organizationId: text('organization_id')
      .primaryKey()
      .references(() => organization.id, { onDelete: 'cascade' }),
    clientEmail: text('client_email').notNull(),
    clientId: text('client_id').notNull(),
    adminEmail: text('admin_email').notNull(),
    /** AES-256-GCM of the key's JSON: `v1.{iv}.{tag}.{ciphertext}` (base64url); never sent to a browser. */
    encryptedKey: text('encrypted_key').notNull(),
    /** Connected to the embedded TEST MODE Workspace. */
    testMode: boolean('test_mode').notNull().default(false),
    connectedBy: text('connected_by').references(() => user.id, { onDelete: 'set null' }),
    connectedAt: timestamptz('connected_at').notNull().defaultNow(),
    lastSyncAt: timestamptz('last_sync_at'),
    /** Words: "12 people read, 1 without Gmail" or why the last sync failed. */
    lastSyncResult: text('last_sync_result'),
    lastSyncOk: boolean('last_sync_ok'),
    /**
     * A sync stopped because it would remove too many people: who would go, waiting for an admin to
     * confirm (docs/decisions/0132). Null when nothing waits.
     */
    pendingRemoval: jsonb('pending_removal').$type<{ email: string; fullName: string }[]>(),
    /**
     * Set by the first systemic failure (a revoked key, a removed scope, a disabled API, a domain
     * policy): nothing is tried with this connection until "Check connection" passes, and the owner
     * and admins are mailed once (docs/decisions/0133). Null while the connection is healthy.
     */
    stoppedAt: timestamptz('stopped_at'),
    /** Why, in the words the alert mail used (ours, then Google's quoted). */
    stoppedReason: text('stopped_reason'),
    /**
     * The Workspace domain (the admin address's, lower-case): connected to one organization at a time
     * (docs/decisions/0141). Null only for a connection older than the rule that shared its domain.
     */
    domain: text('domain'),
    /** The operator's service account (GOOGLE_SERVICE_ACCOUNT_KEY) serves it: no key is stored (docs/decisions/0141). */
    operatorKey: boolean('operator_key').notNull().default(false),
    /**
     * Also write the organization's signature to every alias Gmail lists as accepted that no signature
     * of the person is "Used for", with the alias in the e-mail line (docs/decisions/0142).
     */
    writeAliases: boolean('write_aliases').notNull().default(false),
  },
  (t) => [uniqueIndex('workspace_connection_domain_unique').on(t.domain)],
);

export const workspaceTemplate = pgTable('workspace_template', {
  organizationId: text('organization_id')
    .primaryKey()
    .references(() => organization.id, { onDelete: 'cascade' }),
  /** Design (template, colours, font, layout…) and the template's own values (company, website, address, logo, social links). */
  template: jsonb('template').notNull(),
  /** The fields people may edit themselves; every other field is locked. */
  editableFields: jsonb('editable_fields').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
});

export const workspacePeople = pgTable(
  'workspace_people',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** Lower-case primary address. */
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    givenName: text('given_name').notNull().default(''),
    familyName: text('family_name').notNull().default(''),
    title: text('title'),
    department: text('department'),
    phones: jsonb('phones').notNull().default([]),
    orgUnitPath: text('org_unit_path').notNull().default('/'),
    /** Addresses of the person's Google groups, read only when the optional group scope is granted (decision 0220). */
    groups: jsonb('groups').$type<string[]>().notNull().default([]),
    hasGmail: boolean('has_gmail').notNull().default(true),
    /** The SignaturePro account with this address, when one exists. */
    linkedUserId: text('linked_user_id').references(() => user.id, { onDelete: 'set null' }),
    /** The person's own values for the fields the template leaves editable. */
    overrides: jsonb('overrides').notNull().default({}),
    /** never, pending, pushed, skipped, failed */
    pushStatus: text('push_status').notNull().default('never'),
    pushedAt: timestamptz('pushed_at'),
    /** Google's reason for the last failure or skip, in words. */
    pushError: text('push_error'),
    /** sha256 of the HTML last sent and of the copy Gmail stored: an unchanged signature is not patched again. */
    sentHash: text('sent_hash'),
    storedHash: text('stored_hash'),
    /**
     * Per Gmail send-as address we write to (the primary and each alias one of the person's signatures
     * is "Used for"): status, when, Google's words, and the hashes of what we sent and what Gmail stored.
     * Keyed by the lower-case address (docs/decisions/0118).
     */
    sendAsState: jsonb('send_as_state').$type<Record<string, SendAsPushState>>().notNull().default({}),
    syncedAt: timestamptz('synced_at').notNull().defaultNow(),
    /** Missing from the directory since then: kept 30 days with the person's edits, restored on return (decision 0132). */
    goneAt: timestamptz('gone_at'),
  },
  (t) => [
    uniqueIndex('workspace_people_org_email_idx').on(t.organizationId, t.email),
    index('workspace_people_user_idx').on(t.linkedUserId),
  ],
);

export const workspacePushLog = pgTable(
  'workspace_push_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    personEmail: text('person_email').notNull(),
    /** The Gmail send-as address written to (the primary or an alias); null for a whole-person result (no Gmail, not Pro). */
    sendAsEmail: text('send_as_email'),
    /** Who asked: a person's name and address, or "Schedule", "Template change", "Directory change". */
    actor: text('actor').notNull(),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    /** pushed, unchanged, skipped, failed */
    result: text('result').notNull(),
    detail: text('detail'),
    htmlChars: integer('html_chars'),
    htmlHash: text('html_hash'),
    createdAt: createdAtNow(),
  },
  (t) => [index('workspace_push_log_org_idx').on(t.organizationId, t.createdAt)],
);
