import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { member, user } from '../../db/schema/auth.schema';
import { workspaceConnection, workspacePeople } from '../../db/schema/workspace.schema';

/** A connection's stop and resume (docs/decisions/0133), and who hears of a stop. */
export function createWorkspaceHealthRepository(db: Db) {
  return {
    /** Stops the connection unless it already is; true only for the call that stopped it (so one mail). */
    async stop(organizationId: string, reason: string): Promise<boolean> {
      const rows = await db
        .update(workspaceConnection)
        .set({ stoppedAt: new Date(), stoppedReason: reason })
        .where(and(eq(workspaceConnection.organizationId, organizationId), isNull(workspaceConnection.stoppedAt)))
        .returning({ organizationId: workspaceConnection.organizationId });
      return rows.length > 0;
    },
    /** Clears a stop; true when there was one. */
    async resume(organizationId: string): Promise<boolean> {
      const rows = await db
        .update(workspaceConnection)
        .set({ stoppedAt: null, stoppedReason: null })
        .where(and(eq(workspaceConnection.organizationId, organizationId), isNotNull(workspaceConnection.stoppedAt)))
        .returning({ organizationId: workspaceConnection.organizationId });
      return rows.length > 0;
    },
    /** The owner and admins, with their addresses. */
    async managers(organizationId: string): Promise<{ email: string; name: string }[]> {
      return db
        .select({ email: user.email, name: user.name })
        .from(member)
        .innerJoin(user, eq(member.userId, user.id))
        .where(and(eq(member.organizationId, organizationId), inArray(member.role, ['owner', 'admin'])));
    },
    /** People a stop left unpushed (failed or still waiting), still in the directory. */
    async unpushed(organizationId: string): Promise<string[]> {
      const rows = await db
        .select({ email: workspacePeople.email })
        .from(workspacePeople)
        .where(
          and(
            eq(workspacePeople.organizationId, organizationId),
            isNull(workspacePeople.goneAt),
            inArray(workspacePeople.pushStatus, ['failed', 'pending']),
          ),
        );
      return rows.map((r) => r.email);
    },
  };
}

export type WorkspaceHealthRepository = ReturnType<typeof createWorkspaceHealthRepository>;
