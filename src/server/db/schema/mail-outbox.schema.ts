import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * Every outgoing mail is recorded here before anything is sent, so a mail server that is down
 * loses nothing: a worker sends each row once it can and marks it sent.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    /** verification, magic-link, password-reset, account-exists, invitation, contact… */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    /**
     * The body (html, text, reply-to), sealed with AES-256-GCM under a key derived from the session
     * secret: it holds live codes and links, so a copy of the database alone must not open accounts.
     * Erased once the mail is sent.
     */
    sealedBody: text('sealed_body'),
    /** pending, sending, sent, failed (gave up after days of trying) */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull(),
    /** While a worker is sending, no other worker may claim the row until this passes. */
    lockedUntil: timestamptz('locked_until'),
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);
