import type { JobRunner } from '../../jobs/job-runner';
import type { RulePersonRow } from '../signature-rules/signature-rules.service';
import type { CampaignAudience, CampaignAudienceOf } from './campaign-audience';
import type { CampaignRow, CampaignsRepository, Edge } from './campaigns.repository';

export const CAMPAIGN_EDGE_QUEUE = 'campaign-edge';
export type EdgeJob = { campaignId: string; organizationId: string; edge: Edge; at: string };

/** The Workspace pushes a campaign's start and end queue (the push renders whichever banner is current then). */
export type CampaignPushes = {
  repushForCampaign(organizationId: string, emails: string[], actor: string): Promise<number>;
};

/** Only a person whose signature is already in Gmail gets the banner pushed; never-pushed people wait for a push. */
const wasPushed = (p: RulePersonRow) => p.pushStatus !== null && p.pushStatus !== 'never' && p.pushStatus !== 'skipped';

/**
 * A campaign's start and end, on time and once across processes (docs/decisions/0223): each edge is a
 * job of the one jobs runner, due at its instant (`startAfter`) and keyed by campaign, edge and instant
 * (a second save with the same dates queues nothing). Whichever process runs it claims the edge in one
 * conditional statement; only the claim queues the pushes, and a push is one job per person.
 */
export function createCampaignEdges(deps: {
  jobs: JobRunner;
  repo: CampaignsRepository;
  audience: CampaignAudience;
  pushes?: () => CampaignPushes | undefined;
}) {
  const { jobs, repo, audience } = deps;

  /** The directory's people already in Gmail whom any of these audiences holds. */
  async function pushedPeopleOf(organizationId: string, audiences: CampaignAudienceOf[]): Promise<string[]> {
    const { directory } = await audience.everyoneOf(organizationId);
    const pushed = directory.filter(wasPushed);
    const emails = new Set<string>();
    for (const of of audiences)
      for (const { person } of await audience.audienceOf(organizationId, of, pushed)) emails.add(person.email);
    return [...emails];
  }

  async function pushAudiences(organizationId: string, audiences: CampaignAudienceOf[], actor: string) {
    const pushes = deps.pushes?.();
    if (!pushes) return 0;
    const emails = await pushedPeopleOf(organizationId, audiences);
    return emails.length ? pushes.repushForCampaign(organizationId, emails, actor) : 0;
  }

  async function runEdge(job: EdgeJob) {
    const at = new Date(job.at);
    const row = await repo.claimEdge(job.campaignId, job.edge, at);
    if (!row) return;
    try {
      await pushAudiences(row.organizationId, [row], `Campaign ${job.edge}`);
    } catch (error) {
      // Handed back: the job's retry claims the edge again.
      await repo.releaseEdge(row.id, job.edge, at);
      throw error;
    }
  }

  return {
    pushAudiences,
    /** Queues the campaign's start and end at their instants. */
    async schedule(row: CampaignRow) {
      for (const edge of ['start', 'end'] as const) {
        const at = edge === 'start' ? row.startsAt : row.endsAt;
        await jobs.send<EdgeJob>(
          CAMPAIGN_EDGE_QUEUE,
          { campaignId: row.id, organizationId: row.organizationId, edge, at: at.toISOString() },
          { singletonKey: `${row.id}:${edge}:${at.toISOString()}`, startAfter: at },
        );
      }
    },
    registerJobs() {
      jobs.defineQueue<EdgeJob>(
        CAMPAIGN_EDGE_QUEUE,
        {
          concurrency: 2,
          expireInSeconds: 300,
          retryLimit: 5,
          retryDelaySeconds: 5,
          retryBackoff: true,
          policy: 'stately',
        },
        runEdge,
      );
    },
  };
}
