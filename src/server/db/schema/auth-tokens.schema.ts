import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz, ownerUserId } from './columns';

/** Short numeric codes (the 6-digit email code): keyed HMAC only, a few tries each, bound to one account and purpose. */
export const oneTimeCode = pgTable(
  'one_time_code',
  {
    id: text('id').primaryKey(),
    userId: ownerUserId(),
    purpose: text('purpose').notNull(),
    /** The address the code was sent to: it proves nothing about any other address the account may move to. */
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    /** Tries spent on this code, counted before each comparison so parallel guesses cannot overshoot. */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [index('one_time_code_user_purpose_idx').on(t.userId, t.purpose)],
);

/** Long random tokens sent as links (email verification, password reset); only their SHA-256 is kept. */
export const accountToken = pgTable(
  'account_token',
  {
    id: text('id').primaryKey(),
    userId: ownerUserId(),
    purpose: text('purpose').notNull(),
    /** The address the link was sent to. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    /**
     * A fingerprint of the password hash when the token was issued: a reset link stops working as
     * soon as the password changes by any route, without each route having to remember to void it.
     */
    passwordStamp: text('password_stamp'),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
    createdAt: timestamptz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('account_token_hash_idx').on(t.tokenHash),
    index('account_token_user_purpose_idx').on(t.userId, t.purpose),
  ],
);
