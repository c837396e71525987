import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { member, user } from '../../db/schema/auth.schema';
import { memberTeam } from '../../db/schema/signature-rules.schema';
import { workspaceConnection, workspacePeople } from '../../db/schema/workspace.schema';

/** Someone the rules place: a Workspace directory entry, or a member of an organization without Workspace. */
export type RulePersonRow = {
  id: string;
  email: string;
  name: string;
  orgUnitPath: string | null;
  department: string | null;
  groups: string[];
  /** Workspace people only: whether a push already reached them (a change re-pushes those). */
  pushStatus: string | null;
};

/** Whom the rules place, and members' teams: queries only, each scoped to one organization. */
export function createRulePeopleRepository(db: Db) {
  return {
    async isWorkspaceConnected(organizationId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: workspaceConnection.organizationId })
        .from(workspaceConnection)
        .where(eq(workspaceConnection.organizationId, organizationId));
      return row !== undefined;
    },
    /**
     * The directory's people still listed (a person marked gone is never pushed). Read as plain rows:
     * this list runs to tens of thousands and the query builder's per-cell mapping cost more than the
     * query itself (bench/signature-rules.bench.ts).
     */
    async listDirectoryPeople(organizationId: string): Promise<RulePersonRow[]> {
      const p = workspacePeople;
      const { rows } = await db.execute<RulePersonRow>(sql`
        select ${p.id} as "id", ${p.email} as "email", ${p.fullName} as "name", ${p.orgUnitPath} as "orgUnitPath",
          ${p.department} as "department", ${p.groups} as "groups", ${p.pushStatus} as "pushStatus"
        from ${p}
        where ${p.organizationId} = ${organizationId} and ${p.goneAt} is null
        order by ${p.email}`);
      return rows;
    },
    /** The organization's members with their team; a hand-picked list names them by user id or address. */
    async listMembers(organizationId: string): Promise<RulePersonRow[]> {
      const rows = await db
        .select({ id: user.id, email: user.email, name: user.name, team: memberTeam.team })
        .from(member)
        .innerJoin(user, eq(user.id, member.userId))
        .leftJoin(memberTeam, eq(memberTeam.memberId, member.id))
        .where(eq(member.organizationId, organizationId))
        .orderBy(asc(user.email));
      return rows.map((r) => ({
        id: r.id,
        email: r.email.toLowerCase(),
        name: r.name,
        orgUnitPath: null,
        department: r.team,
        groups: [],
        pushStatus: null,
      }));
    },
    /** Sets (or with '' clears) a member's team, by their user id; false when they are not a member of the organization. */
    async setMemberTeam(organizationId: string, userId: string, team: string): Promise<boolean> {
      const [found] = await db
        .select({ id: member.id })
        .from(member)
        .where(and(eq(member.organizationId, organizationId), eq(member.userId, userId)));
      if (!found) return false;
      if (team === '') await db.delete(memberTeam).where(eq(memberTeam.memberId, found.id));
      else
        await db
          .insert(memberTeam)
          .values({ memberId: found.id, organizationId, team })
          .onConflictDoUpdate({ target: memberTeam.memberId, set: { team } });
      return true;
    },
  };
}

export type RulePeopleRepository = ReturnType<typeof createRulePeopleRepository>;
