import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invitation, member, organization, user } from '../../db/schema/auth.schema';
import { eraseWorkspaceOf } from '../workspace/workspace-erase.service';
import type { SignatureDefaults, TeamRole } from '../../../shared/validation/account-schemas';

export type OrganizationRow = typeof organization.$inferSelect;
export type InvitationRow = typeof invitation.$inferSelect;
type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database or an open transaction: both build the same queries. */
export type Executor = Db | Transaction;

export function createTeamsRepository(db: Db) {
  return {
    ...createTeamsQueries(db),
    /** Runs `work` in one transaction, with the same queries bound to it. */
    async inTransaction<T>(work: (tx: TeamsQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(createTeamsQueries(tx)));
    },
  };
}

function createTeamsQueries(db: Executor) {
  return {
    /** The organization a user works in: the oldest membership (a user belongs to one at a time). */
    async findMembershipOfUser(userId: string) {
      const [row] = await db
        .select({ memberId: member.id, role: member.role, organization })
        .from(member)
        .innerJoin(organization, eq(member.organizationId, organization.id))
        .where(eq(member.userId, userId))
        .orderBy(asc(member.createdAt))
        .limit(1);
      return row ? { ...row, role: row.role as TeamRole } : undefined;
    },

    /** Serialises seat checks: a second invite or accept waits until the first has committed. */
    async lockOrganization(organizationId: string): Promise<OrganizationRow | undefined> {
      const [row] = await db.select().from(organization).where(eq(organization.id, organizationId)).for('update');
      return row;
    },

    async updateOrganization(
      organizationId: string,
      values: Partial<{
        name: string;
        domain: string | null;
        logo: string | null;
        signatureDefaults: SignatureDefaults | null;
      }>,
    ): Promise<OrganizationRow | undefined> {
      const [row] = await db.update(organization).set(values).where(eq(organization.id, organizationId)).returning();
      return row;
    },

    async listMembers(organizationId: string) {
      const rows = await db
        .select({
          id: member.id,
          userId: member.userId,
          role: member.role,
          createdAt: member.createdAt,
          email: user.email,
          name: user.name,
        })
        .from(member)
        .innerJoin(user, eq(member.userId, user.id))
        .where(eq(member.organizationId, organizationId))
        .orderBy(asc(member.createdAt), asc(member.id));
      return rows.map((r) => ({ ...r, role: r.role as TeamRole }));
    },

    async countMembers(organizationId: string, exceptUserId?: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(member)
        .where(
          and(eq(member.organizationId, organizationId), exceptUserId ? ne(member.userId, exceptUserId) : undefined),
        );
      return row?.n ?? 0;
    },

    async findMember(organizationId: string, memberId: string) {
      const [row] = await db
        .select({ id: member.id, userId: member.userId, role: member.role, name: user.name, email: user.email })
        .from(member)
        .innerJoin(user, eq(member.userId, user.id))
        .where(and(eq(member.id, memberId), eq(member.organizationId, organizationId)))
        .limit(1);
      return row ? { ...row, role: row.role as TeamRole } : undefined;
    },

    async findMemberByEmail(organizationId: string, email: string) {
      const [row] = await db
        .select({ id: member.id })
        .from(member)
        .innerJoin(user, eq(member.userId, user.id))
        .where(and(eq(member.organizationId, organizationId), eq(user.email, email)))
        .limit(1);
      return row;
    },

    async setMemberRole(organizationId: string, memberId: string, role: TeamRole) {
      const [row] = await db
        .update(member)
        .set({ role })
        .where(and(eq(member.id, memberId), eq(member.organizationId, organizationId)))
        .returning();
      return row;
    },

    async deleteMember(organizationId: string, memberId: string) {
      const [row] = await db
        .delete(member)
        .where(and(eq(member.id, memberId), eq(member.organizationId, organizationId)))
        .returning();
      return row;
    },

    async insertMember(values: { organizationId: string; userId: string; role: TeamRole }) {
      await db.insert(member).values({ id: randomUUID(), ...values });
    },

    async listPendingInvitations(organizationId: string): Promise<InvitationRow[]> {
      return db
        .select()
        .from(invitation)
        .where(and(eq(invitation.organizationId, organizationId), eq(invitation.status, 'pending')))
        .orderBy(asc(invitation.createdAt), asc(invitation.id));
    },

    /** Pending invitations that can still be accepted hold a seat each. */
    async countOpenInvitations(organizationId: string, now: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(invitation)
        .where(
          and(
            eq(invitation.organizationId, organizationId),
            eq(invitation.status, 'pending'),
            gt(invitation.expiresAt, now),
          ),
        );
      return row?.n ?? 0;
    },

    async findInvitation(organizationId: string, invitationId: string): Promise<InvitationRow | undefined> {
      const [row] = await db
        .select()
        .from(invitation)
        .where(and(eq(invitation.id, invitationId), eq(invitation.organizationId, organizationId)))
        .limit(1);
      return row;
    },

    async findPendingInvitationByEmail(organizationId: string, email: string): Promise<InvitationRow | undefined> {
      const [row] = await db
        .select()
        .from(invitation)
        .where(
          and(
            eq(invitation.organizationId, organizationId),
            eq(invitation.email, email),
            eq(invitation.status, 'pending'),
          ),
        )
        .limit(1);
      return row;
    },

    /** An invitation with what its accept page shows: the organization's and the inviter's names. */
    async findInvitationForAcceptPage(invitationId: string) {
      const [row] = await db
        .select({ invitation, organizationName: organization.name, inviterName: user.name, inviterEmail: user.email })
        .from(invitation)
        .innerJoin(organization, eq(invitation.organizationId, organization.id))
        .innerJoin(user, eq(invitation.inviterId, user.id))
        .where(eq(invitation.id, invitationId))
        .limit(1);
      return row;
    },

    async insertInvitation(values: {
      organizationId: string;
      email: string;
      role: TeamRole;
      inviterId: string;
      expiresAt: Date;
    }) {
      const [row] = await db
        .insert(invitation)
        .values({ id: randomUUID(), status: 'pending', ...values })
        .returning();
      return row!;
    },

    /** A new expiry also retires the previous link, whose signature covered the old one. */
    async renewInvitation(invitationId: string, values: { expiresAt: Date; inviterId: string }) {
      const [row] = await db.update(invitation).set(values).where(eq(invitation.id, invitationId)).returning();
      return row!;
    },

    /** Moves a pending invitation on; undefined when it was no longer pending (someone got there first). */
    async closeInvitation(invitationId: string, status: 'accepted' | 'canceled') {
      const [row] = await db
        .update(invitation)
        .set({ status })
        .where(and(eq(invitation.id, invitationId), eq(invitation.status, 'pending')))
        .returning();
      return row;
    },

    /** The organization's Google Workspace connection, directory copy, template and push log. */
    async eraseWorkspace(organizationId: string) {
      await eraseWorkspaceOf(db, organizationId);
    },

    async deleteOrganization(organizationId: string) {
      await db.delete(organization).where(eq(organization.id, organizationId));
    },

    /**
     * Someone who leaves a team (or whose team is deleted) keeps working in an organization of
     * their own, on the Free plan: the 7-day trial is given once, at signup.
     */
    async createPersonalOrganization(owner: { id: string; name: string; email: string }, seats: number) {
      const id = randomUUID();
      const base = owner.name.trim() || owner.email.split('@')[0] || 'My';
      await db.insert(organization).values({
        id,
        name: `${base}'s organization`.slice(0, 100),
        slug: `org-${id}`,
        plan: 'free',
        trialEndsAt: null,
        seats,
      });
      await db.insert(member).values({ id: randomUUID(), organizationId: id, userId: owner.id, role: 'owner' });
      return id;
    },

    async findUser(userId: string) {
      const [row] = await db
        .select({ id: user.id, name: user.name, email: user.email })
        .from(user)
        .where(eq(user.id, userId))
        .limit(1);
      return row;
    },

    /** The members' user ids, for a whole organization being deleted. */
    async listMemberUsers(organizationId: string) {
      return db
        .select({ id: user.id, name: user.name, email: user.email })
        .from(member)
        .innerJoin(user, eq(member.userId, user.id))
        .where(eq(member.organizationId, organizationId));
    },
  };
}
export type TeamsQueries = ReturnType<typeof createTeamsQueries>;
export type TeamsRepository = ReturnType<typeof createTeamsRepository>;
