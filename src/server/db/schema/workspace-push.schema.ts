import { index, jsonb, pgTable, primaryKey, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { organization, user } from './auth.schema';
import { timestamptz, createdAtNow } from './columns';

/**
 * One press of "Push signatures" or "Restore previous", with one row per person it covers: the
 * result (for the summary line) and what Gmail held right before we overwrote it, so the push can be
 * undone. How many are kept and for how long: docs/decisions/0138-previous-signatures-per-push.md.
 */
export const workspacePushRun = pgTable(
  'workspace_push_run',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** push, restore */
    kind: text('kind').notNull(),
    /** Whom it covers, in the push screen's words: "Everyone", "/Sales", "Sales", "3 people". */
    target: text('target').notNull(),
    /** A restore: the push whose previous signatures it puts back. */
    restoreOf: uuid('restore_of').references((): AnyPgColumn => workspacePushRun.id, { onDelete: 'set null' }),
    actor: text('actor').notNull(),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAtNow(),
  },
  (t) => [index('workspace_push_run_org_idx').on(t.organizationId, t.createdAt)],
);

export const workspacePushItem = pgTable(
  'workspace_push_item',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => workspacePushRun.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** Lower-case primary address. */
    personEmail: text('person_email').notNull(),
    /** Null while the person's job has not run; then pushed, unchanged, skipped, failed or restored. */
    result: text('result'),
    /**
     * What each send-as address held in Gmail right before this push overwrote it (read with the
     * push's own sendAs list), keyed by the lower-case address. Only addresses we patched appear.
     */
    previous: jsonb('previous').$type<Record<string, string>>().notNull().default({}),
    /** A restore put `previous` back in Gmail then; null while it has not. */
    restoredAt: timestamptz('restored_at'),
    /** Set by the app (not the database) so a job compares it with its own start (decision 0138). */
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.personEmail] }),
    index('workspace_push_item_person_idx').on(t.organizationId, t.personEmail),
  ],
);

/**
 * Whose turn it is to write one person's Gmail signatures, and what was asked for last: a push and a
 * "Restore previous" of the same person run one at a time, and the one asked for last wins
 * (docs/decisions/0143-one-writer-per-mailbox.md).
 */
export const workspacePersonTurn = pgTable(
  'workspace_person_turn',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** Lower-case primary address. */
    personEmail: text('person_email').notNull(),
    /** The action asked for last: `push`, or `restore:<run id>`. */
    asked: text('asked').notNull(),
    askedAt: timestamptz('asked_at').notNull(),
    /** The job writing now (a random token), until `heldUntil`; null when nobody writes. */
    holder: text('holder'),
    heldUntil: timestamptz('held_until'),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.personEmail] })],
);
