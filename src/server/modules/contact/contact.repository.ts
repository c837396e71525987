import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactMessage } from '../../db/schema/marketing.schema';
import type { ContactMessage } from '../../../shared/validation/contact-schema';

export function createContactRepository(db: Db) {
  return {
    async insertMessage(id: string, message: ContactMessage) {
      await db.insert(contactMessage).values({ id, ...message });
    },
    async markMailFailed(id: string) {
      await db.update(contactMessage).set({ mailStatus: 'failed' }).where(eq(contactMessage.id, id));
    },
    async findMessageById(id: string) {
      const [row] = await db.select().from(contactMessage).where(eq(contactMessage.id, id)).limit(1);
      return row;
    },
  };
}
export type ContactRepository = ReturnType<typeof createContactRepository>;
