import type { Db } from '../../db/client';
import { newsletterSubscriber } from '../../db/schema/marketing.schema';

export function createNewsletterRepository(db: Db) {
  return {
    /** True when the address is new; an address already on the list is left as it is. */
    async insertSubscriber(id: string, email: string, source: string): Promise<boolean> {
      const rows = await db
        .insert(newsletterSubscriber)
        .values({ id, email, source })
        .onConflictDoNothing({ target: newsletterSubscriber.email })
        .returning({ id: newsletterSubscriber.id });
      return rows.length > 0;
    },
  };
}
export type NewsletterRepository = ReturnType<typeof createNewsletterRepository>;
