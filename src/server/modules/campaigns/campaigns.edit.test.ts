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
import { ENDED_CAMPAIGN_WORDS } from './campaigns.service';

/**
 * Changing and ending a campaign (decision 0235), on both databases: an edit is checked as a new
 * campaign is (who, plan, fields, size guard) and shows at once; "End now" takes a running banner out
 * of the preview and Copy to Gmail; another organization can do neither.
 */
describeEachDatabase('Campaigns: edit, end now, delete', (kind) => {
  const t = useTestApp(kind);
  const call = apiCaller(() => t.app);
  let world: TeamWorld;
  let banner: string;
  let memberSignature: string;

  const bannerOf = async (cookie: string) => (await call('GET', '/api/signatures/locks', cookie)).json().banner;
  const viewOf = async (id: string) =>
    ((await call('GET', '/api/campaigns', world.owner.cookie)).json() as CampaignsOverview).campaigns.find(
      (c) => c.id === id,
    );
  const running = async (more: Parameters<typeof campaignBody>[3] = {}) => {
    const res = await call(
      'POST',
      '/api/campaigns',
      world.owner.cookie,
      campaignBody(banner, minutesFromNow(-5), minutesFromNow(60), more),
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as CampaignView;
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

  it('changes the alt text, link, dates and audience of a running campaign, shown at once', async () => {
    await salesRuleFor(call, world.owner.cookie, world.member.user.id);
    const c = await running();
    expect((await bannerOf(world.admin.cookie)).html).toContain('Join our winter webinar');
    const edited = await call(
      'PUT',
      `/api/campaigns/${c.id}`,
      world.admin.cookie,
      campaignBody(banner, minutesFromNow(-5), minutesFromNow(90), {
        altText: 'Spring launch',
        linkUrl: 'https://acme.example/spring',
        audience: { kind: 'rules', ruleIds: ['sales'] },
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const view = edited.json() as CampaignView;
    expect([view.altText, view.linkUrl, view.audienceWords, view.status]).toEqual([
      'Spring launch',
      'https://acme.example/spring',
      'Sales team',
      'running',
    ]);
    expect(new Date(view.endsAtUtc).getTime()).toBeGreaterThan(minutesFromNow(80).getTime());
    expect((await bannerOf(world.member.cookie)).html).toContain('alt="Spring launch"');
    // Out of the audience now: the admin is placed by no Sales rule.
    expect(await bannerOf(world.admin.cookie)).toBeNull();
    expect((await call('DELETE', `/api/campaigns/${c.id}`, world.owner.cookie)).statusCode).toBe(200);
    expect(await viewOf(c.id)).toBeUndefined();
    expect(await bannerOf(world.member.cookie)).toBeNull();
  });

  it('refuses an edit that would take someone over the size limit, and keeps the campaign as it was', async () => {
    // Filled before the campaign runs: the measure is of the signature alone, not with its banner.
    const edge = await fillToTheBannerEdge(t, world.member, memberSignature, banner);
    const c = await running();
    try {
      const res = await call(
        'PUT',
        `/api/campaigns/${c.id}`,
        world.owner.cookie,
        campaignBody(banner, minutesFromNow(-5), minutesFromNow(60), { altText: 'A'.repeat(200) }),
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatch(
        /^This campaign cannot be saved: with the banner, the signature of Mia Member \(.+\) would take [\d,]+ characters/,
      );
      expect((await viewOf(c.id))?.altText).toBe('Join our winter webinar');
      expect((await bannerOf(world.member.cookie)).html).toContain('alt="Join our winter webinar"');
    } finally {
      await edge.undo();
      await call('DELETE', `/api/campaigns/${c.id}`, world.owner.cookie);
    }
  });

  it('answers a bad edit field by field, and refuses members and a plan without campaigns in words', async () => {
    const c = await running();
    const backwards = await call(
      'PUT',
      `/api/campaigns/${c.id}`,
      world.owner.cookie,
      campaignBody(banner, minutesFromNow(60), minutesFromNow(30)),
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors.endsAt).toBe('The campaign must end after it starts');
    const body = campaignBody(banner, minutesFromNow(-5), minutesFromNow(60), { altText: 'Member edit' });
    expect((await call('PUT', `/api/campaigns/${c.id}`, world.member.cookie, body)).statusCode).toBe(403);
    expect((await call('POST', `/api/campaigns/${c.id}/end`, world.member.cookie)).statusCode).toBe(403);

    await setOrganizationPlan(t.database.db, world.owner.organizationId, { plan: 'free', trialEndsAt: null });
    try {
      const words = 'Banner campaigns are part of the Pro plan ($199/month). Upgrade under Plan & Billing.';
      const put = await call('PUT', `/api/campaigns/${c.id}`, world.owner.cookie, body);
      expect([put.statusCode, put.json().error]).toEqual([403, words]);
      const end = await call('POST', `/api/campaigns/${c.id}/end`, world.owner.cookie);
      expect([end.statusCode, end.json().error]).toEqual([403, words]);
    } finally {
      await setOrganizationPlan(t.database.db, world.owner.organizationId, { plan: 'pro' });
    }
    expect((await viewOf(c.id))?.altText).toBe('Join our winter webinar');
    await call('DELETE', `/api/campaigns/${c.id}`, world.owner.cookie);
  });

  it('ends a running campaign now: its banner leaves the preview and Copy to Gmail; a second end is refused', async () => {
    const c = await running({ altText: 'Ends today' });
    expect((await bannerOf(world.member.cookie)).html).toContain('Ends today');
    expect((await call('POST', `/api/campaigns/${c.id}/end`, world.other.cookie)).statusCode).toBe(404);
    const before = Date.now();
    const res = await call('POST', `/api/campaigns/${c.id}/end`, world.owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json() as CampaignView;
    expect(view.status).toBe('ended');
    expect(new Date(view.endsAtUtc).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(new Date(view.endsAtUtc).getTime()).toBeLessThanOrEqual(Date.now());
    expect(await bannerOf(world.member.cookie)).toBeNull();
    const copied = await call('POST', `/api/signatures/${memberSignature}/generate-html`, world.member.cookie, {});
    expect(copied.json().htmlSignature).not.toContain('Ends today');
    const again = await call('POST', `/api/campaigns/${c.id}/end`, world.owner.cookie);
    expect([again.statusCode, again.json().error]).toEqual([400, 'This campaign has already ended.']);
    // Ended, it keeps its dates (its clicks chart runs over them): running it again is a copy.
    const moved = campaignBody(banner, minutesFromNow(60), minutesFromNow(120), { altText: 'Ends today' });
    const edit = await call('PUT', `/api/campaigns/${c.id}`, world.owner.cookie, moved);
    expect([edit.statusCode, edit.json().error]).toEqual([400, ENDED_CAMPAIGN_WORDS]);
    expect((await viewOf(c.id))?.endsAtUtc).toBe(view.endsAtUtc);
    const copy = await call('POST', '/api/campaigns', world.owner.cookie, { ...moved, imageUrl: view.imageUrl });
    expect(copy.statusCode, copy.body).toBe(201);
    expect((copy.json() as CampaignView).status).toBe('scheduled');
    await call('DELETE', `/api/campaigns/${copy.json().id}`, world.owner.cookie);

    const later = await call(
      'POST',
      '/api/campaigns',
      world.owner.cookie,
      campaignBody(banner, minutesFromNow(60), minutesFromNow(120)),
    );
    const early = await call('POST', `/api/campaigns/${later.json().id}/end`, world.owner.cookie);
    expect([early.statusCode, early.json().error]).toEqual([
      400,
      'This campaign has not started yet: delete it, or change its dates.',
    ]);
    expect((await viewOf(later.json().id))?.status).toBe('scheduled');
  });
});
