import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { createTestDatabase, describeWhen, loadTestConfig, signUpUser } from '../../test-support/test-app';
import { s3Env, useS3Stand } from '../../test-support/s3';
import { putUpload } from '../../test-support/uploads';
import { S3_TEST_BUCKET, s3ServerUnavailableReason } from '../../test-support/s3-test-server';

const unavailableReason = await s3ServerUnavailableReason();

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .toBuffer();

describeWhen(unavailableReason ?? undefined, 'image uploads on S3 through the API (s3rver on loopback)', () => {
  const stand = useS3Stand();
  let database: Database;
  let dataDir: string;
  const apps: FastifyInstance[] = [];
  type T = { app: FastifyInstance };
  let working: { t: T; caller: { cookie: string } };

  /** An app on the shared database whose storage is the S3 server, with `env` changing its S3 settings. */
  const appOn = async (env: Record<string, string>) => {
    const config = loadTestConfig(dataDir, { ...s3Env(stand.relay.endpoint), ...env });
    const app = await buildApp(config, { database, clientDir: false, logger: false });
    apps.push(app);
    return { t: { app }, caller: await signUpUser(app) };
  };

  async function sendImage(t: T, cookie: string, bytes: Buffer) {
    const { slot, uploadURL, put } = await putUpload(t, cookie, bytes);
    expect(slot.statusCode).toBe(200);
    return { uploadURL, put };
  }

  /** A refused request: 503 with Retry-After and words for the person, never an internal error. */
  function expectStorageWords(
    res: { statusCode: number; headers: Record<string, unknown>; json(): { error: string; code: string } },
    verb: string,
  ) {
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('60');
    expect(res.json()).toEqual({
      code: 'UNAVAILABLE',
      error: `We could not ${verb} just now: our image storage is not answering. Please try again in a few minutes.`,
    });
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'sp-s3-uploads-'));
    database = await createTestDatabase('pglite');
    working = await appOn({});
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('uploads an image into the bucket, serves it publicly, and deletes it', async () => {
    const { t, caller } = working;
    const { uploadURL, put } = await sendImage(t, caller.cookie, await png());
    expect(put.statusCode).toBe(200);
    const attached = await t.app.inject({
      method: 'PUT',
      url: '/api/signatures/image',
      headers: { cookie: caller.cookie },
      payload: { imageURL: `http://localhost:5000${uploadURL}` },
    });
    expect(attached.statusCode).toBe(200);
    const { objectPath } = attached.json() as { objectPath: string };
    const served = await t.app.inject({ method: 'GET', url: objectPath });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBeGreaterThan(0);
    // It went to the bucket, path-style.
    expect(stand.relay.requestLines).toContain(`PUT /${S3_TEST_BUCKET}/public/${objectPath.split('/').pop()}`);

    const [listed] = (
      await t.app.inject({ method: 'GET', url: '/api/uploads', headers: { cookie: caller.cookie } })
    ).json() as Array<{ id: string }>;
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/uploads/${listed!.id}`,
      headers: { cookie: caller.cookie },
    });
    expect(removed.statusCode).toBe(204);
    const gone = await t.app.inject({ method: 'GET', url: objectPath });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe('That image was not found. It may have been deleted.');
  });

  it('answers a missing image with a 404 in words', async () => {
    const { t } = working;
    const res = await t.app.inject({ method: 'GET', url: '/objects/00000000-0000-4000-8000-000000000000.png' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('That image was not found. It may have been deleted.');
  });

  it('answers in words when the bucket does not exist', async () => {
    const { t, caller } = await appOn({ S3_BUCKET: 'no-such-bucket' });
    const { put } = await sendImage(t, caller.cookie, await png());
    expectStorageWords(put, 'save your image');
    const served = await t.app.inject({ method: 'GET', url: '/objects/00000000-0000-4000-8000-000000000000.png' });
    expectStorageWords(served, 'load that image');
  });

  it('answers in words when the store refuses the credentials', async () => {
    const { t, caller } = await appOn({ S3_ACCESS_KEY_ID: 'NOT-A-KEY', S3_SECRET_ACCESS_KEY: 'not-the-secret' });
    const { put } = await sendImage(t, caller.cookie, await png());
    expectStorageWords(put, 'save your image');
  });

  it('answers in words when the store goes away mid-upload, and the upload can be retried', async () => {
    const { t, caller } = working;
    // Big enough that the cut falls inside the body (sharp's noise does not compress).
    const big = await sharp({
      create: {
        width: 400,
        height: 400,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    expect(big.length).toBeGreaterThan(200_000);
    stand.relay.cutAfterBytes = 100_000;
    let first;
    try {
      first = await sendImage(t, caller.cookie, big);
    } finally {
      stand.relay.cutAfterBytes = null;
    }
    expectStorageWords(first.put, 'save your image');
    // The slot is still unused: the same upload link takes the bytes once the store is back.
    const again = await t.app.inject({
      method: 'PUT',
      url: first.uploadURL,
      headers: { cookie: caller.cookie, 'content-type': 'image/png' },
      payload: big,
    });
    expect(again.statusCode).toBe(200);
  });
});
