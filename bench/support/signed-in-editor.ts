/**
 * A signed-in person's editor with the full signature, for the keystroke bench: every field, an
 * uploaded logo, nine profiles, the Free plan's watermark, and the pre-flight panel beside the
 * preview. One browser per server: both servers are on 127.0.0.1, whose cookies ignore the port.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { buildFullSignature } from '../../src/test-support/signature-test-factory';
import { signUpThroughApi } from '../../tests/e2e/support/accounts';
import type { RunningApp } from '../../tests/e2e/support/app-server';
import { launchChromium, type Browser } from '../../tests/e2e/support/browser';

export const BASE_NAME = 'Alexandra Montgomery';

export type SignedInEditor = Browser & { name: ReturnType<Page['getByRole']> };

export async function openSignedInEditor(server: RunningApp, label: string): Promise<SignedInEditor> {
  const browser = await launchChromium({ profilePrefix: `sp-keystroke-${label}-` });
  const { context, page } = browser;
  // Only this server: the full signature's links point at example hosts that must not be fetched.
  await context.route('**/*', (route) =>
    new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort(),
  );
  const request = context.request;
  const origin = { origin: server.url };
  await signUpThroughApi(server, request, { freePlan: true });
  const fields = buildFullSignature({ name: BASE_NAME, photoUrl: '' });
  const created = await request.post(`${server.url}/api/signatures`, { headers: origin, data: fields });
  if (created.status() !== 201) throw new Error(`creating the signature: ${created.status()} ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  // The logo as a person adds it: a slot, the bytes, then the re-encoded public image.
  const slot = await request.post(`${server.url}/api/objects/upload`, { headers: origin, data: {} });
  const { uploadURL } = (await slot.json()) as { uploadURL: string };
  const png = await sharp({ create: { width: 240, height: 96, channels: 3, background: '#1a73e8' } })
    .png()
    .toBuffer();
  await request.put(`${server.url}${uploadURL}`, {
    headers: { ...origin, 'content-type': 'image/png' },
    data: png,
  });
  const attached = await request.put(`${server.url}/api/signatures/image`, {
    headers: origin,
    data: { imageURL: `${server.url}${uploadURL}`, signatureId: id },
  });
  if (!attached.ok()) throw new Error(`attaching the logo: ${attached.status()} ${await attached.text()}`);

  await page.goto(`${server.url}/editor?signature=${id}`);
  const name = page.getByRole('textbox', { name: 'Full Name', exact: true });
  await name.waitFor();
  await page.getByTestId('signature-preview').locator('img').first().waitFor();
  await page.getByTestId('preflight-panel').waitFor();
  const watermark = await page.getByTestId('signature-preview').textContent();
  if (!/SignaturePro/i.test(watermark ?? '')) throw new Error('The preview shows no watermark.');
  await page.waitForTimeout(500);
  return { ...browser, name };
}
