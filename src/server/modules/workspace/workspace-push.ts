import { invalid } from '../../errors';
import type { DryRunEntry, PushBody, TemplateBody } from '../../../shared/api/workspace';
import { pushTargetWords, selectPeople } from '../../../shared/workspace/push-words';
import { assertManager, requireCallerMembership, requireCapability, seatLimit } from '../teams/team-access';
import type { OrganizationRow } from '../teams/teams.repository';
import { notConnected, type WorkspaceContext } from './workspace-context';
import { createDryRun } from './workspace-dry-run';
import { NO_SEAT, noSeatWords, splitBySeats } from './workspace-seats';

/** The seats the organization paid for (the trial: 10), as Team & Seats counts them (decision 0137). */
export const seatsOf = (org: Pick<OrganizationRow, 'plan' | 'trialEndsAt' | 'seats'>) => seatLimit(org).limit;

/** What an admin asks for: a dry run or a push of chosen people, and the template whose change re-pushes. */
export function createWorkspacePush(ctx: WorkspaceContext) {
  const { repo, runs } = ctx;
  const dryRun = createDryRun(ctx);
  return {
    async saveTemplate(userId: string, body: TemplateBody) {
      const caller = await requireCallerMembership(ctx.teams, userId);
      await requireCapability(ctx.teams, caller, 'organizationTemplates');
      assertManager(caller, "change the organization's template");
      const photoUrl = await ctx.deps.hostedImage(userId, body.template.photoUrl, 'photoUrl');
      await repo.saveTemplate(caller.organization.id, { ...body.template, photoUrl }, body.editableFields, userId);
      // Everyone whose signature is already in Gmail gets the new one (unchanged ones are skipped);
      // a person an admin restored keeps what was put back until pushed again (decision 0138).
      const people = await repo.listPeople(caller.organization.id);
      const again = people
        .filter((p) => !p.goneAt && !['never', 'skipped', 'restored'].includes(p.pushStatus))
        .map((p) => p.email);
      const queued = again.length
        ? await ctx.queuePushes(caller.organization.id, again, 'Template change', userId, { target: 'Template change' })
        : 0;
      return { saved: true, repushQueued: queued };
    },

    async push(
      userId: string,
      body: PushBody,
    ): Promise<
      | { dryRun: true; people: DryRunEntry[] }
      | { dryRun: false; pushId: string; queued: number; noSeat?: number; seatsToAdd?: number; message?: string }
    > {
      const caller = await ctx.managerOf(userId);
      const orgId = caller.organization.id;
      const connection = await repo.findConnection(orgId);
      if (!connection) throw notConnected();
      if (!body.dryRun) ctx.assertPushAllowed(connection);
      const people = await repo.listPeople(orgId);
      const chosen = selectPeople(people, body.target);
      if (chosen.length === 0)
        throw invalid('Nobody matches that choice. Sync the directory first, or choose other people.');
      if (body.dryRun) return { dryRun: true, people: await dryRun(connection, chosen) };
      // Beyond the seats paid for, people get "no seat" and the admin how many to add (decision 0137).
      const limit = seatsOf(caller.organization);
      const { within, beyond, seatsToAdd } = splitBySeats(people, chosen, limit);
      const actor = await ctx.actorWords(userId);
      // One run for everyone chosen: the confirm box counted them, the summary line accounts for each (decision 0138).
      const pushId = await runs.createRun(
        { organizationId: orgId, kind: 'push', target: pushTargetWords(body.target), actor, actorUserId: userId },
        chosen.map((p) => p.email),
      );
      for (const p of beyond) {
        await repo.recordPushResult(p.id, { pushStatus: NO_SEAT, pushError: noSeatWords(limit) });
        await runs.recordItemResult(orgId, pushId, p.email, 'skipped');
      }
      const queued = within.length
        ? await ctx.queuePushes(
            orgId,
            within.map((p) => p.email),
            actor,
            userId,
            { runId: pushId },
          )
        : 0;
      if (!beyond.length) return { dryRun: false, pushId, queued };
      const who = beyond.length === 1 ? '1 person' : `${beyond.length} people`;
      const message = `${who} got no seat: your plan covers ${limit} people. Add ${seatsToAdd} seat${seatsToAdd === 1 ? '' : 's'} in Plan & Billing to push them.`;
      return { dryRun: false, pushId, queued, noSeat: beyond.length, seatsToAdd, message };
    },
  };
}
