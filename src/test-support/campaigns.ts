import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { signature } from '../server/db/schema/signatures.schema';
import { campaignBannerMarkup } from '../shared/campaigns/campaign-banner';
import { utcToZonedTime } from '../shared/campaigns/campaign-schedule';
import { gmailStoredLength, SIGNATURE_SIZE_LIMIT } from '../shared/signature/gmail-size';
import type { TestApp } from './test-app';
import { putUpload } from './uploads';
import { TEST_TEMPLATE_DESIGN } from './workspace-world';

/** A banner through the real image pipeline (slot, bytes, re-encoding): its public path. */
export async function uploadBanner(t: Pick<TestApp, 'app'>, cookie: string): Promise<string> {
  const png = await sharp({ create: { width: 600, height: 150, channels: 3, background: { r: 11, g: 92, b: 171 } } })
    .png()
    .toBuffer();
  const { uploadURL } = await putUpload(t, cookie, png);
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/signatures/image',
    headers: { cookie },
    payload: { imageURL: uploadURL, signatureId: 'temp' },
  });
  if (res.statusCode !== 200) throw new Error(`attach failed: ${res.statusCode} ${res.body}`);
  return res.json<{ objectPath: string }>().objectPath;
}

/** A campaign body from `from` to `to` (instants), written in UTC as the form would send it. */
export function campaignBody(
  imageUrl: string,
  from: Date,
  to: Date,
  more: Partial<{ altText: string; linkUrl: string; timeZone: string; audience: unknown }> = {},
) {
  const timeZone = more.timeZone ?? 'UTC';
  return {
    imageUrl,
    altText: more.altText ?? 'Join our winter webinar',
    linkUrl: more.linkUrl ?? 'https://acme.example/webinar',
    startsAt: utcToZonedTime(from, timeZone),
    endsAt: utcToZonedTime(to, timeZone),
    timeZone,
    audience: more.audience ?? { kind: 'everyone' },
  };
}

export const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

type Call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: unknown,
) => Promise<{ statusCode: number; body: string; json(): { id: string } }>;

/**
 * An organization signature "Sales", a rule "Sales team" (id `sales`, by department) giving it, and
 * `member` in the team Sales: the rule a campaign's audience can name.
 */
export async function salesRuleFor(call: Call, ownerCookie: string, memberUserId: string): Promise<void> {
  const sig = await call('POST', '/api/signature-rules/signatures', ownerCookie, {
    name: 'Sales',
    template: {
      design: TEST_TEMPLATE_DESIGN,
      company: 'Acme',
      website: '',
      address: '',
      photoUrl: '',
      socialLinks: {},
    },
    editableFields: ['name', 'title', 'phone', 'mobile', 'website'],
  });
  if (sig.statusCode !== 201) throw new Error(`signature: ${sig.statusCode} ${sig.body}`);
  const rules = await call('PUT', '/api/signature-rules', ownerCookie, {
    rules: [{ id: 'sales', name: 'Sales team', kind: 'department', values: ['Sales'], signatureId: sig.json().id }],
    defaultSignatureId: null,
    version: 0,
  });
  if (rules.statusCode !== 200) throw new Error(`rules: ${rules.statusCode} ${rules.body}`);
  const team = await call('PUT', `/api/signature-rules/members/${memberUserId}/team`, ownerCookie, { team: 'Sales' });
  if (team.statusCode !== 200) throw new Error(`team: ${team.statusCode} ${team.body}`);
}

/**
 * Fills a member's signature (written to the row directly) until it holds a banner with a short alt
 * text but not one with 200 characters of alt text: the size guard's edge. A banner adds its own
 * stored length (less the one wrapper Gmail adds); the signature's is the server's answer. Returns
 * the undo.
 */
export async function fillToTheBannerEdge(
  t: Pick<TestApp, 'app' | 'config' | 'database'>,
  member: { cookie: string },
  signatureId: string,
  banner: string,
): Promise<{ alone: number; undo(): Promise<void> }> {
  const grows = (altText: string) =>
    gmailStoredLength(
      campaignBannerMarkup(
        { imageUrl: banner, altText, href: `${t.config.publicUrl}/c/xxxxxxxxxx` },
        t.config.publicUrl,
      ).html,
    ) - '<div dir="ltr"></div>'.length;
  const alone = async (n: number) => {
    const customFields = Array.from({ length: 5 }, (_, i) => ({ label: `Note ${i + 1}`, value: '&'.repeat(n) }));
    await t.database.db.update(signature).set({ customFields }).where(eq(signature.id, signatureId));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/signatures/${signatureId}/generate-html`,
      headers: { cookie: member.cookie },
      payload: {},
    });
    return res.statusCode === 200 ? (res.json<{ storedLength: number }>().storedLength as number) : Infinity;
  };
  let [lo, hi] = [0, 600];
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if ((await alone(mid)) + grows('A'.repeat(200)) > SIGNATURE_SIZE_LIMIT) hi = mid;
    else lo = mid + 1;
  }
  const stored = await alone(lo);
  if (stored + grows('Join our winter webinar') > SIGNATURE_SIZE_LIMIT) throw new Error('no room for a short banner');
  return {
    alone: stored,
    undo: async () => {
      await t.database.db.update(signature).set({ customFields: [] }).where(eq(signature.id, signatureId));
    },
  };
}
