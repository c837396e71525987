import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from './auth.schema';

/** Short numeric codes (the 6-digit email code): keyed HMAC only, a few tries each, bound to one account and purpose. */
export const oneTimeCode = pgTable(
  'one_time_code',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    /** The address the code was sent to: it proves nothing about any other address the account may move to. */
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    /** Tries spent on this code, counted before each comparison so parallel guesses cannot overshoot. */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('one_time_code_user_purpose_idx').on(t.userId, t.purpose)],
);

/** Long random tokens sent as links (email verification, password reset); only their SHA-256 is kept. */
export const accountToken = pgTable(
  'account_token',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    /** The address the link was sent to. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    /**
     * A fingerprint of the password hash when the token was issued: a reset link stops working as
     * soon as the password changes by any route, without each route having to remember to void it.
     */
    passwordStamp: text('password_stamp'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('account_token_hash_idx').on(t.tokenHash),
    index('account_token_user_purpose_idx').on(t.userId, t.purpose),
  ],
);
