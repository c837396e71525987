import { invalid } from '../../errors';
import type { DryRunEntry, PushBody, PushTarget, TemplateBody } from '../../../shared/api/workspace';
import { overGmailLimit } from '../../../shared/signature/gmail-size';
import { assertCapability, assertManager, requireCallerMembership } from '../teams/team-access';
import { notConnected, type WorkspaceContext } from './workspace-context';
import type { PersonRow } from './workspace.repository';
import { sendAsTargets } from './workspace-signature';

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
    ): Promise<{ dryRun: true; people: DryRunEntry[] } | { dryRun: false; queued: number }> {
      const caller = await ctx.managerOf(userId);
      const orgId = caller.organization.id;
      const connection = await repo.findConnection(orgId);
      if (!connection) throw notConnected();
      if (!body.dryRun) ctx.assertPushAllowed(connection);
      const [tpl, people] = await Promise.all([ctx.templateOf(orgId), repo.listPeople(orgId)]);
      const chosen = selectPeople(people, body.target);
      if (chosen.length === 0)
        throw invalid('Nobody matches that choice. Sync the directory first, or choose other people.');
      if (body.dryRun) {
        const entries: DryRunEntry[] = [];
        for (const p of chosen) {
          for (const target of sendAsTargets(p, tpl, await ctx.ownSignaturesOf(p), deps.config.publicUrl)) {
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
      const queued = await ctx.queuePushes(
        orgId,
        chosen.map((p) => p.email),
        await ctx.actorWords(userId),
        userId,
      );
      return { dryRun: false, queued };
    },
  };
}
