import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { campaignLink } from '../../db/schema/campaigns.schema';
import { apiCaller, describeEachDatabase } from '../../../test-support/test-app';
import { useTestApp } from '../../../test-support/app-fixtures';
import { campaignBody, minutesFromNow, salesRuleFor, uploadBanner } from '../../../test-support/campaigns';
import { createTeamWorld, type TeamWorld } from '../../../test-support/team-world';
import type { CampaignClicks } from '../../../shared/api/campaigns';
import { createEmptySignature } from '../../../shared/signature/signature-schema';

/**
 * Banner clicks through `/c/<short id>` (decision 0224), both databases: a 302 at once to the banner
 * link, no cookie; one click per person's request counted per campaign, day and rule, exactly under
 * concurrent requests to two apps on one database; scanners and the seconds after a push not counted;
 * other signature links never rewritten; another organization sees none of it.
 */
const BROWSER =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const LINK = /href="(http:\/\/localhost:5000\/c\/([a-z2-7]{10}))"/;

describeEachDatabase('Campaign clicks: the redirect, its counts, the chart and the CSV', (kind) => {
  const t = useTestApp(kind);
  const call = apiCaller(() => t.app);
  let world: TeamWorld;
  let second: FastifyInstance;
  let campaignId: string;
  let memberLink: string;
  let adminLink: string;

  const copied = async (cookie: string) => {
    const sigs = (await call('GET', '/api/signatures', cookie)).json() as { id: string }[];
    const res = await call('POST', `/api/signatures/${sigs[0]!.id}/generate-html`, cookie, {});
    expect(res.statusCode, res.body).toBe(200);
    return res.json().htmlSignature as string;
  };
  const click = (app: FastifyInstance, id: string, agent = BROWSER) =>
    app.inject({ method: 'GET', url: `/c/${id}`, headers: { 'user-agent': agent } });
  const clicksOf = async (cookie = world.owner.cookie) =>
    (await call('GET', `/api/campaigns/${campaignId}/clicks`, cookie)).json() as CampaignClicks;

  beforeAll(async () => {
    world = await createTeamWorld(t);
    for (const p of [world.member, world.admin]) {
      const sig = await call(
        'POST',
        '/api/signatures',
        p.cookie,
        createEmptySignature({ name: p.user.name, email: p.email, website: 'https://acme.example/about' }),
      );
      expect(sig.statusCode, sig.body).toBe(201);
    }
    await salesRuleFor(call, world.owner.cookie, world.member.user.id);
    const banner = await uploadBanner(t, world.owner.cookie);
    const res = await call(
      'POST',
      '/api/campaigns',
      world.owner.cookie,
      campaignBody(banner, minutesFromNow(-1), minutesFromNow(60)),
    );
    expect(res.statusCode, res.body).toBe(201);
    campaignId = res.json().id;
    second = await buildApp(t.config, { database: t.database, clientDir: false, logger: false });
    await second.ready();
  });
  afterAll(async () => second?.close());

  it('links the banner through /c/<id>, one link per rule, and never rewrites the signature’s other links', async () => {
    const member = await copied(world.member.cookie);
    const admin = await copied(world.admin.cookie);
    memberLink = LINK.exec(member)![2]!;
    adminLink = LINK.exec(admin)![2]!;
    expect(memberLink).not.toBe(adminLink);
    expect(member).toContain('href="https://acme.example/about"');
    expect(member.match(/\/c\//g)).toHaveLength(1);
    expect(await copied(world.member.cookie)).toContain(`/c/${memberLink}`);
  });

  it('sends a person on at once with a 302, sets no cookie, and counts the click', async () => {
    const res = await click(t.app, memberLink);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://acme.example/webinar');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toContain('no-store');
    expect((await clicksOf()).total).toBe(1);
  });

  it('sends scanners and pre-fetchers on too, without counting them', async () => {
    for (const agent of [
      '',
      'Mozilla/5.0 (compatible; Barracuda Sentinel (EE))',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0 Safari/537.36',
      'Microsoft Office/16.0 (Windows NT 10.0; Microsoft Outlook 16.0.5)',
      'curl/8.5.0',
    ]) {
      const res = await click(t.app, memberLink, agent);
      expect(res.statusCode, String(agent)).toBe(302);
    }
    expect((await clicksOf()).total).toBe(1);
  });

  it('does not count a click in the first seconds after the banner was pushed', async () => {
    await t.database.db.update(campaignLink).set({ pushedAt: new Date() }).where(eq(campaignLink.shortId, adminLink));
    expect((await click(t.app, adminLink)).statusCode).toBe(302);
    expect((await clicksOf()).total).toBe(1);
    await t.database.db
      .update(campaignLink)
      .set({ pushedAt: new Date(Date.now() - 60_000) })
      .where(eq(campaignLink.shortId, adminLink));
    expect((await click(t.app, adminLink)).statusCode).toBe(302);
    expect((await clicksOf()).total).toBe(2);
  });

  it('counts exactly under concurrent clicks on two apps (two runners, two connections) on one database', async () => {
    const before = (await clicksOf()).total;
    const requests = Array.from({ length: 200 }, (_, i) =>
      click(i % 2 ? second : t.app, i % 4 < 2 ? memberLink : adminLink),
    );
    const answers = await Promise.all(requests);
    expect(answers.filter((a) => a.statusCode !== 302)).toEqual([]);
    const after = await clicksOf();
    expect(after.total - before).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(after.days.find((d) => d.day === today)?.clicks).toBe(after.total);
    expect(after.byRule).toEqual([
      { ruleId: null, name: 'No rule (the default)', clicks: 101 },
      { ruleId: 'sales', name: 'Sales team', clicks: 101 },
    ]);
  });

  it('downloads the counts as CSV', async () => {
    const res = await call('GET', `/api/campaigns/${campaignId}/clicks.csv`, world.admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.body.trim().split('\n').sort()).toEqual(
      ['day,rule,clicks', `${today},No rule (the default),101`, `${today},Sales team,101`].sort(),
    );
  });

  it('answers an unknown link in words and keeps the counts from another organization', async () => {
    const gone = await click(t.app, 'aaaaaaaaaa');
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe('This banner link is no longer in use.');
    expect((await call('GET', `/api/campaigns/${campaignId}/clicks`, world.other.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/campaigns/${campaignId}/clicks.csv`, world.other.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/campaigns/${campaignId}/clicks`, world.member.cookie)).statusCode).toBe(403);
  });
});
