import { and, asc, desc, eq, getTableColumns, or, sql, type GetColumnData, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { invitation, member, organization, session, user } from '../../db/schema/auth.schema';
import { billingPayment, billingSubscription } from '../../db/schema/billing.schema';
import { analyticsEvent, signature, upload } from '../../db/schema/signatures.schema';
import { workspacePeople, workspacePushLog } from '../../db/schema/workspace.schema';
import { workspacePushItem } from '../../db/schema/workspace-push.schema';

/** Some of a table's columns, keyed by their names, in the order given (the export's key order). */
function columnsOf<T extends PgTable, K extends keyof T['_']['columns'] & string>(table: T, names: readonly K[]) {
  const all = getTableColumns(table);
  return Object.fromEntries(names.map((name) => [name, all[name]])) as Pick<T['_']['columns'], K>;
}

const PAYMENT_COLUMNS = [
  'kind',
  'plan',
  'amount',
  'currency',
  'status',
  'description',
  'invoiceUrl',
  'createdAt',
] as const;
const SUBSCRIPTION_DATES = ['trialEndsAt', 'currentPeriodEnd', 'cancelAtPeriodEnd', 'canceledAt', 'createdAt'] as const;

/**
 * The person's Google Workspace data: the directory entries linked to their account (a verified
 * member's, docs/decisions/0131) and the push log about those addresses in those organizations
 * only, and what their Gmail held before each kept push (decision 0138). An entry that merely
 * carries the same address elsewhere is not theirs (decision 0136).
 */
async function workspaceOf(db: Db, userId: string) {
  const entries = await db
    .select({ entry: workspacePeople, organizationName: organization.name })
    .from(workspacePeople)
    .innerJoin(organization, eq(organization.id, workspacePeople.organizationId))
    .where(eq(workspacePeople.linkedUserId, userId))
    .orderBy(asc(workspacePeople.syncedAt), asc(workspacePeople.id));
  if (!entries.length) return { entries, pushes: [], previous: [] };
  const pushes = await db
    .select()
    .from(workspacePushLog)
    .where(
      or(
        ...entries.map(({ entry }) =>
          and(eq(workspacePushLog.organizationId, entry.organizationId), eq(workspacePushLog.personEmail, entry.email)),
        ),
      ),
    )
    .orderBy(asc(workspacePushLog.createdAt), asc(workspacePushLog.id));
  const previous = await db
    .select()
    .from(workspacePushItem)
    .where(
      and(
        sql`${workspacePushItem.previous} <> '{}'::jsonb`,
        or(
          ...entries.map(({ entry }) =>
            and(
              eq(workspacePushItem.organizationId, entry.organizationId),
              eq(workspacePushItem.personEmail, entry.email),
            ),
          ),
        ),
      ),
    )
    .orderBy(asc(workspacePushItem.createdAt));
  return { entries, pushes, previous };
}

/** Reads for the data exports: everything that is one person's, or one organization's. */
export function createDataExportRepository(db: Db) {
  /** The rows of one table that `where` picks, oldest first: the shape of most of an export. */
  async function oldestFirst<F extends Record<string, PgColumn>>(
    fields: F,
    table: PgTable & { createdAt: PgColumn },
    where: SQL | undefined,
  ): Promise<{ [K in keyof F]: GetColumnData<F[K]> }[]> {
    // Drizzle cannot infer a row from a generic selection: the row type is stated above, column by column.
    const selection: Record<string, PgColumn> = fields;
    const rows = await db.select(selection).from(table).where(where).orderBy(asc(table.createdAt));
    return rows as { [K in keyof F]: GetColumnData<F[K]> }[];
  }

  /** One person's rows of a table that has a user_id, oldest first. */
  const ownedBy = <F extends Record<string, PgColumn>>(
    userId: string,
    table: PgTable & { createdAt: PgColumn; userId: PgColumn },
    fields: F,
  ) => oldestFirst(fields, table, eq(table.userId, userId));

  return {
    async findUser(userId: string) {
      const [row] = await db.select().from(user).where(eq(user.id, userId)).limit(1);
      return row;
    },
    async memberships(userId: string) {
      return db
        .select({
          organizationId: member.organizationId,
          name: organization.name,
          role: member.role,
          joinedAt: member.createdAt,
        })
        .from(member)
        .innerJoin(organization, eq(organization.id, member.organizationId))
        .where(eq(member.userId, userId))
        .orderBy(asc(member.createdAt));
    },
    async sessions(userId: string) {
      // Never the token: a session's secret is not the person's data, it is a key to it.
      return ownedBy(userId, session, {
        ...columnsOf(session, ['createdAt']),
        lastActiveAt: session.updatedAt,
        ...columnsOf(session, ['expiresAt', 'userAgent', 'ipAddress']),
      });
    },
    async signaturesOf(userId: string) {
      return db
        .select()
        .from(signature)
        .where(eq(signature.userId, userId))
        .orderBy(desc(signature.isDefault), asc(signature.createdAt), asc(signature.id));
    },
    async uploadsOf(userId: string) {
      return oldestFirst(
        columnsOf(upload, ['id', 'objectKey', 'contentType', 'width', 'height', 'bytes', 'createdAt']),
        upload,
        and(eq(upload.userId, userId), eq(upload.status, 'stored')),
      );
    },
    async activityOf(userId: string) {
      return ownedBy(userId, analyticsEvent, columnsOf(analyticsEvent, ['name', 'properties', 'createdAt']));
    },
    async invitationsSentBy(userId: string) {
      return oldestFirst(
        columnsOf(invitation, ['email', 'role', 'status', 'createdAt', 'expiresAt']),
        invitation,
        eq(invitation.inviterId, userId),
      );
    },
    async subscriptionsOf(userId: string) {
      return ownedBy(userId, billingSubscription, {
        ...columnsOf(billingSubscription, ['provider', 'plan', 'billingPeriod', 'seats']),
        status: billingSubscription.providerStatus,
        ...columnsOf(billingSubscription, SUBSCRIPTION_DATES),
      });
    },
    async paymentsOf(userId: string) {
      return ownedBy(userId, billingPayment, columnsOf(billingPayment, PAYMENT_COLUMNS));
    },
    workspaceOf: (userId: string) => workspaceOf(db, userId),
    async organization(organizationId: string) {
      const [row] = await db.select().from(organization).where(eq(organization.id, organizationId)).limit(1);
      return row;
    },
    async membersOf(organizationId: string) {
      return db
        .select({ userId: user.id, name: user.name, email: user.email, role: member.role, joinedAt: member.createdAt })
        .from(member)
        .innerJoin(user, eq(user.id, member.userId))
        .where(eq(member.organizationId, organizationId))
        .orderBy(asc(member.createdAt));
    },
    async invitationsOf(organizationId: string) {
      return db
        .select({
          ...columnsOf(invitation, ['email', 'role', 'status']),
          invitedBy: user.email,
          ...columnsOf(invitation, ['createdAt', 'expiresAt']),
        })
        .from(invitation)
        .innerJoin(user, eq(user.id, invitation.inviterId))
        .where(eq(invitation.organizationId, organizationId))
        .orderBy(asc(invitation.createdAt));
    },
    async signaturesOfOrganization(organizationId: string) {
      return db
        .select({ signature, ownerEmail: user.email })
        .from(signature)
        .innerJoin(member, and(eq(member.userId, signature.userId), eq(member.organizationId, organizationId)))
        .innerJoin(user, eq(user.id, signature.userId))
        .orderBy(asc(signature.createdAt), asc(signature.id));
    },
  };
}
export type DataExportRepository = ReturnType<typeof createDataExportRepository>;
