import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEmptySignature } from '../../../shared/signature/signature-schema';
import {
  apiCaller,
  buildTestApp,
  describeEachDatabase,
  signUpUser,
  type TestApp,
} from '../../../test-support/test-app';
import { createAnalytics } from '../analytics/analytics.service';
import { createUploadsRepository } from '../uploads/uploads.repository';
import { createUploadsService } from '../uploads/uploads.service';
import { createSignaturesRepository } from './signatures.repository';
import { createSignaturesService } from './signatures.service';

/**
 * Every save holds the image policy (docs/decisions/0162-images-are-ours-on-every-save.md): an image
 * address that is not one of our stored images is re-hosted or refused in words, on create and on
 * update, so no export can point at a private network, a file or another scheme.
 */
const STORED = '/objects/7f3c9a2e-4b1d-4e8a-9c6f-2d5e8b1a7c40.png';

describeEachDatabase('the image policy on every save', (kind) => {
  let t: TestApp;
  let server: Server;
  let origin: string;
  let person: { cookie: string; user: { id: string } };
  let signatureId: string;
  const call = apiCaller(() => t.app);

  beforeAll(async () => {
    t = await buildTestApp(kind);
    person = await signUpUser(t.app);
    const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#1a73e8' } })
      .png()
      .toBuffer();
    server = createServer((request, response) => {
      if (request.url === '/logo.png') return response.writeHead(200, { 'content-type': 'image/png' }).end(png);
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const created = await call(
      'POST',
      '/api/signatures',
      person.cookie,
      createEmptySignature({ name: 'Ada', email: 'ada@example.com' }),
    );
    expect(created.statusCode).toBe(201);
    signatureId = created.json().id;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await t?.close();
  });

  it.each([
    ['a loopback address', 'http://[::1]:8080/x.png'],
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/x.png'],
    ['a private network', 'https://10.0.0.5/logo.png'],
    ['localhost', 'https://localhost/logo.png'],
    ['a file', 'file:///etc/passwd'],
    ['gopher', 'gopher://example.com/x'],
    ['javascript', 'javascript:alert(1)'],
    ['a relative path that is not ours', '/uploads/logo.png'],
  ])('refuses %s in words, at the field, on update and on create', async (_what, photoUrl) => {
    const updated = await call('PUT', `/api/signatures/${signatureId}`, person.cookie, { photoUrl });
    expect(updated.statusCode).toBe(400);
    const body = updated.json();
    expect(body.errors?.photoUrl).toMatch(/^[A-Z].+\.$/);
    expect(body.error).toBe(body.errors.photoUrl);
    const created = await call('POST', '/api/signatures', person.cookie, createEmptySignature({ name: 'B', photoUrl }));
    expect(created.statusCode).toBe(400);
    const stored = (await call('GET', '/api/signatures', person.cookie)).json() as { photoUrl: string }[];
    expect(stored.every((s) => s.photoUrl === '')).toBe(true);
    const html = await call('POST', `/api/signatures/${signatureId}/generate-html`, person.cookie, {});
    expect(html.statusCode).toBe(200);
    expect(html.json().htmlSignature).not.toContain(photoUrl.replace(/^\w+:\/\//, ''));
  });

  it('keeps one of our stored images as it is, without fetching', async () => {
    for (const photoUrl of [STORED, `${t.config.publicUrl}${STORED}`, '']) {
      const saved = await call('PUT', `/api/signatures/${signatureId}`, person.cookie, { photoUrl });
      expect(saved.statusCode).toBe(200);
      expect(saved.json().photoUrl).toBe(photoUrl);
    }
  });

  it('re-hosts a public image address: what is saved is our stored copy', async () => {
    const uploads = createUploadsService({
      repository: createUploadsRepository(t.database.db),
      storage: t.app.services.storage,
      signatures: t.app.services.signatures,
      publicUrl: t.config.publicUrl,
      fetchOptions: { testOnlyAllowLoopback: true },
    });
    const signatures = createSignaturesService({
      repository: createSignaturesRepository(t.database.db),
      analytics: createAnalytics(t.database.db),
      publicUrl: t.config.publicUrl,
      images: uploads,
    });
    const created = await signatures.createSignature(
      person.user.id,
      createEmptySignature({ name: 'C', photoUrl: `${origin}/logo.png` }),
    );
    expect(created.photoUrl).toMatch(/^\/objects\/[a-z2-7]{20}-[0-9]+x[0-9]+\.png$/);
    expect((await t.app.inject({ method: 'GET', url: created.photoUrl })).statusCode).toBe(200);
    const updated = await signatures.updateSignature({ userId: person.user.id }, created.id, {
      photoUrl: `${origin}/logo.png`,
    });
    expect(updated.photoUrl).toMatch(/^\/objects\//);
    await expect(
      signatures.updateSignature({ userId: person.user.id }, created.id, { photoUrl: `${origin}/missing.png` }),
    ).rejects.toMatchObject({ code: 'VALIDATION', fields: { photoUrl: expect.stringContaining('404') } });
  });
});
