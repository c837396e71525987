import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { user } from '../../db/schema/auth.schema';
import { signature } from '../../db/schema/signatures.schema';
import { createTestDatabase, describeEachDatabase } from '../../../test-support/test-app';
import { DEFAULT_DESIGN } from '../../../shared/signature/signature-schema';

/** The hand-written data step (docs/decisions/0120): existing people get their oldest signature as the default. */
const BACKFILL = readFileSync(
  path.resolve(__dirname, '../../db/migrations/0006_backfill_default_signatures.sql'),
  'utf8',
);

describeEachDatabase('backfilling default signatures', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  it("makes each person's oldest signature the default, and leaves a person who has one alone", async () => {
    const { db } = database;
    const now = Date.now();
    for (const id of ['u-old', 'u-set', 'u-none']) {
      await db.insert(user).values({
        id,
        name: id,
        email: `${id}@example.com`,
        emailVerified: false,
        createdAt: new Date(),
        updatedAt: new Date(),
      });
    }
    const row = (id: string, userId: string, ageMinutes: number, isDefault = false) => ({
      id,
      userId,
      isDefault,
      design: DEFAULT_DESIGN,
      createdAt: new Date(now - ageMinutes * 60_000),
    });
    // Rows as they were before the column existed: none is the default.
    await db.insert(signature).values([row('old-2', 'u-old', 5), row('old-1', 'u-old', 10), row('old-3', 'u-old', 1)]);
    await db.insert(signature).values([row('set-1', 'u-set', 10), row('set-2', 'u-set', 5, true)]);

    await db.execute(sql.raw(BACKFILL));

    const defaults = await db
      .select({ id: signature.id, userId: signature.userId })
      .from(signature)
      .where(eq(signature.isDefault, true));
    expect(defaults.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: 'old-1', userId: 'u-old' },
      { id: 'set-2', userId: 'u-set' },
    ]);
    const labels = await db.select({ label: signature.label }).from(signature);
    expect(new Set(labels.map((l) => l.label))).toEqual(new Set(['My signature']));
  });
});
