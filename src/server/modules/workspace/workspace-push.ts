import { invalid } from '../../errors';
import type { DryRunEntry, PushBody, PushTarget, TemplateBody } from '../../../shared/api/workspace';
import { overGmailLimit } from '../../../shared/signature/gmail-size';
import { assertCapability, assertManager, requireCallerMembership, seatLimit } from '../teams/team-access';
import type { OrganizationRow } from '../teams/teams.repository';
import { notConnected, type WorkspaceContext } from './workspace-context';
import type { PersonRow } from './workspace.repository';
import { NO_SEAT, noSeatWords, splitBySeats } from './workspace-seats';
import { sendAsTargets } from './workspace-signature';

/** The seats the organization paid for (the trial: 10), as Team & Seats counts them (decision 0137). */
export const seatsOf = (org: Pick<OrganizationRow, 'plan' | 'trialEndsAt' | 'seats'>) => seatLimit(org).limit;

/** The chosen people still in the directory (a person marked gone is never pushed). */
export function selectPeople(everyone: PersonRow[], target: PushTarget): PersonRow[] {
  const people = everyone.filter((p) => !p.goneAt);
  switch (target.kind) {
    case 'all':
      return people;
    case 'department':
      return people.filter((p) => (p.department ?? '') === target.value);
    case 'orgUnit':
      return people.filter(
        (p) => p.orgUnitPath === target.value || p.orgUnitPath.startsWith(`${target.value.replace(/\/$/, '')}/`),
      );
    case 'selection': {
      const wanted = new Set(target.emails.map((e) => e.toLowerCase()));
      return people.filter((p) => wanted.has(p.email));
    }
  }
}

/** What an admin asks for: a dry run or a push of chosen people, and the template whose change re-pushes. */
export function createWorkspacePush(ctx: WorkspaceContext) {
  const { deps, repo } = ctx;
  return {
    async saveTemplate(userId: string, body: TemplateBody) {
      const caller = await requireCallerMembership(ctx.teams, userId);
      assertCapability(caller.organization, 'organizationTemplates');
      assertManager(caller, "change the organization's template");
      await repo.saveTemplate(caller.organization.id, body.template, body.editableFields, userId);
      // Everyone whose signature is already in Gmail gets the new one (unchanged ones are skipped).
      const people = await repo.listPeople(caller.organization.id);
      const again = people
        .filter((p) => !p.goneAt && p.pushStatus !== 'never' && p.pushStatus !== 'skipped')
        .map((p) => p.email);
      const queued = again.length ? await ctx.queuePushes(caller.organization.id, again, 'Template change', userId) : 0;
      return { saved: true, repushQueued: queued };
    },

    async push(
      userId: string,
      body: PushBody,
    ): Promise<
      | { dryRun: true; people: DryRunEntry[] }
      | { dryRun: false; queued: number; noSeat?: number; seatsToAdd?: number; message?: string }
    > {
      const caller = await ctx.managerOf(userId);
      const orgId = caller.organization.id;
      const connection = await repo.findConnection(orgId);
      if (!connection) throw notConnected();
      if (!body.dryRun) ctx.assertPushAllowed(connection);
      const [tplOf, people] = await Promise.all([ctx.templatesOf(orgId), repo.listPeople(orgId)]);
      const chosen = selectPeople(people, body.target);
      if (chosen.length === 0)
        throw invalid('Nobody matches that choice. Sync the directory first, or choose other people.');
      if (body.dryRun) {
        const entries: DryRunEntry[] = [];
        for (const p of chosen) {
          for (const target of sendAsTargets(p, tplOf(p), await ctx.ownSignaturesOf(p), deps.config.publicUrl)) {
            entries.push({
              email: p.email,
              fullName: p.fullName,
              sendAsEmail: target.sendAsEmail,
              label: target.label,
              html: target.html,
              chars: target.storedLength,
              hasGmail: p.hasGmail,
              tooLong: overGmailLimit(target.storedLength),
            });
          }
        }
        return { dryRun: true, people: entries };
      }
      // Beyond the seats paid for, people get "no seat" and the admin how many to add (decision 0137).
      const limit = seatsOf(caller.organization);
      const { within, beyond, seatsToAdd } = splitBySeats(people, chosen, limit);
      for (const p of beyond) await repo.recordPushResult(p.id, { pushStatus: NO_SEAT, pushError: noSeatWords(limit) });
      const queued = within.length
        ? await ctx.queuePushes(
            orgId,
            within.map((p) => p.email),
            await ctx.actorWords(userId),
            userId,
          )
        : 0;
      if (!beyond.length) return { dryRun: false, queued };
      const who = beyond.length === 1 ? '1 person' : `${beyond.length} people`;
      const message = `${who} got no seat: your plan covers ${limit} people. Add ${seatsToAdd} seat${seatsToAdd === 1 ? '' : 's'} in Plan & Billing to push them.`;
      return { dryRun: false, queued, noSeat: beyond.length, seatsToAdd, message };
    },
  };
}
