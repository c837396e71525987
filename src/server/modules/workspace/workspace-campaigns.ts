import type { WorkspaceContext } from './workspace-context';
import { sendAsTargets } from './workspace-signature';

/** Someone a campaign's size guard measures: their address and the longest HTML a push would write for them. */
export type MeasuredPerson = { email: string; name: string; html: string };

/**
 * What campaigns ask of Workspace (decision 0223): the pushes at a campaign's start and end, and each
 * directory person's signatures as a push would write them now (without a banner), for the size guard.
 */
export function createWorkspaceCampaigns(ctx: WorkspaceContext) {
  return {
    /** The people's pushes again, in the campaign's name (no admin: the schedule does it). */
    repushForCampaign: (organizationId: string, emails: string[], actor: string) =>
      ctx.queuePushes(organizationId, emails, actor, null, { target: actor }),

    /** Each directory person still listed: the longest HTML of the addresses a push writes for them. */
    async pushedHtmlsOf(organizationId: string): Promise<MeasuredPerson[]> {
      const people = (await ctx.repo.listPeople(organizationId)).filter((p) => !p.goneAt);
      if (!people.length) return [];
      const tplOf = await ctx.templatesOf(organizationId);
      const out: MeasuredPerson[] = [];
      for (const person of people) {
        const targets = sendAsTargets(
          person,
          tplOf(person),
          await ctx.ownSignaturesOf(person),
          ctx.deps.config.publicUrl,
        );
        const longest = targets.reduce((a, b) => (b.storedLength > a.storedLength ? b : a));
        out.push({ email: person.email, name: person.fullName, html: longest.html });
      }
      return out;
    },
  };
}
