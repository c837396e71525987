import sharp from 'sharp';
import { utcToZonedTime } from '../shared/campaigns/campaign-schedule';
import type { TestApp } from './test-app';
import { putUpload } from './uploads';

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
