import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accountToken, oneTimeCode } from '../../db/schema/auth-tokens.schema';

export type CodeRow = typeof oneTimeCode.$inferSelect;
export type TokenRow = typeof accountToken.$inferSelect;

/** The unused rows of one account and purpose, in either table (codes and link tokens share these columns). */
function unusedOf(table: typeof oneTimeCode | typeof accountToken, userId: string, purpose: string) {
  return and(eq(table.userId, userId), eq(table.purpose, purpose), isNull(table.consumedAt));
}

/** Queries only: the rules (expiry lengths, tries, binding) live in the services. */
export function createAuthTokensRepository(db: Db) {
  return {
    /** A new code replaces every earlier one for the same account and purpose. */
    async replaceCode(row: Omit<CodeRow, 'attempts' | 'consumedAt'>) {
      await db.transaction(async (tx) => {
        await tx
          .update(oneTimeCode)
          .set({ consumedAt: row.createdAt })
          .where(unusedOf(oneTimeCode, row.userId, row.purpose));
        await tx.insert(oneTimeCode).values({ ...row, attempts: 0 });
      });
    },

    /**
     * Spends one try on the live code before it is compared, in a single UPDATE: however many
     * guesses arrive at once, no more than `maxAttempts` of them ever see the hash.
     */
    async reserveCodeAttempt(
      userId: string,
      purpose: string,
      now: Date,
      maxAttempts: number,
    ): Promise<CodeRow | undefined> {
      const [row] = await db
        .update(oneTimeCode)
        .set({ attempts: sql`${oneTimeCode.attempts} + 1` })
        .where(
          and(
            unusedOf(oneTimeCode, userId, purpose),
            gt(oneTimeCode.expiresAt, now),
            lt(oneTimeCode.attempts, maxAttempts),
          ),
        )
        .returning();
      return row;
    },

    async consumeCode(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(oneTimeCode)
        .set({ consumedAt: now })
        .where(and(eq(oneTimeCode.id, id), isNull(oneTimeCode.consumedAt)))
        .returning({ id: oneTimeCode.id });
      return rows.length === 1;
    },

    async findLiveCode(userId: string, purpose: string, now: Date): Promise<CodeRow | undefined> {
      const [row] = await db
        .select()
        .from(oneTimeCode)
        .where(and(unusedOf(oneTimeCode, userId, purpose), gt(oneTimeCode.expiresAt, now)))
        .limit(1);
      return row;
    },

    async insertToken(row: Omit<TokenRow, 'consumedAt'>) {
      await db.insert(accountToken).values(row);
    },

    /** Issues a token that voids every earlier unused one of the same purpose (a newer reset link wins). */
    async replaceToken(row: Omit<TokenRow, 'consumedAt'>) {
      await db.transaction(async (tx) => {
        await tx
          .update(accountToken)
          .set({ consumedAt: row.createdAt })
          .where(unusedOf(accountToken, row.userId, row.purpose));
        await tx.insert(accountToken).values(row);
      });
    },

    /** Marks the token used in one conditional UPDATE: of any number of parallel uses, one wins. */
    async consumeToken(tokenHash: string, purpose: string, now: Date): Promise<TokenRow | undefined> {
      const [row] = await db
        .update(accountToken)
        .set({ consumedAt: now })
        .where(
          and(
            eq(accountToken.tokenHash, tokenHash),
            eq(accountToken.purpose, purpose),
            isNull(accountToken.consumedAt),
            gt(accountToken.expiresAt, now),
          ),
        )
        .returning();
      return row;
    },

    async findToken(tokenHash: string, purpose: string): Promise<TokenRow | undefined> {
      const [row] = await db
        .select()
        .from(accountToken)
        .where(and(eq(accountToken.tokenHash, tokenHash), eq(accountToken.purpose, purpose)))
        .limit(1);
      return row;
    },

    async voidTokens(userId: string, purpose: string, now: Date) {
      await db
        .update(accountToken)
        .set({ consumedAt: now })
        .where(unusedOf(accountToken, userId, purpose));
    },
  };
}
export type AuthTokensRepository = ReturnType<typeof createAuthTokensRepository>;
