import type { AliasesBody } from '../../../shared/api/workspace-push';
import { createWorkspaceAliasesRepository } from './workspace-aliases.repository';
import { notConnected, type WorkspaceContext } from './workspace-context';

/**
 * "Also write the organization signature to every accepted alias" (docs/decisions/0142): an admin
 * turns it on or off; everyone whose signature is already in Gmail is pushed again, so their aliases
 * gain the signature (on) or keep what they have and drop out of the statuses (off).
 */
export function createWorkspaceAliases(ctx: WorkspaceContext) {
  const aliases = createWorkspaceAliasesRepository(ctx.deps.db);
  return {
    async setWriteAliases(userId: string, body: AliasesBody) {
      const caller = await ctx.managerOf(userId);
      const orgId = caller.organization.id;
      const connection = await ctx.repo.findConnection(orgId);
      if (!connection) throw notConnected();
      if (connection.writeAliases === body.writeAliases) return { writeAliases: body.writeAliases, repushQueued: 0 };
      await aliases.setWriteAliases(orgId, body.writeAliases);
      const again = (await ctx.repo.listPeople(orgId))
        .filter((p) => !p.goneAt && !['never', 'skipped', 'restored', 'no seat'].includes(p.pushStatus))
        .map((p) => p.email);
      const actor = await ctx.actorWords(userId);
      const repushQueued =
        again.length && !connection.stoppedAt ? await ctx.queuePushes(orgId, again, actor, userId) : 0;
      return { writeAliases: body.writeAliases, repushQueued };
    },
  };
}
