import { text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.schema';

// Column builders the tables share. Each call makes a new builder (a table must not share one
// with another table); the SQL is the same as writing the column out by hand.

/** A `timestamp with time zone` column. */
export function timestamptz(name: string) {
  return timestamp(name, { withTimezone: true });
}

/** When the row was written, set by the database. */
export function createdAtNow() {
  return timestamptz('created_at').notNull().defaultNow();
}

/** When the row last changed: set by the database on insert and by Drizzle on every update. */
export function updatedAtNow() {
  return timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
}

/** The person the row belongs to; it goes when they do. */
export function ownerUserId() {
  return text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });
}
