import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  workspaceConnection,
  workspacePeople,
  workspacePushLog,
  workspaceTemplate,
} from '../../db/schema/workspace.schema';
import { workspacePersonTurn, workspacePushRun } from '../../db/schema/workspace-push.schema';

/**
 * Everything Workspace kept for an organization that is being deleted: the stored key, the template,
 * the directory copy, the push log and the kept previous signatures (docs/decisions/0135, 0138). Without a connection no schedule,
 * sync or push does anything for it. Runs inside the deleting transaction.
 */
export async function eraseWorkspaceOf(
  db: Db | Parameters<Parameters<Db['transaction']>[0]>[0],
  organizationId: string,
): Promise<void> {
  await db.delete(workspaceConnection).where(eq(workspaceConnection.organizationId, organizationId));
  await db.delete(workspacePeople).where(eq(workspacePeople.organizationId, organizationId));
  await db.delete(workspaceTemplate).where(eq(workspaceTemplate.organizationId, organizationId));
  await db.delete(workspacePushLog).where(eq(workspacePushLog.organizationId, organizationId));
  await db.delete(workspacePushRun).where(eq(workspacePushRun.organizationId, organizationId));
  await db.delete(workspacePersonTurn).where(eq(workspacePersonTurn.organizationId, organizationId));
}
