import { isGoogleWorkspaceError } from '../../google/errors';
import type { WorkspaceContext } from './workspace-context';
import { createWorkspaceGroupsRepository } from './workspace-groups.repository';

type Connection = Parameters<WorkspaceContext['clientOf']>[0];

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The directory people's Google groups (docs/decisions/0236): only the groups the organization's
 * rules and campaigns name are read, with the optional group-member scope and a token of its own, so
 * a missing grant or a failing call leaves the groups last read and never fails the sync.
 */
export function createWorkspaceGroups(ctx: WorkspaceContext) {
  const repo = createWorkspaceGroupsRepository(ctx.deps.db);

  return {
    /** Reads the named groups' members; answers words for the sync's line and whose groups changed. */
    async readGroups(conn: Connection): Promise<{ words: string; changed: string[] }> {
      const organizationId = conn.organizationId;
      const named = [...new Set(((await ctx.deps.groupsNamed?.(organizationId)) ?? []).map((g) => g.toLowerCase()))];
      if (!named.length) return { words: '', changed: await repo.setGroups(organizationId, new Map()) };
      const client = ctx.clientOf(conn, 'sync');
      const byEmail = new Map<string, string[]>();
      const unknown: string[] = [];
      for (const group of named.sort()) {
        try {
          for (const email of await client.listGroupMembers(conn.adminEmail, group))
            byEmail.set(email, [...(byEmail.get(email) ?? []), group]);
        } catch (error) {
          if (!isGoogleWorkspaceError(error)) throw error;
          if (error.kind === 'not_found') unknown.push(group);
          else
            return {
              words: ` Google groups not read (people keep the groups read before): ${error.message}`,
              changed: [],
            };
        }
      }
      const changed = await repo.setGroups(organizationId, byEmail);
      const missing = unknown.length ? `; no such group or no members: ${unknown.join(', ')}` : '';
      return {
        words: ` ${plural(named.length, 'Google group', 'Google groups')} read (${plural(changed.length, 'person', 'people')} changed groups${missing}).`,
        changed,
      };
    },
  };
}
