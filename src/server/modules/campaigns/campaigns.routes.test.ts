import { beforeAll, expect, it } from 'vitest';
import { apiCaller, describeEachDatabase } from '../../../test-support/test-app';
import { useTestApp } from '../../../test-support/app-fixtures';
import {
  campaignBody,
  fillToTheBannerEdge,
  minutesFromNow,
  salesRuleFor,
  uploadBanner,
} from '../../../test-support/campaigns';
import { createTeamWorld, setOrganizationPlan, type TeamWorld } from '../../../test-support/team-world';
import type { CampaignsOverview, CampaignView } from '../../../shared/api/campaigns';
import { createEmptySignature } from '../../../shared/signature/signature-schema';

/**
 * Campaigns without Google Workspace, on both databases: owners and admins on a plan with campaigns
 * schedule a banner; a member of its audience gets it under the preview (with the locks) and in
 * Copy to Gmail (generate-html) during its dates only; the size guard counts it; another
 * organization can neither see nor touch it.
 */
describeEachDatabase('Campaigns: schedule, audience, size guard, tenancy', (kind) => {
  const t = useTestApp(kind);
  const call = apiCaller(() => t.app);
  let world: TeamWorld;
  let banner: string;
  let memberSignature: string;

  const listOf = async (cookie: string) => {
    const res = await call('GET', '/api/campaigns', cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as CampaignsOverview;
  };
  const bannerOf = async (cookie: string) => (await call('GET', '/api/signatures/locks', cookie)).json().banner;
  const copied = async (cookie: string, id: string) => {
    const res = await call('POST', `/api/signatures/${id}/generate-html`, cookie, {});
    expect(res.statusCode, res.body).toBe(200);
    return res.json().htmlSignature as string;
  };

  beforeAll(async () => {
    world = await createTeamWorld(t);
    banner = await uploadBanner(t, world.owner.cookie);
    const sig = await call(
      'POST',
      '/api/signatures',
      world.member.cookie,
      createEmptySignature({ name: 'Mia Member', email: world.member.email }),
    );
    expect(sig.statusCode, sig.body).toBe(201);
    memberSignature = sig.json().id;
  });

  it('refuses members, and a plan without campaigns, in words', async () => {
    const body = campaignBody(banner, minutesFromNow(-5), minutesFromNow(60));
    const asMember = await call('POST', '/api/campaigns', world.member.cookie, body);
    expect(asMember.statusCode).toBe(403);
    const otherBanner = await uploadBanner(t, world.other.cookie);
    await setOrganizationPlan(t.database.db, world.other.organizationId, { plan: 'free', trialEndsAt: null });
    const free = await call(
      'POST',
      '/api/campaigns',
      world.other.cookie,
      campaignBody(otherBanner, new Date(), minutesFromNow(5)),
    );
    expect(free.statusCode).toBe(403);
    expect(free.json().error).toBe(
      'Banner campaigns are part of the Pro plan ($199/month). Upgrade under Plan & Billing.',
    );
    await setOrganizationPlan(t.database.db, world.other.organizationId, { plan: 'pro' });
  });

  it('answers an address that is not a campaign id in words, never by asking the database', async () => {
    for (const [method, path] of [
      ['PUT', '/api/campaigns/xyz'],
      ['POST', '/api/campaigns/xyz/end'],
      ['DELETE', '/api/campaigns/xyz'],
      ['GET', '/api/campaigns/xyz/clicks'],
      ['GET', "/api/campaigns/1'%20or%201=1/clicks.csv"],
    ] as const) {
      const res = await call(method, path, world.owner.cookie, method === 'PUT' ? {} : undefined);
      expect(res.statusCode, `${method} ${path}: ${res.body}`).toBe(400);
      expect(res.json().errors.id, path).toBe('No campaign has that address. Open it from the Campaigns list.');
    }
  });

  it('refuses an end before the start and rules that are not the organization’s, field by field', async () => {
    const backwards = await call(
      'POST',
      '/api/campaigns',
      world.owner.cookie,
      campaignBody(banner, minutesFromNow(60), minutesFromNow(30)),
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors.endsAt).toBe('The campaign must end after it starts');
    const unknown = await call(
      'POST',
      '/api/campaigns',
      world.owner.cookie,
      campaignBody(banner, new Date(), minutesFromNow(30), { audience: { kind: 'rules', ruleIds: ['nope'] } }),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.audience).toBe('Please choose the audience’s rules from the list.');
  });

  it('reads the start and end in their time zone', async () => {
    const res = await call('POST', '/api/campaigns', world.admin.cookie, {
      ...campaignBody(banner, minutesFromNow(60 * 24 * 30), minutesFromNow(60 * 24 * 31)),
      startsAt: '2031-01-15T09:00',
      endsAt: '2031-07-15T09:00',
      timeZone: 'Europe/Paris',
    });
    expect(res.statusCode, res.body).toBe(201);
    const view = res.json() as CampaignView;
    // Winter: UTC+1; summer: UTC+2.
    expect([view.startsAtUtc, view.endsAtUtc]).toEqual(['2031-01-15T08:00:00.000Z', '2031-07-15T07:00:00.000Z']);
    expect([view.startsAt, view.endsAt, view.status]).toEqual(['2031-01-15T09:00', '2031-07-15T09:00', 'scheduled']);
    expect((await call('DELETE', `/api/campaigns/${view.id}`, world.admin.cookie)).statusCode).toBe(200);
  });

  it('puts the running banner under a member’s preview and Copy to Gmail during its dates only', async () => {
    expect(await bannerOf(world.member.cookie)).toBeNull();
    expect(await copied(world.member.cookie, memberSignature)).not.toContain('Join our winter webinar');
    const later = await call(
      'POST',
      '/api/campaigns',
      world.owner.cookie,
      campaignBody(banner, minutesFromNow(60), minutesFromNow(120), { altText: 'Later banner' }),
    );
    expect(later.statusCode, later.body).toBe(201);
    expect(await bannerOf(world.member.cookie)).toBeNull();

    const now = await call(
      'POST',
      '/api/campaigns',
      world.owner.cookie,
      campaignBody(banner, minutesFromNow(-1), minutesFromNow(60)),
    );
    expect(now.statusCode, now.body).toBe(201);
    const running = now.json() as CampaignView;
    expect(running.status).toBe('running');
    const shown = await bannerOf(world.member.cookie);
    expect(shown.html).toContain(`${t.config.publicUrl}${banner}`);
    expect(shown.html).toContain('alt="Join our winter webinar"');
    expect(shown.text).toContain('Join our winter webinar');
    const html = await copied(world.member.cookie, memberSignature);
    expect(html.endsWith(shown.html)).toBe(true);

    // Overlapping: the earliest start wins, whoever was saved last.
    const earlier = await call(
      'POST',
      '/api/campaigns',
      world.owner.cookie,
      campaignBody(banner, minutesFromNow(-30), minutesFromNow(30), { altText: 'Earlier banner' }),
    );
    expect(earlier.statusCode).toBe(201);
    expect((await bannerOf(world.member.cookie)).html).toContain('Earlier banner');
    const { overlapRule } = await listOf(world.owner.cookie);
    expect(overlapRule).toContain('the one that starts earliest wins');

    // Ended (moved into the past): gone from the preview and the copy.
    for (const c of [running, earlier.json() as CampaignView]) {
      const moved = await call(
        'PUT',
        `/api/campaigns/${c.id}`,
        world.owner.cookie,
        campaignBody(banner, minutesFromNow(-20), minutesFromNow(-10)),
      );
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json().status).toBe('ended');
    }
    expect(await bannerOf(world.member.cookie)).toBeNull();
    expect(await copied(world.member.cookie, memberSignature)).not.toContain(banner);
  });

  it('shows a campaign for chosen rules only to the people those rules place', async () => {
    await salesRuleFor(call, world.owner.cookie, world.member.user.id);
    const res = await call(
      'POST',
      '/api/campaigns',
      world.owner.cookie,
      campaignBody(banner, minutesFromNow(-1), minutesFromNow(60), {
        altText: 'Sales only',
        audience: { kind: 'rules', ruleIds: ['sales'] },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().audienceWords).toBe('Sales team');
    expect((await bannerOf(world.member.cookie)).html).toContain('Sales only');
    expect(await bannerOf(world.admin.cookie)).toBeNull();
    expect((await call('DELETE', `/api/campaigns/${res.json().id}`, world.owner.cookie)).statusCode).toBe(200);
    expect(await bannerOf(world.member.cookie)).toBeNull();
  });

  it('refuses a campaign whose banner would take someone over the size limit, naming them', async () => {
    const edge = await fillToTheBannerEdge(t, world.member, memberSignature, banner);
    const res = await call(
      'POST',
      '/api/campaigns',
      world.owner.cookie,
      campaignBody(banner, minutesFromNow(-1), minutesFromNow(60), {
        altText: 'A'.repeat(200),
      }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatch(
      /^This campaign cannot be saved: with the banner, the signature of Mia Member \(.+\) would take [\d,]+ characters once Gmail stores it, over the limit of 9,800\./,
    );
    expect((await listOf(world.owner.cookie)).campaigns.some((c) => c.altText === 'A'.repeat(200))).toBe(false);
    // A short banner fits under the same signature.
    const short = await call(
      'POST',
      '/api/campaigns',
      world.owner.cookie,
      campaignBody(banner, minutesFromNow(-1), minutesFromNow(60)),
    );
    expect(short.statusCode, short.body).toBe(201);
    expect(await copied(world.member.cookie, memberSignature)).toContain('Join our winter webinar');
    expect((await call('DELETE', `/api/campaigns/${short.json().id}`, world.owner.cookie)).statusCode).toBe(200);
    await edge.undo();
  });

  it('keeps one organization’s campaigns from another', async () => {
    const mine = await call(
      'POST',
      '/api/campaigns',
      world.owner.cookie,
      campaignBody(banner, minutesFromNow(5), minutesFromNow(60)),
    );
    expect(mine.statusCode, mine.body).toBe(201);
    const id = mine.json().id as string;
    expect((await listOf(world.other.cookie)).campaigns).toEqual([]);
    const otherBanner = await uploadBanner(t, world.other.cookie);
    const put = await call(
      'PUT',
      `/api/campaigns/${id}`,
      world.other.cookie,
      campaignBody(otherBanner, new Date(), minutesFromNow(9)),
    );
    expect(put.statusCode).toBe(404);
    expect((await call('DELETE', `/api/campaigns/${id}`, world.other.cookie)).statusCode).toBe(404);
    expect((await listOf(world.owner.cookie)).campaigns.map((c) => c.id)).toContain(id);
    expect(await bannerOf(world.other.cookie)).toBeNull();
  });
});
