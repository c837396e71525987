import { invalid } from '../../errors';
import { campaignBodySchema, type CampaignBody } from '../../../shared/api/campaigns';
import { zonedTimeToUtc } from '../../../shared/campaigns/campaign-schedule';
import type { MeasuredPerson } from '../workspace/workspace.service';
import type { CampaignAudience } from './campaign-audience';
import type { createCampaignSizeGuard } from './campaign-size-guard';
import type { CampaignValues } from './campaigns.repository';

const NO_GROUPS_WITHOUT_WORKSPACE =
  'Google groups come from Google Workspace: connect it on this page first, or choose everyone or rules.';

/**
 * What a campaign's save checks before it writes (decisions 0222, 0236): the body as stored, its
 * audience against the organization's rules and connection, and the size guard with its banner.
 */
export function createCampaignValues(deps: {
  audience: CampaignAudience;
  sizeGuard: ReturnType<typeof createCampaignSizeGuard>;
  hostedImage: (userId: string, imageURL: string, field: string) => Promise<string>;
  pushedHtmlsOf?: (organizationId: string) => Promise<MeasuredPerson[]>;
}) {
  const { audience } = deps;

  async function rulesOf(organizationId: string) {
    const set = await audience.placement.findRuleSet(organizationId);
    return (set?.rules ?? []).map((r) => ({ id: r.id, name: r.name }));
  }

  /** The body as stored: instants from the wall-clock times, the audience's rules checked, the image ours. */
  async function valuesOf(userId: string, organizationId: string, input: CampaignBody): Promise<CampaignValues> {
    const body = campaignBodySchema.parse(input);
    const known = new Set((await rulesOf(organizationId)).map((r) => r.id));
    const ruleIds = body.audience.kind === 'rules' ? [...new Set(body.audience.ruleIds)] : null;
    if (ruleIds?.some((id) => !known.has(id)))
      throw invalid('Please choose the audience’s rules from the list.', {
        audience: 'Please choose the audience’s rules from the list.',
      });
    const groups = body.audience.kind === 'groups' ? [...new Set(body.audience.groups)] : null;
    if (groups && !(await audience.placement.isWorkspaceConnected(organizationId)))
      throw invalid(NO_GROUPS_WITHOUT_WORKSPACE, { audience: NO_GROUPS_WITHOUT_WORKSPACE });
    return {
      imageUrl: await deps.hostedImage(userId, body.imageUrl, 'imageUrl'),
      altText: body.altText,
      linkUrl: body.linkUrl,
      startsAt: zonedTimeToUtc(body.startsAt, body.timeZone)!,
      endsAt: zonedTimeToUtc(body.endsAt, body.timeZone)!,
      timeZone: body.timeZone,
      audienceRuleIds: ruleIds,
      audienceGroups: groups,
    };
  }

  /** Refuses a campaign whose banner would take anyone of its audience over the size limit. */
  async function assertFits(organizationId: string, values: CampaignValues) {
    const draft = audience.draftMarkupOf(values);
    const { directory, members } = await audience.everyoneOf(organizationId);
    const measured = new Map(
      (directory.length ? ((await deps.pushedHtmlsOf?.(organizationId)) ?? []) : []).map((p) => [p.email, p]),
    );
    const heldDirectory = await audience.audienceOf(organizationId, values, directory);
    const heldMembers = await audience.audienceOf(organizationId, values, members);
    await deps.sizeGuard.assertFits(
      async () => draft,
      heldDirectory.flatMap(({ person, ruleId }) => {
        const m = measured.get(person.email);
        return m ? [{ person: m, ruleId }] : [];
      }),
      heldMembers,
    );
  }

  return { rulesOf, valuesOf, assertFits };
}
