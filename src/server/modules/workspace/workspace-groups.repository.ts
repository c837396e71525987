import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { workspacePeople } from '../../db/schema/workspace.schema';

/** The directory people's Google groups (decision 0236): queries only, scoped to one organization. */
export function createWorkspaceGroupsRepository(db: Db) {
  const p = workspacePeople;
  return {
    /**
     * Sets each listed person's groups to those read (people not named get none); answers the
     * addresses whose groups changed. Groups are kept sorted, so the same groups compare equal.
     */
    async setGroups(organizationId: string, byEmail: Map<string, string[]>): Promise<string[]> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .select({ email: p.email, groups: p.groups })
          .from(p)
          .where(and(eq(p.organizationId, organizationId), isNull(p.goneAt)));
        const changed: string[] = [];
        for (const row of rows) {
          const next = [...new Set(byEmail.get(row.email) ?? [])].sort();
          if (JSON.stringify(next) === JSON.stringify(row.groups)) continue;
          changed.push(row.email);
          await tx
            .update(p)
            .set({ groups: next })
            .where(and(eq(p.organizationId, organizationId), eq(p.email, row.email)));
        }
        return changed;
      });
    },
  };
}
