import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { user } from '../../db/schema/auth.schema';

/** Who a test email goes to: the signed-in person's own address, and whether it is confirmed. */
export function createTestEmailRepository(db: Db) {
  return {
    async findRecipient(userId: string): Promise<{ email: string; name: string; emailVerified: boolean } | undefined> {
      const [person] = await db
        .select({ email: user.email, name: user.name, emailVerified: user.emailVerified })
        .from(user)
        .where(eq(user.id, userId))
        .limit(1);
      return person;
    },
  };
}
export type TestEmailRepository = ReturnType<typeof createTestEmailRepository>;
