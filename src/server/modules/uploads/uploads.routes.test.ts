import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { upload } from '../../db/schema/signatures.schema';
import { describeEachDatabase, signUpUser } from '../../../test-support/test-app';
import { useTestApp } from '../../../test-support/app-fixtures';
import { createEmptySignature } from '../../../shared/signature/signature-schema';

type SignedIn = { cookie: string };

const pngWithAlpha = () =>
  sharp({ create: { width: 400, height: 300, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0.5 } } })
    .png()
    .toBuffer();

describeEachDatabase('uploads API', (kind) => {
  const t = useTestApp(kind);
  let alice: SignedIn;
  let bob: SignedIn;

  beforeAll(async () => {
    alice = await signUpUser(t.app);
    bob = await signUpUser(t.app);
  });

  async function requestSlot(caller: SignedIn): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/objects/upload',
      headers: { cookie: caller.cookie },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    return res.json().uploadURL as string;
  }

  const putBytes = (caller: SignedIn, uploadURL: string, bytes: Buffer, contentType = 'image/png') =>
    t.app.inject({
      method: 'PUT',
      url: uploadURL,
      headers: { cookie: caller.cookie, 'content-type': contentType },
      payload: bytes,
    });

  const attach = (caller: SignedIn, imageURL: string, signatureId = 'temp') =>
    t.app.inject({
      method: 'PUT',
      url: '/api/signatures/image',
      headers: { cookie: caller.cookie },
      payload: { imageURL, signatureId },
    });

  /** The spec's three calls: a slot, the bytes, then the re-encoded public image. */
  async function uploadImage(caller: SignedIn, bytes: Buffer, contentType = 'image/png', signatureId = 'temp') {
    const uploadURL = await requestSlot(caller);
    const put = await putBytes(caller, uploadURL, bytes, contentType);
    expect(put.statusCode).toBe(200);
    const res = await attach(caller, `http://localhost:5000${uploadURL}?X-Cache=1`, signatureId);
    return res;
  }

  it('refuses a signed-out caller', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/objects/upload', payload: {} })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/uploads' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/signatures/image', payload: { imageURL: 'x' } })).statusCode,
    ).toBe(401);
  });

  it('issues a one-time URL on this server that expires in 15 minutes', async () => {
    const uploadURL = await requestSlot(alice);
    expect(uploadURL).toMatch(/^\/api\/objects\/uploads\/[0-9a-f-]{36}$/);
    const [row] = await t.database.db
      .select()
      .from(upload)
      .where(eq(upload.id, uploadURL.split('/').pop()!));
    const minutes = (row!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(row!.status).toBe('pending');
    expect(minutes).toBeGreaterThan(14.5);
    expect(minutes).toBeLessThanOrEqual(15);
  });

  it('stores a PNG, serves it publicly with long cache headers, and lists it', async () => {
    const res = await uploadImage(alice, await pngWithAlpha());
    expect(res.statusCode).toBe(200);
    const { objectPath } = res.json() as { objectPath: string };
    // A 400x300 image is a logo: whole, 107x80 on screen, twice that in the file (decision 0070).
    expect(objectPath).toMatch(/^\/objects\/[a-z2-7]{20}-107x80\.png$/);

    const served = await t.app.inject({ method: 'GET', url: objectPath });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 214, 160]);
    // Each photo shape has its own file (and URL): square, rounded and round, corners cut in.
    for (const suffix of ['-q.png', '-r.png', '-o.png']) {
      const variant = await t.app.inject({ method: 'GET', url: objectPath.replace('.png', suffix) });
      expect(variant.statusCode).toBe(200);
      expect(variant.headers['content-type']).toBe('image/png');
      expect(variant.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const variantMeta = await sharp(variant.rawPayload).metadata();
      expect([variantMeta.width, variantMeta.height]).toEqual([160, 160]);
    }

    const list = await t.app.inject({ method: 'GET', url: '/api/uploads', headers: { cookie: alice.cookie } });
    const listed = (list.json() as { objectPath: string; bytes: number }[]).find((u) => u.objectPath === objectPath);
    expect(listed).toMatchObject({ width: 214, height: 160 });
    // bytes counts every stored file of the image.
    expect(listed!.bytes).toBeGreaterThan(served.rawPayload.length);
    // The raw upload is gone once the public image exists.
    expect(readdirSync(path.join(t.dataDir, 'objects', 'raw')).filter((f) => !f.startsWith('.'))).toEqual([]);
  });

  it('gives every upload its own URL, even for the same bytes', async () => {
    const bytes = await pngWithAlpha();
    const a = (await uploadImage(alice, bytes)).json().objectPath;
    const b = (await uploadImage(alice, bytes)).json().objectPath;
    expect(a).not.toBe(b);
  });

  it('strips EXIF from a JPEG and serves it as a JPEG', async () => {
    const jpeg = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#3366cc' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Ada Lovelace' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await uploadImage(alice, jpeg, 'image/jpeg');
    const { objectPath } = res.json();
    expect(objectPath).toMatch(/-120x80\.jpg$/);
    const served = await t.app.inject({ method: 'GET', url: objectPath });
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([240, 160]);
    for (const suffix of ['-q.jpg', '-r.png', '-o.png']) {
      const variant = await t.app.inject({ method: 'GET', url: objectPath.replace('.jpg', suffix) });
      expect((await sharp(variant.rawPayload).metadata()).exif).toBeUndefined();
      expect(variant.rawPayload.includes(Buffer.from('Ada Lovelace'))).toBe(false);
    }
  });

  it('accepts WebP, and trusts the bytes over the declared type', async () => {
    const webp = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#00aa00' } })
      .webp()
      .toBuffer();
    const res = await uploadImage(alice, webp, 'application/octet-stream');
    expect(res.statusCode).toBe(200);
    expect(res.json().objectPath).toMatch(/\.jpg$/);
  });

  it('refuses 5MB + 1 byte, and anything bigger, with 413 and the spec message', async () => {
    const png = await pngWithAlpha();
    for (const size of [5 * 1024 * 1024 + 1, 6 * 1024 * 1024]) {
      const padded = Buffer.concat([png, Buffer.alloc(size - png.length)]);
      const res = await putBytes(alice, await requestSlot(alice), padded);
      expect(res.statusCode).toBe(413);
      expect(res.json().error).toBe('Please upload an image smaller than 5MB.');
    }
  });

  it('accepts exactly 5MB', async () => {
    const png = await pngWithAlpha();
    const padded = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 - png.length)]);
    expect((await putBytes(alice, await requestSlot(alice), padded)).statusCode).toBe(200);
  });

  it('refuses SVG (saying why) and other non-images with 415', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    for (const [bytes, type, message] of [
      [
        svg,
        'image/svg+xml',
        'That is an SVG image, and Gmail does not show SVG images. Please use a PNG or JPEG version of it.',
      ],
      [
        svg,
        'image/png',
        'That is an SVG image, and Gmail does not show SVG images. Please use a PNG or JPEG version of it.',
      ],
      [Buffer.from('hello'), 'text/plain', 'Please upload a PNG, JPEG, GIF or WebP image.'],
    ] as const) {
      const res = await putBytes(alice, await requestSlot(alice), bytes, type);
      expect(res.statusCode).toBe(415);
      expect(res.json().error).toBe(message);
    }
  });

  it('answers 400 in plain words for a corrupt image', async () => {
    const png = await pngWithAlpha();
    const res = await uploadImage(alice, Buffer.concat([png.subarray(0, 60), Buffer.alloc(500, 9)]));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('That file is not a readable image.');
  });

  it('keeps each slot to its owner: another user gets 404 and the slot stays usable', async () => {
    const uploadURL = await requestSlot(alice);
    const png = await pngWithAlpha();
    const stolen = await putBytes(bob, uploadURL, png);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().error).toBe('We could not find that upload. Please upload the image again.');
    expect((await putBytes(alice, uploadURL, png)).statusCode).toBe(200);
    expect((await attach(bob, uploadURL)).statusCode).toBe(404);
  });

  it('uses each slot once', async () => {
    const uploadURL = await requestSlot(alice);
    const png = await pngWithAlpha();
    expect((await putBytes(alice, uploadURL, png)).statusCode).toBe(200);
    const again = await putBytes(alice, uploadURL, png);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This upload link has already been used. Please upload the image again.');
  });

  it('refuses an expired slot', async () => {
    const uploadURL = await requestSlot(alice);
    const id = uploadURL.split('/').pop()!;
    await t.database.db
      .update(upload)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(upload.id, id));
    const res = await putBytes(alice, uploadURL, await pngWithAlpha());
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('This upload link has expired. Please upload the image again.');
  });

  it("sets a saved signature's photo, and refuses someone else's signature", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/signatures',
      headers: { cookie: alice.cookie },
      payload: createEmptySignature({ name: 'Ada', email: 'ada@example.com' }),
    });
    const signatureId = created.json().id as string;
    const res = await uploadImage(alice, await pngWithAlpha(), 'image/png', signatureId);
    expect(res.statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/signatures', headers: { cookie: alice.cookie } });
    expect(list.json().find((s: { id: string }) => s.id === signatureId).photoUrl).toBe(res.json().objectPath);

    const uploadURL = await requestSlot(bob);
    await putBytes(bob, uploadURL, await pngWithAlpha());
    const foreign = await attach(bob, uploadURL, signatureId);
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses an image link that is neither an upload nor a web address', async () => {
    const res = await attach(alice, '/api/something-else/x.png');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('That image link is not one of your uploads. Please upload the image again.');
  });

  it('refuses to fetch a typed address on a private network (no request is made)', async () => {
    for (const url of [
      'http://127.0.0.1:5000/x.png',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:10.0.0.1]/a.png',
    ]) {
      const res = await attach(alice, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toMatch(/private or local network|port 5000/);
    }
  });

  it('accepts an address that already names one of our images without fetching it', async () => {
    const { objectPath } = (await uploadImage(alice, await pngWithAlpha())).json();
    const res = await attach(alice, `${t.config.publicUrl}${objectPath}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ objectPath });
  });

  it('deletes an upload for its owner only, file and row', async () => {
    const { objectPath } = (await uploadImage(alice, await pngWithAlpha())).json();
    const list = await t.app.inject({ method: 'GET', url: '/api/uploads', headers: { cookie: alice.cookie } });
    const { id } = (list.json() as { id: string; objectPath: string }[]).find((u) => u.objectPath === objectPath)!;

    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/uploads/${id}`,
      headers: { cookie: bob.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: objectPath })).statusCode).toBe(200);

    const res = await t.app.inject({ method: 'DELETE', url: `/api/uploads/${id}`, headers: { cookie: alice.cookie } });
    expect(res.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: objectPath })).statusCode).toBe(404);
    expect(existsSync(path.join(t.dataDir, 'objects', objectPath.replace('/objects/', 'public/')))).toBe(false);
    // Every shape's file goes with it.
    const id20 = objectPath.slice('/objects/'.length, '/objects/'.length + 20);
    expect(readdirSync(path.join(t.dataDir, 'objects', 'public')).filter((f) => f.startsWith(id20))).toEqual([]);
    const after = await t.app.inject({ method: 'GET', url: '/api/uploads', headers: { cookie: alice.cookie } });
    expect((after.json() as { id: string }[]).some((u) => u.id === id)).toBe(false);
  });

  it('clears slots abandoned for a day, raw files included, when the user starts a new upload', async () => {
    const carol = await signUpUser(t.app);
    const uploadURL = await requestSlot(carol);
    await putBytes(carol, uploadURL, await pngWithAlpha());
    const id = uploadURL.split('/').pop()!;
    const [received] = await t.database.db.select().from(upload).where(eq(upload.id, id));
    expect(received!.status).toBe('received');
    expect(await t.app.services.storage.get(received!.rawKey!)).not.toBeNull();

    await t.database.db
      .update(upload)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(upload.id, id));
    await requestSlot(carol);
    expect(await t.database.db.select().from(upload).where(eq(upload.id, id))).toEqual([]);
    expect(await t.app.services.storage.get(received!.rawKey!)).toBeNull();
  });

  it('removes every file and row of a user (for account deletion)', async () => {
    const dave = await signUpUser(t.app);
    const { objectPath } = (await uploadImage(dave, await pngWithAlpha())).json();
    await putBytes(dave, await requestSlot(dave), await pngWithAlpha());
    await t.app.services.uploads.deleteUserUploads(dave.user.id);
    expect(await t.database.db.select().from(upload).where(eq(upload.userId, dave.user.id))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: objectPath })).statusCode).toBe(404);
  });

  it('answers 404 for unknown objects and for paths outside the public images', async () => {
    for (const url of [
      '/objects/00000000-0000-0000-0000-000000000000.png',
      '/objects/../session-secret',
      '/objects/..%2f..%2fsession-secret',
      '/objects/raw/whatever',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});
