import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { member, organization, user } from '../../db/schema/auth.schema';
import type { DirectoryPerson } from '../../google/google-resources';
import {
  workspaceConnection,
  workspacePeople,
  workspacePushLog,
  workspaceTemplate,
} from '../../db/schema/workspace.schema';
import { workspacePersonTurn, workspacePushRun } from '../../db/schema/workspace-push.schema';

export type ConnectionRow = typeof workspaceConnection.$inferSelect;
export type PersonRow = typeof workspacePeople.$inferSelect;
/** What one push left for one send-as address of a person (decision 0118). */
export type SendAsPushState = PersonRow['sendAsState'][string];
export type TemplateRow = typeof workspaceTemplate.$inferSelect;
export type PushLogRow = typeof workspacePushLog.$inferSelect;

/** A directory person as the sync stores them: keyed by their address, with whether they have Gmail. */
export type SyncedPerson = Pick<
  DirectoryPerson,
  'fullName' | 'givenName' | 'familyName' | 'title' | 'department' | 'phones' | 'orgUnitPath'
> & { email: string; hasGmail: boolean };

/** Queries only (routes → service → repository). */
export function createWorkspaceRepository(db: Db) {
  return {
    async findOrganization(organizationId: string): Promise<typeof organization.$inferSelect | undefined> {
      const [row] = await db.select().from(organization).where(eq(organization.id, organizationId));
      return row;
    },
    async findUser(userId: string): Promise<{ name: string; email: string; emailVerified: boolean } | undefined> {
      const [row] = await db
        .select({ name: user.name, email: user.email, emailVerified: user.emailVerified })
        .from(user)
        .where(eq(user.id, userId));
      return row;
    },
    async findConnection(organizationId: string): Promise<ConnectionRow | undefined> {
      const [row] = await db
        .select()
        .from(workspaceConnection)
        .where(eq(workspaceConnection.organizationId, organizationId));
      return row;
    },
    async listConnections(): Promise<ConnectionRow[]> {
      return db.select().from(workspaceConnection);
    },
    async saveConnection(values: typeof workspaceConnection.$inferInsert): Promise<void> {
      await db
        .insert(workspaceConnection)
        .values(values)
        .onConflictDoUpdate({
          target: workspaceConnection.organizationId,
          set: {
            clientEmail: values.clientEmail,
            clientId: values.clientId,
            adminEmail: values.adminEmail,
            encryptedKey: values.encryptedKey,
            testMode: values.testMode ?? false,
            domain: values.domain ?? null,
            operatorKey: values.operatorKey ?? false,
            connectedBy: values.connectedBy ?? null,
            connectedAt: new Date(),
          },
        });
    },
    /** The organization that has this Workspace domain connected, if any (docs/decisions/0141). */
    async domainOwner(domain: string): Promise<string | undefined> {
      const [row] = await db
        .select({ organizationId: workspaceConnection.organizationId })
        .from(workspaceConnection)
        .where(eq(workspaceConnection.domain, domain));
      return row?.organizationId;
    },
    async recordSync(organizationId: string, ok: boolean, result: string): Promise<void> {
      await db
        .update(workspaceConnection)
        .set({ lastSyncAt: new Date(), lastSyncOk: ok, lastSyncResult: result })
        .where(eq(workspaceConnection.organizationId, organizationId));
    },
    /** Deletes the key, the people read with it and their kept previous signatures (decision 0138); the audit log stays. */
    async deleteConnection(organizationId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(workspacePushRun).where(eq(workspacePushRun.organizationId, organizationId));
        await tx.delete(workspacePersonTurn).where(eq(workspacePersonTurn.organizationId, organizationId));
        await tx.delete(workspacePeople).where(eq(workspacePeople.organizationId, organizationId));
        await tx.delete(workspaceConnection).where(eq(workspaceConnection.organizationId, organizationId));
      });
    },

    async findTemplate(organizationId: string): Promise<TemplateRow | undefined> {
      const [row] = await db
        .select()
        .from(workspaceTemplate)
        .where(eq(workspaceTemplate.organizationId, organizationId));
      return row;
    },
    async saveTemplate(
      organizationId: string,
      template: unknown,
      editableFields: string[],
      userId: string,
    ): Promise<void> {
      await db
        .insert(workspaceTemplate)
        .values({ organizationId, template, editableFields, updatedBy: userId })
        .onConflictDoUpdate({
          target: workspaceTemplate.organizationId,
          set: { template, editableFields, updatedBy: userId, updatedAt: new Date() },
        });
    },

    async listPeople(organizationId: string): Promise<PersonRow[]> {
      return db
        .select()
        .from(workspacePeople)
        .where(eq(workspacePeople.organizationId, organizationId))
        .orderBy(workspacePeople.email);
    },
    /** The people ahead of this address for a seat: in the directory, with Gmail (decision 0137). */
    async countSeatedBefore(organizationId: string, email: string): Promise<number> {
      const p = workspacePeople;
      const ahead = sql`${p.email} collate "C" < ${email}`;
      const where = and(eq(p.organizationId, organizationId), isNull(p.goneAt), eq(p.hasGmail, true), ahead);
      return (await db.select({ n: count() }).from(p).where(where))[0]?.n ?? 0;
    },
    async findPerson(organizationId: string, email: string): Promise<PersonRow | undefined> {
      const [row] = await db
        .select()
        .from(workspacePeople)
        .where(and(eq(workspacePeople.organizationId, organizationId), eq(workspacePeople.email, email.toLowerCase())));
      return row;
    },
    /**
     * The caller's own row: linked to their account, or carrying their address, and only while they
     * are a verified member of the organization (docs/decisions/0131).
     */
    async findPersonOfUser(organizationId: string, userId: string): Promise<PersonRow | undefined> {
      const [me] = await db
        .select({ email: user.email })
        .from(user)
        .innerJoin(member, and(eq(member.userId, user.id), eq(member.organizationId, organizationId)))
        .where(and(eq(user.id, userId), eq(user.emailVerified, true)));
      if (!me) return undefined;
      const [row] = await db
        .select()
        .from(workspacePeople)
        .where(
          and(
            eq(workspacePeople.organizationId, organizationId),
            sql`(${workspacePeople.linkedUserId} = ${userId} or ${workspacePeople.email} = ${me.email.toLowerCase()})`,
          ),
        )
        .limit(1);
      return row;
    },
    /** Whether the account is, now, a verified member of the organization (its own signatures may be used). */
    async isVerifiedMember(organizationId: string, userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: user.id })
        .from(user)
        .innerJoin(member, and(eq(member.userId, user.id), eq(member.organizationId, organizationId)))
        .where(and(eq(user.id, userId), eq(user.emailVerified, true)));
      return !!row;
    },
    /** Who a directory listing `emails` would remove: people now listed (not already gone) missing from it. */
    async wouldRemove(organizationId: string, emails: string[]): Promise<{ email: string; fullName: string }[]> {
      const listed = new Set(emails);
      const rows = await db
        .select({ email: workspacePeople.email, fullName: workspacePeople.fullName })
        .from(workspacePeople)
        .where(and(eq(workspacePeople.organizationId, organizationId), isNull(workspacePeople.goneAt)))
        .orderBy(workspacePeople.email);
      return rows.filter((r) => !listed.has(r.email));
    },
    async countListed(organizationId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(workspacePeople)
        .where(and(eq(workspacePeople.organizationId, organizationId), isNull(workspacePeople.goneAt)));
      return Number(row?.n ?? 0);
    },
    async setPendingRemoval(organizationId: string, people: { email: string; fullName: string }[] | null) {
      await db
        .update(workspaceConnection)
        .set({ pendingRemoval: people })
        .where(eq(workspaceConnection.organizationId, organizationId));
    },
    /**
     * Writes the directory's people: new ones added, known ones updated (their own edits and push
     * status kept), people no longer listed marked gone (kept with their edits, restored when listed
     * again), people gone for longer than `keepGoneMs` deleted (docs/decisions/0132). Answers the
     * addresses whose directory data changed.
     */
    async applyDirectory(
      organizationId: string,
      people: SyncedPerson[],
      keepGoneMs: number,
    ): Promise<{ changed: string[]; added: number; removed: number; restored: number; purged: number }> {
      return db.transaction(async (tx) => {
        // A sync that read the directory while the connection was removed writes nothing back.
        const [still] = await tx
          .select({ id: workspaceConnection.organizationId })
          .from(workspaceConnection)
          .where(eq(workspaceConnection.organizationId, organizationId))
          .for('update');
        if (!still) return { changed: [], added: 0, removed: 0, restored: 0, purged: 0 };
        const existing = await tx
          .select()
          .from(workspacePeople)
          .where(eq(workspacePeople.organizationId, organizationId));
        const byEmail = new Map(existing.map((p) => [p.email, p]));
        const emails = people.map((p) => p.email);
        const listed = new Set(emails);
        // Only a verified member of THIS organization is linked (docs/decisions/0131): an account
        // that merely carries the address (unverified, or of another organization) is a stranger.
        const accounts = emails.length
          ? await tx
              .select({ id: user.id, email: user.email })
              .from(user)
              .innerJoin(member, and(eq(member.userId, user.id), eq(member.organizationId, organizationId)))
              .where(and(inArray(sql`lower(${user.email})`, emails), eq(user.emailVerified, true)))
          : [];
        const accountOf = new Map(accounts.map((a) => [a.email.toLowerCase(), a.id]));
        const changed: string[] = [];
        let added = 0;
        let restored = 0;
        const now = new Date();
        for (const p of people) {
          const linkedUserId = accountOf.get(p.email) ?? null;
          const before = byEmail.get(p.email);
          if (!before) {
            added += 1;
            await tx.insert(workspacePeople).values({ organizationId, ...p, linkedUserId, syncedAt: now });
            continue;
          }
          if (before.goneAt) restored += 1;
          const same =
            before.fullName === p.fullName &&
            before.givenName === p.givenName &&
            before.familyName === p.familyName &&
            before.title === p.title &&
            before.department === p.department &&
            JSON.stringify(before.phones) === JSON.stringify(p.phones) &&
            before.orgUnitPath === p.orgUnitPath &&
            before.hasGmail === p.hasGmail;
          if (!same) changed.push(p.email);
          await tx
            .update(workspacePeople)
            .set({ ...p, linkedUserId, syncedAt: now, goneAt: null })
            .where(eq(workspacePeople.id, before.id));
        }
        const missing = existing.filter((p) => !listed.has(p.email));
        const newlyGone = missing.filter((p) => !p.goneAt).map((p) => p.id);
        const expired = missing
          .filter((p) => p.goneAt && now.getTime() - p.goneAt.getTime() > keepGoneMs)
          .map((p) => p.id);
        if (newlyGone.length)
          await tx.update(workspacePeople).set({ goneAt: now }).where(inArray(workspacePeople.id, newlyGone));
        if (expired.length) await tx.delete(workspacePeople).where(inArray(workspacePeople.id, expired));
        return { changed, added, removed: newlyGone.length, restored, purged: expired.length };
      });
    },
    async saveOverrides(personId: string, overrides: Record<string, unknown>): Promise<void> {
      await db.update(workspacePeople).set({ overrides }).where(eq(workspacePeople.id, personId));
    },
    async markPending(organizationId: string, emails: string[]): Promise<void> {
      if (!emails.length) return;
      await db
        .update(workspacePeople)
        .set({ pushStatus: 'pending', pushError: null })
        .where(and(eq(workspacePeople.organizationId, organizationId), inArray(workspacePeople.email, emails)));
    },
    async recordPushResult(
      personId: string,
      values: Partial<
        Pick<PersonRow, 'pushStatus' | 'pushedAt' | 'pushError' | 'sentHash' | 'storedHash' | 'sendAsState'>
      >,
    ): Promise<void> {
      await db.update(workspacePeople).set(values).where(eq(workspacePeople.id, personId));
    },

    async addAudit(values: typeof workspacePushLog.$inferInsert): Promise<void> {
      await db.insert(workspacePushLog).values(values);
    },
    async listAudit(organizationId: string, limit = 100): Promise<PushLogRow[]> {
      return db
        .select()
        .from(workspacePushLog)
        .where(eq(workspacePushLog.organizationId, organizationId))
        .orderBy(desc(workspacePushLog.createdAt))
        .limit(limit);
    },
  };
}

export type WorkspaceRepository = ReturnType<typeof createWorkspaceRepository>;
