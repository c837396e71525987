import { and, count, desc, eq, inArray, isNotNull, isNull, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import { daysAfter } from '../../../shared/duration';
import type { Db } from '../../db/client';
import { workspacePushItem, workspacePushRun } from '../../db/schema/workspace-push.schema';

export type PushRunRow = typeof workspacePushRun.$inferSelect;
export type PushItemRow = typeof workspacePushItem.$inferSelect;
export type RunKind = 'push' | 'restore';

/** How many pushes (and restores) of an organization keep their previous signatures, and for how long (decision 0138). */
export const KEEP_RUNS = 20;
export const KEEP_RUN_DAYS = 90;

const item = workspacePushItem;
const run = workspacePushRun;
/** An item has something to put back: an address we overwrote, not yet restored. */
const restorable = and(isNull(item.restoredAt), sql`${item.previous} <> '{}'::jsonb`);

/** Queries only: every one is scoped to one organization (a run id alone reaches nothing). */
export function createPushRunRepository(db: Db) {
  return { ...runWrites(db), ...runReads(db) };
}

/** New runs, their results and what they kept. */
function runWrites(db: Db) {
  return {
    /**
     * A new run with one waiting row per person; runs past the newest KEEP_RUNS or older than
     * KEEP_RUN_DAYS go, with what they kept (decision 0138).
     */
    async createRun(
      values: Pick<PushRunRow, 'organizationId' | 'kind' | 'target' | 'actor' | 'actorUserId'> & {
        restoreOf?: string | null;
      },
      emails: string[],
      now = new Date(),
    ): Promise<string> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(run)
          .values({ ...values, createdAt: now })
          .returning({ id: run.id });
        const id = row!.id;
        for (let i = 0; i < emails.length; i += 500) {
          const chunk = emails.slice(i, i + 500);
          await tx.insert(item).values(
            chunk.map((personEmail) => ({
              runId: id,
              organizationId: values.organizationId,
              personEmail,
              createdAt: now,
            })),
          );
        }
        const keep = tx
          .select({ id: run.id })
          .from(run)
          .where(eq(run.organizationId, values.organizationId))
          .orderBy(desc(run.createdAt))
          .limit(KEEP_RUNS);
        const oldest = daysAfter(now, -KEEP_RUN_DAYS);
        await tx
          .delete(run)
          .where(
            and(eq(run.organizationId, values.organizationId), or(notInArray(run.id, keep), lt(run.createdAt, oldest))),
          );
        return id;
      });
    },

    /** One run's own row for the person. */
    async recordItemResult(organizationId: string, runId: string, email: string, result: string) {
      await db
        .update(item)
        .set({ result })
        .where(and(eq(item.organizationId, organizationId), eq(item.runId, runId), eq(item.personEmail, email)));
    },
    async markRestored(organizationId: string, runId: string, email: string, at = new Date()) {
      await db
        .update(item)
        .set({ restoredAt: at })
        .where(and(eq(item.organizationId, organizationId), eq(item.runId, runId), eq(item.personEmail, email)));
    },
    /**
     * What the address held right before this push overwrote it, into every waiting row of the
     * person's pushes queued before the job started (one job serves each push that waited for it).
     * The first copy a push keeps wins: a job that runs again finds our own signature there.
     */
    async keepPrevious(organizationId: string, email: string, startedAt: Date, address: string, html: string) {
      await db
        .update(item)
        .set({ previous: sql`jsonb_build_object(${address}::text, ${html}::text) || ${item.previous}` })
        .where(waitingPushItems(db, organizationId, email, startedAt));
    },
    /** The person's result, into every waiting row of their pushes queued before the job started. */
    async recordPushResult(organizationId: string, email: string, startedAt: Date, result: string) {
      await db
        .update(item)
        .set({ result })
        .where(waitingPushItems(db, organizationId, email, startedAt));
    },
  };
}

/** Runs, their counts and what can be put back. */
function runReads(db: Db) {
  return {
    async findRun(organizationId: string, runId: string): Promise<PushRunRow | undefined> {
      const [row] = await db
        .select()
        .from(run)
        .where(and(eq(run.organizationId, organizationId), eq(run.id, runId)));
      return row;
    },
    async latestRun(organizationId: string, kind: RunKind): Promise<PushRunRow | undefined> {
      const [row] = await db
        .select()
        .from(run)
        .where(and(eq(run.organizationId, organizationId), eq(run.kind, kind)))
        .orderBy(desc(run.createdAt))
        .limit(1);
      return row;
    },
    /** The organization's newest runs of one kind, newest first (at most the KEEP_RUNS kept). */
    async recentRuns(organizationId: string, kind: RunKind, limit = KEEP_RUNS): Promise<PushRunRow[]> {
      return db
        .select()
        .from(run)
        .where(and(eq(run.organizationId, organizationId), eq(run.kind, kind)))
        .orderBy(desc(run.createdAt))
        .limit(limit);
    },
    /** How many of the run's people are in each result (null: still to go), and how many can be restored. */
    async countResults(organizationId: string, runId: string) {
      return (await countsOf(db, organizationId, [runId])).get(runId) ?? { byResult: new Map(), restorable: 0 };
    },
    /** The same counts for several runs of the organization at once, by run id. */
    countResultsOfRuns: (organizationId: string, runIds: string[]) => countsOf(db, organizationId, runIds),

    async findItem(organizationId: string, runId: string, email: string): Promise<PushItemRow | undefined> {
      const [row] = await db
        .select()
        .from(item)
        .where(and(eq(item.organizationId, organizationId), eq(item.runId, runId), eq(item.personEmail, email)));
      return row;
    },
    /** The people of a push whose previous signature is kept and not yet put back. */
    async restorablePeople(organizationId: string, runId: string): Promise<string[]> {
      const rows = await db
        .select({ email: item.personEmail })
        .from(item)
        .where(and(eq(item.organizationId, organizationId), eq(item.runId, runId), restorable))
        .orderBy(item.personEmail);
      return rows.map((r) => r.email);
    },
    /** Each person's latest push that changed their Gmail and is not yet restored: its run and when. */
    async latestRestorable(organizationId: string, emails?: string[]) {
      const rows = await db
        .select({ email: item.personEmail, runId: item.runId, at: item.createdAt })
        .from(item)
        .innerJoin(run, eq(run.id, item.runId))
        .where(
          and(
            eq(item.organizationId, organizationId),
            eq(run.kind, 'push'),
            isNotNull(item.result),
            restorable,
            emails ? inArray(item.personEmail, emails) : undefined,
          ),
        )
        .orderBy(desc(item.createdAt));
      const latest = new Map<string, { runId: string; at: Date }>();
      for (const r of rows) if (!latest.has(r.email)) latest.set(r.email, { runId: r.runId, at: r.at });
      return latest;
    },
  };
}

export type RunCounts = { byResult: Map<string | null, number>; restorable: number };

async function countsOf(db: Db, organizationId: string, runIds: string[]): Promise<Map<string, RunCounts>> {
  const counts = new Map<string, RunCounts>();
  if (runIds.length === 0) return counts;
  const rows = await db
    .select({
      runId: item.runId,
      result: item.result,
      n: count(),
      open: sql<number>`count(*) filter (where ${restorable})`,
    })
    .from(item)
    .where(and(eq(item.organizationId, organizationId), inArray(item.runId, runIds)))
    .groupBy(item.runId, item.result);
  for (const r of rows) {
    const c = counts.get(r.runId) ?? { byResult: new Map(), restorable: 0 };
    c.byResult.set(r.result, Number(r.n));
    c.restorable += Number(r.open);
    counts.set(r.runId, c);
  }
  return counts;
}

/** The waiting rows, in push runs, of a person whose job started at `startedAt`. */
function waitingPushItems(db: Db, organizationId: string, email: string, startedAt: Date) {
  const pushRuns = db
    .select({ id: run.id })
    .from(run)
    .where(and(eq(run.organizationId, organizationId), eq(run.kind, 'push')));
  return and(
    eq(item.organizationId, organizationId),
    eq(item.personEmail, email),
    isNull(item.result),
    lte(item.createdAt, startedAt),
    inArray(item.runId, pushRuns),
  );
}

export type PushRunRepository = ReturnType<typeof createPushRunRepository>;
