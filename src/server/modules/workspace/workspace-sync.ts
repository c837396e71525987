import { isGoogleWorkspaceError } from '../../google/errors';
import { SYNC_QUEUE, notConnected, type SyncJob, type WorkspaceContext } from './workspace-context';
import type { SyncedPerson } from './workspace.repository';

/** Reading the organization's directory: asked for by an admin or the schedule, run as a job. */
export function createWorkspaceSync(ctx: WorkspaceContext) {
  const { deps, repo } = ctx;
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

    async runSync(job: SyncJob): Promise<void> {
      const conn = await repo.findConnection(job.organizationId);
      if (!conn) return;
      if (!(await ctx.orgCapable(job.organizationId))) {
        await repo.recordSync(job.organizationId, false, 'Not synced: Google Workspace is part of the Pro plan.');
        return;
      }
      const people: SyncedPerson[] = [];
      let withoutGmail = 0;
      try {
        for await (const page of ctx.clientOf(conn).listDirectory(conn.adminEmail)) {
          for (const p of page) {
            if (p.suspended) continue;
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
          await repo.recordSync(job.organizationId, false, `The directory could not be read: ${err.message}`);
          if (err.retryable) throw err;
          return;
        }
        throw err;
      }
      const { changed, added, removed } = await repo.applyDirectory(job.organizationId, people);
      const words = `${people.length} ${people.length === 1 ? 'person' : 'people'} read (${added} new, ${removed} removed, ${changed.length} changed)${withoutGmail ? `, ${withoutGmail} without Gmail` : ''}.`;
      await repo.recordSync(job.organizationId, true, words);
      // People whose directory data changed get their new signature, if theirs is already in Gmail.
      const all = await repo.listPeople(job.organizationId);
      const again = all.filter((p) => changed.includes(p.email) && p.pushStatus !== 'never').map((p) => p.email);
      if (again.length) await ctx.queuePushes(job.organizationId, again, 'Directory change', null);
    },
  };
}
