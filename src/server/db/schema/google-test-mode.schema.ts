import { boolean, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz, createdAtNow } from './columns';

/**
 * The embedded TEST MODE Workspace (src/server/google/test-mode.ts): what "Google" keeps when no
 * Google setting is set. In the database so that it survives restarts and every server process
 * sees the same people, signatures and tokens (docs/decisions/0110). Never used with real Google.
 */

/** A sample person of the test domain, as the stand-in's StandInPerson (JSON). */
export const googleTestPerson = pgTable('google_test_person', {
  email: text('email').primaryKey(),
  data: jsonb('data').notNull(),
  createdAt: createdAtNow(),
});

/** A test service account authorised for scopes in the test domain (only its public key is kept). */
export const googleTestClient = pgTable('google_test_client', {
  clientEmail: text('client_email').primaryKey(),
  clientId: text('client_id').notNull(),
  publicKeyPem: text('public_key_pem').notNull(),
  scopes: jsonb('scopes').$type<string[]>().notNull(),
  domain: text('domain').notNull(),
  revoked: boolean('revoked').notNull().default(false),
  createdAt: createdAtNow(),
});

/** The signature "Gmail" stored for a send-as address, after the stand-in's sanitiser. */
export const googleTestSignature = pgTable('google_test_signature', {
  sendAsEmail: text('send_as_email').primaryKey(),
  personEmail: text('person_email').notNull(),
  signature: text('signature').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

/** An access token the test token endpoint gave out, by its SHA-256 (the token itself is not kept). */
export const googleTestToken = pgTable(
  'google_test_token',
  {
    tokenHash: text('token_hash').primaryKey(),
    clientEmail: text('client_email').notNull(),
    sub: text('sub').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('google_test_token_expires_idx').on(t.expiresAt)],
);
