import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../../rate-limit/rate-limiter';
import { defaultConnector, type ConnectRequest, type Connector } from '../../net/safe-fetch';
import { buildTestApp, describeEachDatabase, signUpUser, type TestApp } from '../../../test-support/test-app';
import { createUploadsRepository } from './uploads.repository';
import { createUploadsService, type UploadsService } from './uploads.service';

/**
 * Typed image addresses are fetched once and stored like uploads. The fetcher only reaches the
 * local test server through its test-only loopback option, or through a connector that stands in
 * for the internet (for Google Drive and Dropbox, which this machine cannot reach).
 */
describeEachDatabase('re-hosting typed image addresses', (kind) => {
  let t: TestApp;
  let server: Server;
  let origin: string;
  let wide: Buffer;
  const requested: string[] = [];
  let userId: string;
  let local: UploadsService;
  let internetService: UploadsService;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    userId = (await signUpUser(t.app)).user.id;
    wide = await sharp({ create: { width: 1200, height: 400, channels: 3, background: '#1a73e8' } })
      .png()
      .toBuffer();
    const animated = await sharp(
      await Promise.all(
        ['#ff0000', '#00ff00'].map((background) =>
          sharp({ create: { width: 200, height: 200, channels: 3, background } })
            .png()
            .toBuffer(),
        ),
      ),
      { join: { animated: true } },
    )
      .gif()
      .toBuffer();
    const webp = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#00aa00' } })
      .webp()
      .toBuffer();
    server = createServer((request, response) => {
      requested.push(request.url ?? '');
      const url = new URL(request.url ?? '/', 'http://x');
      if (url.pathname === '/wide.png' || url.pathname === '/uc' || url.pathname.startsWith('/s/')) {
        if (url.pathname === '/uc' && url.searchParams.get('id') !== 'private0123456789') {
          return response.writeHead(200, { 'content-type': 'image/png' }).end(wide);
        }
        if (url.pathname === '/uc')
          return response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Sign in</title>');
        return response.writeHead(200, { 'content-type': 'image/png' }).end(wide);
      }
      if (url.pathname === '/spinner.gif')
        return response.writeHead(200, { 'content-type': 'image/gif' }).end(animated);
      if (url.pathname === '/photo.webp') return response.writeHead(200, { 'content-type': 'image/webp' }).end(webp);
      if (url.pathname === '/logo.svg') {
        return response
          .writeHead(200, { 'content-type': 'image/svg+xml' })
          .end('<svg xmlns="http://www.w3.org/2000/svg"/>');
      }
      if (url.pathname === '/page')
        return response
          .writeHead(200, { 'content-type': 'text/html' })
          .end('<!DOCTYPE html><html><body>hi</body></html>');
      if (url.pathname === '/disguised.png')
        return response.writeHead(200, { 'content-type': 'image/png' }).end('<?xml version="1.0"?><svg/>');
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { storage, signatures } = t.app.services;
    local = createUploadsService({
      repository: createUploadsRepository(t.database.db),
      storage,
      signatures,
      publicUrl: t.config.publicUrl,
      fetchOptions: { testOnlyAllowLoopback: true },
    });
    const internet: Connector = (request: ConnectRequest) =>
      defaultConnector({
        ...request,
        url: new URL(`${request.url.pathname}${request.url.search}`, origin),
        address: { address: '127.0.0.1', family: 4 },
      });
    internetService = createUploadsService({
      repository: createUploadsRepository(t.database.db),
      storage,
      signatures,
      publicUrl: t.config.publicUrl,
      fetchOptions: { resolve: async () => [{ address: '93.184.215.14', family: 4 }], connect: internet },
    });
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await t?.close();
  });

  it('fetches a typed address once and serves it from the public origin, whole and at 2x', async () => {
    const before = requested.length;
    const { objectPath } = await local.attachUploadedImage(userId, { imageURL: `${origin}/wide.png` });
    expect(requested.length - before).toBe(1);
    expect(objectPath).toMatch(/^\/objects\/[a-z2-7]{20}-160x53\.png$/);
    const served = await t.app.inject({ method: 'GET', url: objectPath });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([320, 106]);
    const listed = await local.listUploadedImages(userId);
    expect(listed.some((image) => image.objectPath === objectPath)).toBe(true);
  });

  it('keeps an animated GIF animated, and converts WebP', async () => {
    const gif = await local.attachUploadedImage(userId, { imageURL: `${origin}/spinner.gif` });
    expect(gif.objectPath).toMatch(/-80x80a\.png$/);
    const animated = await t.app.inject({ method: 'GET', url: gif.objectPath.replace('.png', '-o.gif') });
    expect(animated.headers['content-type']).toBe('image/gif');
    expect((await sharp(animated.rawPayload).metadata()).pages).toBe(2);

    const webp = await local.attachUploadedImage(userId, { imageURL: `${origin}/photo.webp` });
    expect(webp.objectPath).toMatch(/-80x80\.jpg$/);
    expect((await t.app.inject({ method: 'GET', url: webp.objectPath })).headers['content-type']).toBe('image/jpeg');
  });

  it('refuses SVG with the reason, a web page with what to do, and reads the type from the bytes', async () => {
    await expect(local.attachUploadedImage(userId, { imageURL: `${origin}/logo.svg` })).rejects.toThrow(
      /Gmail does not show SVG/,
    );
    await expect(local.attachUploadedImage(userId, { imageURL: `${origin}/disguised.png` })).rejects.toThrow(
      /Gmail does not show SVG/,
    );
    await expect(local.attachUploadedImage(userId, { imageURL: `${origin}/page` })).rejects.toThrow(
      /web page, not an image.*Copy image address/,
    );
    await expect(local.attachUploadedImage(userId, { imageURL: `${origin}/nothing.png` })).rejects.toThrow(
      /error \(404\)/,
    );
  });

  it('turns Google Drive and Dropbox share links into their files', async () => {
    const before = requested.length;
    const drive = await internetService.attachUploadedImage(userId, {
      imageURL: 'https://drive.google.com/file/d/1AbCdEfGhIjKlMnOpQrStUvWxYz012345/view?usp=sharing',
    });
    expect(drive.objectPath).toMatch(/-160x53\.png$/);
    expect(requested[before]).toBe('/uc?export=download&id=1AbCdEfGhIjKlMnOpQrStUvWxYz012345');

    await internetService.attachUploadedImage(userId, { imageURL: 'https://www.dropbox.com/s/abc123/logo.png?dl=0' });
    expect(requested.at(-1)).toBe('/s/abc123/logo.png?raw=1');

    await expect(
      internetService.attachUploadedImage(userId, {
        imageURL: 'https://drive.google.com/file/d/private0123456789/view',
      }),
    ).rejects.toThrow(/Anyone with the link/);
  });

  it('limits how many addresses one person has fetched in an hour', async () => {
    const { storage, signatures } = t.app.services;
    const limited = createUploadsService({
      repository: createUploadsRepository(t.database.db),
      storage,
      signatures,
      fetchOptions: { testOnlyAllowLoopback: true },
      limiter: createMemoryRateLimiter('test:'),
      fetchLimit: { name: 'image-fetch', limit: 2, windowMs: 60_000 },
    });
    await limited.attachUploadedImage(userId, { imageURL: `${origin}/wide.png` });
    await limited.attachUploadedImage(userId, { imageURL: `${origin}/wide.png` });
    const before = requested.length;
    await expect(limited.attachUploadedImage(userId, { imageURL: `${origin}/wide.png` })).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringContaining('try again in 1 minute, or upload'),
    });
    expect(requested.length).toBe(before);
  });

  it('never fetches without the test-only option: the app default refuses the local server', async () => {
    const before = requested.length;
    await expect(
      t.app.services.uploads.attachUploadedImage(userId, { imageURL: `${origin}/wide.png` }),
    ).rejects.toMatchObject({
      code: 'VALIDATION',
    });
    expect(requested.length).toBe(before);
  });
});
