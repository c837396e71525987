import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtNow } from './columns';

/**
 * A message sent through the contact form. Kept so that nothing is lost when mail to the support
 * address fails; no IP address or browser detail is stored (privacy page).
 */
export const contactMessage = pgTable(
  'contact_message',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** queued (handed to the mail module), failed (the hand-over threw; support reads it here) */
    mailStatus: text('mail_status').notNull().default('queued'),
    createdAt: createdAtNow(),
  },
  (t) => [index('contact_message_created_idx').on(t.createdAt)],
);

/** An address given in the footer's newsletter box; one row per address (stored lower-cased). */
export const newsletterSubscriber = pgTable('newsletter_subscriber', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  /** Where the address was given, e.g. footer. */
  source: text('source').notNull().default('footer'),
  createdAt: createdAtNow(),
});
