import { describe, expect, it } from 'vitest';
import { campaignShownTo, utcToZonedTime, zonedTimeToUtc, type ScheduledCampaign } from './campaign-schedule';
import { campaignBannerMarkup } from './campaign-banner';
import { gmailStoredLength } from '../signature/gmail-size';
import { renderSignature } from '../signature/render-signature';
import { createEmptySignature } from '../signature/signature-schema';

const at = (iso: string) => new Date(iso);
const campaign = (id: string, from: string, to: string, rules: string[] | null = null): ScheduledCampaign => ({
  id,
  startsAt: at(from),
  endsAt: at(to),
  createdAt: at('2030-01-01T00:00:00Z'),
  audienceRuleIds: rules,
});

describe('campaign schedule', () => {
  it('reads wall-clock times in their zone, both sides of a clock change', () => {
    expect(zonedTimeToUtc('2031-01-15T09:00', 'Europe/Paris')?.toISOString()).toBe('2031-01-15T08:00:00.000Z');
    expect(zonedTimeToUtc('2031-07-15T09:00', 'Europe/Paris')?.toISOString()).toBe('2031-07-15T07:00:00.000Z');
    expect(zonedTimeToUtc('2031-03-09T09:00:30', 'America/New_York')?.toISOString()).toBe('2031-03-09T13:00:30.000Z');
    expect(zonedTimeToUtc('2031-02-30T09:00', 'UTC')).toBeNull();
    expect(zonedTimeToUtc('2031-01-15T09:00', 'Mars/Olympus')).toBeNull();
    expect(utcToZonedTime(at('2031-07-15T07:00:00Z'), 'Europe/Paris')).toBe('2031-07-15T09:00');
  });

  it('shows one campaign per person: of those running whose audience holds them, the earliest started', () => {
    const list = [
      campaign('late', '2031-01-10T00:00:00Z', '2031-02-01T00:00:00Z'),
      campaign('early-sales', '2031-01-05T00:00:00Z', '2031-01-20T00:00:00Z', ['sales']),
      campaign('ended', '2031-01-01T00:00:00Z', '2031-01-06T00:00:00Z'),
    ];
    const now = at('2031-01-12T00:00:00Z');
    expect(campaignShownTo(list, 'sales', now)?.id).toBe('early-sales');
    expect(campaignShownTo(list, 'support', now)?.id).toBe('late');
    expect(campaignShownTo(list, null, now)?.id).toBe('late');
    expect(campaignShownTo(list, 'sales', at('2031-01-20T00:00:00Z'))?.id).toBe('late');
    expect(campaignShownTo(list, 'sales', at('2031-02-01T00:00:00Z'))).toBeNull();
  });

  it('shows a campaign for Google groups to their members only, whatever rule placed them', () => {
    const list = [
      { ...campaign('webinar', '2031-01-05T00:00:00Z', '2031-01-20T00:00:00Z'), audienceGroups: ['webinar@acme.com'] },
      campaign('late', '2031-01-10T00:00:00Z', '2031-02-01T00:00:00Z', ['sales']),
    ];
    const now = at('2031-01-12T00:00:00Z');
    expect(campaignShownTo(list, 'sales', now, ['Webinar@Acme.com'])?.id).toBe('webinar');
    expect(campaignShownTo(list, 'sales', now, ['all@acme.com'])?.id).toBe('late');
    expect(campaignShownTo(list, null, now, ['all@acme.com'])).toBeNull();
    expect(campaignShownTo(list, null, now)).toBeNull();
  });

  it('appends the banner under the signature, counted by the size model, never under an empty one', () => {
    const banner = campaignBannerMarkup(
      {
        imageUrl: '/objects/abcdefghijklmnopqrst-160x40.png',
        altText: 'Our "winter" webinar',
        href: 'https://a.example/?x=1&y=2',
      },
      'https://app.example',
    );
    expect(banner.html).toContain(
      'src="https://app.example/objects/abcdefghijklmnopqrst-160x40.png" width="160" height="40"',
    );
    expect(banner.html).toContain('href="https://a.example/?x=1&amp;y=2"');
    expect(banner.html).toContain('alt="Our &quot;winter&quot; webinar"');
    const fields = createEmptySignature({ name: 'Ada', email: 'ada@example.com' });
    const plain = renderSignature(fields, { publicUrl: 'https://app.example', showWatermark: false });
    const withBanner = renderSignature(fields, { publicUrl: 'https://app.example', showWatermark: false, banner });
    expect(withBanner.html).toBe(plain.html + banner.html);
    expect(withBanner.text).toBe(plain.text + banner.text);
    expect(withBanner.storedLength).toBe(gmailStoredLength(plain.html + banner.html));
    expect(withBanner.storedLength).toBeGreaterThan(plain.storedLength + banner.html.length);
    const empty = renderSignature(createEmptySignature(), {
      publicUrl: 'https://app.example',
      showWatermark: false,
      banner,
    });
    expect(empty.html).toBe('');
  });
});
