import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { workspaceConnection } from '../../db/schema/workspace.schema';

/** The connection's alias setting (docs/decisions/0142). */
export function createWorkspaceAliasesRepository(db: Db) {
  return {
    /** Sets it; answers whether it changed (false also when there is no connection). */
    async setWriteAliases(organizationId: string, writeAliases: boolean): Promise<boolean> {
      const rows = await db
        .update(workspaceConnection)
        .set({ writeAliases })
        .where(eq(workspaceConnection.organizationId, organizationId))
        .returning({ organizationId: workspaceConnection.organizationId });
      return rows.length > 0;
    },
  };
}
