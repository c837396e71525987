import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizationSignature, signatureRuleSet } from '../../db/schema/signature-rules.schema';
import type { SignatureRule } from '../../../shared/signature/signature-rules';

export type OrganizationSignatureRow = typeof organizationSignature.$inferSelect;
export type RuleSetRow = typeof signatureRuleSet.$inferSelect;
type SignatureValues = Pick<OrganizationSignatureRow, 'name' | 'template' | 'editableFields' | 'requirements'>;

/** Queries only (routes → service → repository); every one is scoped to one organization. */
export function createSignatureRulesRepository(db: Db) {
  const s = organizationSignature;
  return {
    async listSignatures(organizationId: string): Promise<OrganizationSignatureRow[]> {
      return db.select().from(s).where(eq(s.organizationId, organizationId)).orderBy(asc(s.createdAt), asc(s.name));
    },
    async findSignature(organizationId: string, id: string): Promise<OrganizationSignatureRow | undefined> {
      const [row] = await db
        .select()
        .from(s)
        .where(and(eq(s.organizationId, organizationId), eq(s.id, id)));
      return row;
    },
    async createSignature(organizationId: string, values: SignatureValues, userId: string) {
      const [row] = await db
        .insert(s)
        .values({ organizationId, ...values, updatedBy: userId })
        .returning();
      return row!;
    },
    async updateSignature(organizationId: string, id: string, values: SignatureValues, userId: string) {
      const [row] = await db
        .update(s)
        .set({ ...values, updatedBy: userId, updatedAt: new Date() })
        .where(and(eq(s.organizationId, organizationId), eq(s.id, id)))
        .returning();
      return row;
    },
    async deleteSignature(organizationId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(s)
        .where(and(eq(s.organizationId, organizationId), eq(s.id, id)))
        .returning({ id: s.id });
      return rows.length > 0;
    },

    async findRuleSet(organizationId: string): Promise<RuleSetRow | undefined> {
      const [row] = await db.select().from(signatureRuleSet).where(eq(signatureRuleSet.organizationId, organizationId));
      return row;
    },
    /**
     * Saves the whole list if it is still at `version` (the one the admin read); the new version, or
     * null when another save came first. One statement, so two admins saving at once cannot both win.
     */
    async saveRuleSet(
      organizationId: string,
      values: { rules: SignatureRule[]; defaultSignatureId: string | null },
      version: number,
      userId: string,
    ): Promise<number | null> {
      const t = signatureRuleSet;
      const next = version + 1;
      const rows =
        version === 0
          ? await db
              .insert(t)
              .values({ organizationId, ...values, version: next, updatedBy: userId })
              .onConflictDoNothing()
              .returning({ version: t.version })
          : await db
              .update(t)
              .set({ ...values, version: next, updatedBy: userId, updatedAt: new Date() })
              .where(and(eq(t.organizationId, organizationId), eq(t.version, version)))
              .returning({ version: t.version });
      return rows[0]?.version ?? null;
    },
  };
}

export type SignatureRulesRepository = ReturnType<typeof createSignatureRulesRepository>;
