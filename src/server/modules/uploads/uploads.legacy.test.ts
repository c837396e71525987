import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { upload } from '../../db/schema/signatures.schema';
import { describeEachDatabase, signUpUser } from '../../../test-support/test-app';
import { useTestApp } from '../../../test-support/app-fixtures';
import { createEmptySignature } from '../../../shared/signature/signature-schema';

type SignedIn = Awaited<ReturnType<typeof signUpUser>>;

/**
 * Uploads stored before decision 0070 (one file named by a UUID, no size in its name) were drawn
 * 80 px wide with no shape. Once, at start-up, each goes through the image pipeline: its
 * signatures then show it at its true proportions, and old mail still finds the old file.
 */
describeEachDatabase('older uploads get their geometry', (kind) => {
  const t = useTestApp(kind);
  let alice: SignedIn;

  beforeAll(async () => {
    alice = await signUpUser(t.app);
  });

  /** An upload as the first image pipeline stored it: public/<uuid>.<ext>, one file, a stored row. */
  async function storeLegacyUpload(caller: SignedIn, bytes: Buffer, ext: 'png' | 'jpg') {
    const meta = await sharp(bytes).metadata();
    const objectKey = `public/${randomUUID()}.${ext}`;
    await t.app.services.storage.put(objectKey, bytes, ext === 'png' ? 'image/png' : 'image/jpeg');
    const id = randomUUID();
    await t.database.db.insert(upload).values({
      id,
      userId: caller.user.id,
      status: 'stored',
      objectKey,
      contentType: ext === 'png' ? 'image/png' : 'image/jpeg',
      width: meta.width,
      height: meta.height,
      bytes: bytes.length,
      expiresAt: new Date(),
    });
    return { id, objectKey, path: `/objects/${objectKey.slice('public/'.length)}` };
  }

  async function createSignature(caller: SignedIn, photoUrl: string): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signatures',
      headers: { cookie: caller.cookie },
      payload: createEmptySignature({ name: 'Ada Lovelace', email: 'ada@example.com', photoUrl }),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  }

  async function photoOf(caller: SignedIn, id: string): Promise<string> {
    const list = await t.app.inject({ method: 'GET', url: '/api/signatures', headers: { cookie: caller.cookie } });
    return (list.json() as Array<{ id: string; photoUrl: string }>).find((s) => s.id === id)!.photoUrl;
  }

  async function generatedImg(caller: SignedIn, id: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/signatures/${id}/generate-html`,
      headers: { cookie: caller.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const img = /<img src="([^"]+)" width="(\d+)"(?: height="(\d+)")?/.exec(res.json().htmlSignature as string);
    expect(img).not.toBeNull();
    return { src: img![1]!, width: Number(img![2]), height: img![3] === undefined ? null : Number(img![3]) };
  }

  it('draws a wide legacy logo at its true ratio, in every signature that shows it, and keeps the old file', async () => {
    const wide = await sharp({ create: { width: 600, height: 200, channels: 3, background: '#1a73e8' } })
      .png()
      .toBuffer();
    const legacy = await storeLegacyUpload(alice, wide, 'png');
    const byPath = await createSignature(alice, legacy.path);
    const byAddress = await createSignature(alice, `${t.config.publicUrl}${legacy.path}`);
    // Before: the renderer cannot know the size, so the logo is drawn 80 px wide with no height.
    expect(await generatedImg(alice, byPath)).toMatchObject({ width: 80, height: null });

    expect(await t.app.services.uploads.upgradeLegacyImages()).toEqual({ upgraded: 1, failed: 0 });

    const [row] = await t.database.db.select().from(upload).where(eq(upload.id, legacy.id));
    expect(row!.objectKey).toMatch(/^public\/[a-z2-7]{20}-160x53\.png$/);
    expect([row!.width, row!.height]).toEqual([320, 106]);
    const newPath = `/objects/${row!.objectKey!.slice('public/'.length)}`;
    expect(await photoOf(alice, byPath)).toBe(newPath);
    expect(await photoOf(alice, byAddress)).toBe(`${t.config.publicUrl}${newPath}`);

    const img = await generatedImg(alice, byPath);
    expect(img).toMatchObject({ width: 160, height: 53 });
    // The file holds twice the display size, with the source's proportions (within 1%).
    const served = await t.app.inject({ method: 'GET', url: new URL(img.src).pathname });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([320, 106]);
    expect(Math.abs(meta.width! / meta.height! - 600 / 200) / 3).toBeLessThan(0.01);
    expect(Math.abs(img.width / img.height! - 3) / 3).toBeLessThan(0.02);
    // Mail already sent points at the old file: it is still served.
    expect((await t.app.inject({ method: 'GET', url: legacy.path })).statusCode).toBe(200);
  });

  it('cuts a square legacy photo into the chosen shape, and runs only once', async () => {
    const photo = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#d93025' } })
      .jpeg()
      .toBuffer();
    const legacy = await storeLegacyUpload(alice, photo, 'jpg');
    const id = await createSignature(alice, legacy.path);
    expect(await t.app.services.uploads.upgradeLegacyImages()).toEqual({ upgraded: 1, failed: 0 });
    expect(await t.app.services.uploads.upgradeLegacyImages()).toEqual({ upgraded: 0, failed: 0 });
    const img = await generatedImg(alice, id);
    // The default shape is round: a transparent PNG cut round, 80x80 from 160x160 pixels.
    expect(img.src).toMatch(/-80x80-o\.png$/);
    expect([img.width, img.height]).toEqual([80, 80]);
    const served = await t.app.inject({ method: 'GET', url: new URL(img.src).pathname });
    const { data, info } = await sharp(served.rawPayload).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([160, 160]);
    expect(data[3]).toBe(0);
  });

  it('deleting an upgraded upload deletes the old file too', async () => {
    const logo = await sharp({ create: { width: 400, height: 100, channels: 3, background: '#0b8043' } })
      .png()
      .toBuffer();
    const legacy = await storeLegacyUpload(alice, logo, 'png');
    await t.app.services.uploads.upgradeLegacyImages();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/uploads/${legacy.id}`,
      headers: { cookie: alice.cookie },
    });
    expect(res.statusCode).toBe(204);
    expect(await t.app.services.storage.get(legacy.objectKey)).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: legacy.path })).statusCode).toBe(404);
  });

  it('leaves an unreadable legacy file as it was and goes on with the others', async () => {
    const broken = await storeLegacyUpload(
      alice,
      await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
      'png',
    );
    await t.app.services.storage.put(broken.objectKey, Buffer.from('not an image'), 'image/png');
    const good = await storeLegacyUpload(
      alice,
      await sharp({ create: { width: 500, height: 100, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
      'png',
    );
    expect(await t.app.services.uploads.upgradeLegacyImages()).toEqual({ upgraded: 1, failed: 1 });
    const [brokenRow] = await t.database.db.select().from(upload).where(eq(upload.id, broken.id));
    expect(brokenRow!.objectKey).toBe(broken.objectKey);
    const [goodRow] = await t.database.db.select().from(upload).where(eq(upload.id, good.id));
    expect(goodRow!.objectKey).toMatch(/-160x32\.png$/);
    await t.database.db.delete(upload).where(eq(upload.id, broken.id));
  });

  it('runs by itself when the server starts', async () => {
    const wide = await sharp({ create: { width: 900, height: 300, channels: 3, background: '#f4b400' } })
      .png()
      .toBuffer();
    const legacy = await storeLegacyUpload(alice, wide, 'png');
    const id = await createSignature(alice, legacy.path);
    // A second server on the same database and files, as after a deployment.
    const restarted = await buildApp(t.config, { database: t.database, clientDir: false, logger: false });
    try {
      await restarted.ready();
      await expect
        .poll(async () => photoOf(alice, id), { timeout: 10_000 })
        .toMatch(/^\/objects\/[a-z2-7]{20}-160x53\.png$/);
    } finally {
      await restarted.close();
    }
  });
});
