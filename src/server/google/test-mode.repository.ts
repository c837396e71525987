import { createHash } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  googleTestClient,
  googleTestPerson,
  googleTestSignature,
  googleTestToken,
} from '../db/schema/google-test-mode.schema';
import type { StandInClient, StandInPerson, StandInStore } from './google-stand-in-wire';

/** Queries only: what the embedded TEST MODE Google keeps, in the google_test_* tables (test-mode.ts). */

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The stand-in's store over the google_test_* tables; seeds `seed` once (any process). */
export function createDatabaseStandInStore(db: Db, seed: StandInPerson[] = []): StandInStore {
  let seeded: Promise<void> | undefined;
  const ready = () =>
    (seeded ??= (async () => {
      if (seed.length === 0) return;
      await db
        .insert(googleTestPerson)
        .values(seed.map((p) => ({ email: p.primaryEmail.toLowerCase(), data: p })))
        .onConflictDoNothing();
    })().catch((error: unknown) => {
      seeded = undefined;
      throw error;
    }));

  const toClient = (row: typeof googleTestClient.$inferSelect): StandInClient => ({
    clientEmail: row.clientEmail,
    clientId: row.clientId,
    publicKeyPem: row.publicKeyPem,
    scopes: row.scopes,
    domain: row.domain,
    revoked: row.revoked,
  });

  return {
    async people() {
      await ready();
      const rows = await db.select().from(googleTestPerson);
      return rows.map((r) => r.data as StandInPerson);
    },
    async person(email) {
      await ready();
      const [row] = await db.select().from(googleTestPerson).where(eq(googleTestPerson.email, email.toLowerCase()));
      return row ? (row.data as StandInPerson) : undefined;
    },
    async putPeople(people) {
      await ready();
      for (const p of people) {
        await db
          .insert(googleTestPerson)
          .values({ email: p.primaryEmail.toLowerCase(), data: p })
          .onConflictDoUpdate({ target: googleTestPerson.email, set: { data: p } });
      }
    },
    async client(clientEmail) {
      const [row] = await db.select().from(googleTestClient).where(eq(googleTestClient.clientEmail, clientEmail));
      return row ? toClient(row) : undefined;
    },
    async putClient(client) {
      const values = {
        clientEmail: client.clientEmail,
        clientId: client.clientId,
        publicKeyPem: client.publicKeyPem,
        scopes: client.scopes,
        domain: client.domain,
        revoked: client.revoked === true,
      };
      await db
        .insert(googleTestClient)
        .values(values)
        .onConflictDoUpdate({ target: googleTestClient.clientEmail, set: values });
    },
    async signatures() {
      const rows = await db.select().from(googleTestSignature);
      return new Map(rows.map((r) => [r.sendAsEmail, r.signature]));
    },
    async setSignature(personEmail, sendAsEmail, html) {
      const values = {
        sendAsEmail: sendAsEmail.toLowerCase(),
        personEmail: personEmail.toLowerCase(),
        signature: html,
        updatedAt: new Date(),
      };
      await db
        .insert(googleTestSignature)
        .values(values)
        .onConflictDoUpdate({
          target: googleTestSignature.sendAsEmail,
          set: { signature: html, updatedAt: values.updatedAt },
        });
    },
    async saveGrant(token, grant) {
      await db.delete(googleTestToken).where(lt(googleTestToken.expiresAt, new Date()));
      await db.insert(googleTestToken).values({
        tokenHash: hashToken(token),
        clientEmail: grant.clientEmail,
        sub: grant.sub,
        scopes: grant.scopes,
        expiresAt: new Date(grant.expiresAt),
      });
    },
    async grant(token) {
      const [row] = await db
        .select()
        .from(googleTestToken)
        .where(eq(googleTestToken.tokenHash, hashToken(token)));
      return row
        ? { clientEmail: row.clientEmail, sub: row.sub, scopes: row.scopes, expiresAt: row.expiresAt.getTime() }
        : undefined;
    },
  };
}
