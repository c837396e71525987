import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { testPaymentObject } from '../db/schema/billing.schema';

export type TestObjectKind = 'customer' | 'checkout_session' | 'subscription';

/** The test provider's records, kept in the app's database so they survive a restart. */
export function createTestPaymentRepository(db: Db) {
  return {
    async insert<T extends Record<string, unknown>>(kind: TestObjectKind, id: string, data: T): Promise<void> {
      await db.insert(testPaymentObject).values({ id, kind, data });
    },

    async find<T>(kind: TestObjectKind, id: string): Promise<T | undefined> {
      const [row] = await db
        .select({ data: testPaymentObject.data })
        .from(testPaymentObject)
        .where(and(eq(testPaymentObject.id, id), eq(testPaymentObject.kind, kind)))
        .limit(1);
      return row?.data as T | undefined;
    },

    /** Replaces the data only while `expected` still holds for the stored status, so two payers cannot both win. */
    async updateIfStatus<T extends Record<string, unknown>>(
      kind: TestObjectKind,
      id: string,
      expected: string,
      data: T,
    ): Promise<boolean> {
      const rows = await db
        .update(testPaymentObject)
        .set({ data })
        .where(
          and(
            eq(testPaymentObject.id, id),
            eq(testPaymentObject.kind, kind),
            sql`${testPaymentObject.data}->>'status' = ${expected}`,
          ),
        )
        .returning({ id: testPaymentObject.id });
      return rows.length > 0;
    },

    async update<T extends Record<string, unknown>>(kind: TestObjectKind, id: string, data: T): Promise<void> {
      await db
        .update(testPaymentObject)
        .set({ data })
        .where(and(eq(testPaymentObject.id, id), eq(testPaymentObject.kind, kind)));
    },

    async listByStatus<T>(kind: TestObjectKind, status: string): Promise<Array<{ id: string; data: T }>> {
      const rows = await db
        .select({ id: testPaymentObject.id, data: testPaymentObject.data })
        .from(testPaymentObject)
        .where(and(eq(testPaymentObject.kind, kind), sql`${testPaymentObject.data}->>'status' = ${status}`));
      return rows.map((r) => ({ id: r.id, data: r.data as T }));
    },
  };
}
export type TestPaymentRepository = ReturnType<typeof createTestPaymentRepository>;
