import { AppError, invalid } from '../../errors';
import { isGoogleWorkspaceError } from '../../google/errors';
import type { ConfirmRemovalBody } from '../../../shared/api/workspace';
import { SYNC_QUEUE, notConnected, type SyncJob, type WorkspaceContext } from './workspace-context';
import type { SyncedPerson } from './workspace.repository';
import { stoppedWords } from './workspace-health';
import { createWorkspaceGroups } from './workspace-groups';

/** A person missing from the directory is kept this long with their edits (docs/decisions/0132). */
export const KEEP_GONE_MS = 30 * 24 * 60 * 60 * 1000;
/** A sync that would remove more than this share of the people (or everyone) waits for an admin. */
export const REMOVAL_CONFIRM_SHARE = 0.1;

const plural = (n: number) => `${n} ${n === 1 ? 'person' : 'people'}`;

/** Reading the organization's directory: asked for by an admin or the schedule, run as a job. */
export function createWorkspaceSync(ctx: WorkspaceContext) {
  const { deps, repo } = ctx;
  const groups = createWorkspaceGroups(ctx);

  /** The directory's active people: suspended and archived users are left out, like Google's own tools do. */
  async function readDirectory(job: SyncJob): Promise<{ people: SyncedPerson[]; withoutGmail: number } | null> {
    const conn = (await repo.findConnection(job.organizationId))!;
    if (conn.stoppedAt) {
      await repo.recordSync(job.organizationId, false, stoppedWords(conn.stoppedReason ?? '', 'Not read'));
      return null;
    }
    const people: SyncedPerson[] = [];
    let withoutGmail = 0;
    try {
      for await (const page of ctx.clientOf(conn, 'sync').listDirectory(conn.adminEmail)) {
        for (const p of page) {
          if (p.suspended || p.archived) continue;
          if (!p.isMailboxSetup) withoutGmail += 1;
          people.push({
            email: p.primaryEmail.toLowerCase(),
            fullName: p.fullName,
            givenName: p.givenName,
            familyName: p.familyName,
            title: p.title,
            department: p.department,
            phones: p.phones,
            orgUnitPath: p.orgUnitPath || '/',
            hasGmail: p.isMailboxSetup,
          });
        }
      }
    } catch (err) {
      if (isGoogleWorkspaceError(err)) {
        if (err.effect === 'systemic') await ctx.health.stop(job.organizationId, err);
        await repo.recordSync(job.organizationId, false, `The directory could not be read: ${err.message}`);
        // Tried again within the job's budget already (decision 0134); a longer wait Google asked
        // for brings the sync back then. Anything else waits for the next sync.
        if (err.retryable && err.retryAfterSeconds !== undefined) {
          const startAfter = new Date(Date.now() + err.retryAfterSeconds * 1000);
          await deps.jobs.send<SyncJob>(SYNC_QUEUE, job, { singletonKey: job.organizationId, startAfter });
        }
        return null;
      }
      throw err;
    }
    return { people, withoutGmail };
  }

  /**
   * A short answer is not proof that people left (an empty page, an admin whose role covers only
   * some units): removing more than 10% of the people, or everyone, waits for an admin who saw the
   * list. Answers true when the sync must stop.
   */
  async function mustAsk(job: SyncJob, people: SyncedPerson[]): Promise<boolean> {
    const wouldGo = await repo.wouldRemove(
      job.organizationId,
      people.map((p) => p.email),
    );
    const listed = await repo.countListed(job.organizationId);
    const confirmed = new Set(job.confirmed ?? []);
    const tooMany =
      wouldGo.length > 0 && (wouldGo.length === listed || wouldGo.length > listed * REMOVAL_CONFIRM_SHARE);
    if (!tooMany || wouldGo.every((p) => confirmed.has(p.email))) {
      await repo.setPendingRemoval(job.organizationId, null);
      return false;
    }
    await repo.setPendingRemoval(job.organizationId, wouldGo);
    await repo.recordSync(
      job.organizationId,
      false,
      `Stopped: the directory lists ${plural(people.length)}, so this sync would remove ${wouldGo.length} of your ${plural(listed)}. Nobody was removed. If they really left, confirm on the Workspace page; if the admin's role covers only some organizational units, connect with a super admin instead.`,
    );
    return true;
  }

  return {
    async requestSync(userId: string) {
      const caller = await ctx.managerOf(userId);
      if (!(await repo.findConnection(caller.organization.id))) throw notConnected();
      const id = await deps.jobs.send<SyncJob>(
        SYNC_QUEUE,
        { organizationId: caller.organization.id, actor: await ctx.actorWords(userId) },
        { singletonKey: caller.organization.id },
      );
      return { queued: id !== null, message: id ? 'Reading the directory now.' : 'A sync is already waiting to run.' };
    },

    /** The admin saw who would go and agrees: the sync runs again, allowed to remove exactly them. */
    async confirmRemoval(userId: string, body: ConfirmRemovalBody) {
      const caller = await ctx.managerOf(userId);
      const conn = await repo.findConnection(caller.organization.id);
      if (!conn) throw notConnected();
      const pending = conn.pendingRemoval ?? [];
      if (!pending.length) throw new AppError('CONFLICT', 'No sync is waiting for a confirmation.');
      const agreed = new Set(body.emails.map((e) => e.toLowerCase()));
      const missing = pending.filter((p) => !agreed.has(p.email));
      if (missing.length)
        throw invalid(
          `The confirmation must name everyone the sync would remove; ${missing.length} ${missing.length === 1 ? 'is' : 'are'} missing (${missing[0]!.email}…). Reload the Workspace page and confirm again.`,
        );
      const id = await deps.jobs.send<SyncJob>(
        SYNC_QUEUE,
        { organizationId: caller.organization.id, actor: await ctx.actorWords(userId), confirmed: [...agreed] },
        { singletonKey: `${caller.organization.id}:confirmed` },
      );
      return {
        queued: id !== null,
        message: id
          ? `Reading the directory again; ${plural(pending.length)} will be marked gone.`
          : 'A sync is already waiting to run.',
      };
    },

    async runSync(job: SyncJob): Promise<void> {
      if (!(await repo.findConnection(job.organizationId))) return;
      if (!(await ctx.orgCapable(job.organizationId))) {
        await repo.recordSync(job.organizationId, false, 'Not synced: Google Workspace is part of the Pro plan.');
        return;
      }
      const read = await readDirectory(job);
      if (!read || (await mustAsk(job, read.people))) return;
      const { people, withoutGmail } = read;
      const result = await repo.applyDirectory(job.organizationId, people, KEEP_GONE_MS);
      // A connection removed while the directory was read has no groups to read.
      const conn = await repo.findConnection(job.organizationId);
      const grouped = conn ? await groups.readGroups(conn) : { words: '', changed: [] };
      const back = result.restored ? `, ${result.restored} back` : '';
      const words = `${plural(people.length)} read (${result.added} new, ${result.removed} removed${back}, ${result.changed.length} changed)${withoutGmail ? `, ${withoutGmail} without Gmail` : ''}.${result.removed ? ' People no longer listed are kept 30 days with their edits and come back if they return.' : ''}${grouped.words}`;
      await repo.recordSync(job.organizationId, true, words);
      // People whose directory data or groups changed get their new signature, if theirs is already in Gmail.
      const changed = new Set([...result.changed, ...grouped.changed]);
      const all = await repo.listPeople(job.organizationId);
      const again = all
        .filter((p) => !p.goneAt && changed.has(p.email) && !['never', 'restored'].includes(p.pushStatus))
        .map((p) => p.email);
      if (again.length)
        await ctx.queuePushes(job.organizationId, again, 'Directory change', null, { target: 'Directory change' });
    },
  };
}
