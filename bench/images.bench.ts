/**
 * The image pipeline's cost: a 5 MB upload through the three upload calls, and a typed address
 * fetched and re-hosted; plus the size of the editor browser test's full signature, with the
 * image URL and markup of decision 0070. Run: node --import tsx bench/images.bench.ts
 * Prints figures only; it never fails on timing, since machines differ.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { processImage } from '../src/server/modules/uploads/image-processing';
import { createUploadsRepository } from '../src/server/modules/uploads/uploads.repository';
import { createUploadsService } from '../src/server/modules/uploads/uploads.service';
import { buildTestApp, signUpUser } from '../src/test-support/test-app';
import { renderSignature } from '../src/shared/signature/render-signature';
import { SOCIAL_PLATFORMS } from '../src/shared/signature/signature-schema';
import { buildEditorTestSignature } from '../src/test-support/signature-test-factory';

const RUNS = 5;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const ms = (value: number) => `${value.toFixed(0)} ms`;

/** A photo-like JPEG just under 5 MB: noise keeps JPEG from compressing it small. */
async function fiveMegabyteJpeg(): Promise<Buffer> {
  let side = 1800;
  for (;;) {
    const noise = Buffer.alloc(side * side * 3);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (Math.random() * 256) | 0;
    const jpeg = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .jpeg({ quality: 92 })
      .toBuffer();
    if (jpeg.length > 5 * 1024 * 1024) side -= 60;
    else if (jpeg.length < 4.6 * 1024 * 1024) side += 60;
    else return jpeg;
  }
}

async function time(run: () => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  await run(); // warm-up
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

function editorTestSignatureLength(origin: string): number {
  // The values tests/e2e/editor.test.ts types, with a stored square logo and every profile.
  const signature = buildEditorTestSignature({
    photoUrl: '/objects/q7mz4kx2vb5nw3hj6tpa-80x80.png',
    socialLinks: Object.fromEntries(
      SOCIAL_PLATFORMS.map((platform) => [platform, `https://${platform}.example.com/grace`]),
    ),
  });
  return renderSignature(signature, { publicUrl: origin, showWatermark: true }).html.length;
}

const jpeg = await fiveMegabyteJpeg();
const meta = await sharp(jpeg).metadata();
console.log(`input: ${(jpeg.length / 1024 / 1024).toFixed(2)} MB JPEG, ${meta.width}x${meta.height}`);
console.log(`pipeline only (4 files):             median ${ms(await time(() => processImage(jpeg)))}`);

const frames = await Promise.all(
  Array.from({ length: 40 }, (_, i) =>
    sharp({
      create: {
        width: 400,
        height: 400,
        channels: 3,
        background: { r: (i * 6) % 256, g: 120, b: 255 - ((i * 6) % 256) },
      },
    })
      .png()
      .toBuffer(),
  ),
);
const gif = await sharp(frames, { join: { animated: true } })
  .gif()
  .toBuffer();
console.log(
  `pipeline, animated GIF 40 frames 400x400 (${(gif.length / 1024).toFixed(0)} KB, 8 files): median ${ms(await time(() => processImage(gif)))}`,
);

const t = await buildTestApp('pglite');
try {
  const caller = await signUpUser(t.app);
  const headers = { cookie: caller.cookie };
  const upload = await time(async () => {
    const slot = await t.app.inject({ method: 'POST', url: '/api/objects/upload', headers, payload: {} });
    const { uploadURL } = slot.json() as { uploadURL: string };
    await t.app.inject({
      method: 'PUT',
      url: uploadURL,
      headers: { ...headers, 'content-type': 'image/jpeg' },
      payload: jpeg,
    });
    const attached = await t.app.inject({
      method: 'PUT',
      url: '/api/signatures/image',
      headers,
      payload: { imageURL: uploadURL },
    });
    if (attached.statusCode !== 200) throw new Error(attached.body);
  });
  console.log(`5 MB upload, slot + bytes + attach:  median ${ms(upload)}`);

  const logo = await sharp({ create: { width: 1200, height: 400, channels: 4, background: '#1a73e8' } })
    .png()
    .toBuffer();
  const server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'image/png' }).end(request.url === '/big.jpg' ? jpeg : logo);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { storage, signatures } = t.app.services;
  // Test-only option: this bench serves the image on loopback, which the app never fetches.
  const uploads = createUploadsService({
    repository: createUploadsRepository(t.database.db),
    storage,
    signatures,
    fetchOptions: { testOnlyAllowLoopback: true },
  });
  const userId = caller.user.id;
  console.log(
    `re-hosted URL, 1200x400 PNG logo:    median ${ms(await time(() => uploads.attachUploadedImage(userId, { imageURL: `${origin}/logo.png` })))}`,
  );
  console.log(
    `re-hosted URL, 5 MB JPEG photo:      median ${ms(await time(() => uploads.attachUploadedImage(userId, { imageURL: `${origin}/big.jpg` })))}`,
  );
  server.close();
} finally {
  await t.close();
}

for (const origin of ['http://127.0.0.1:5000', 'https://app.signaturepro.example']) {
  console.log(`editor browser test's full signature on ${origin}: ${editorTestSignatureLength(origin)} characters`);
}
