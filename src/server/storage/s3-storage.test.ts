import { describe, expect, it } from 'vitest';
import { AppError, ERROR_STATUS } from '../errors';
import { createS3Storage, type S3StorageOptions } from './s3-storage';
import {
  S3_TEST_BUCKET,
  S3_TEST_CREDENTIALS,
  s3ServerUnavailableReason,
  startS3Relay,
} from '../../test-support/s3-test-server';
import { useS3Stand } from '../../test-support/s3';
import { describeWhen } from '../../test-support/test-app';
import { StorageUnavailableError } from './storage-error';

const unavailableReason = await s3ServerUnavailableReason();

/** Runs `action`, expects the store's failure, and returns it for the wording checks. */
async function storageFailure(action: () => Promise<unknown>): Promise<StorageUnavailableError> {
  const error = await action().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StorageUnavailableError);
  const failure = error as StorageUnavailableError;
  // What the person reads: words, a 503 with Retry-After, never an internal error.
  expect(failure).toBeInstanceOf(AppError);
  expect(ERROR_STATUS[failure.code]).toBe(503);
  expect(failure.headers?.['retry-after']).toBe('60');
  expect(failure.message).toMatch(/^We could not .* Please try again in a few minutes\.$/);
  return failure;
}

describeWhen(unavailableReason ?? undefined, 'S3 storage against a real S3 API server (s3rver on loopback)', () => {
  const stand = useS3Stand();
  const logged: string[] = [];
  const log = { error: (_obj: object, msg: string) => void logged.push(msg) };
  const storageVia = (endpoint: string, overrides: Partial<S3StorageOptions> = {}) =>
    createS3Storage({
      bucket: S3_TEST_BUCKET,
      region: 'us-east-1',
      endpoint,
      credentials: S3_TEST_CREDENTIALS,
      log,
      ...overrides,
    });

  it('uploads, serves and deletes an object, addressing the bucket path-style', async () => {
    const storage = storageVia(stand.relay.endpoint);
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]);
    await storage.put('public/photo.png', bytes, 'image/png');
    const got = await storage.get('public/photo.png');
    expect(got?.bytes).toEqual(bytes);
    expect(got?.contentType).toBe('image/png');
    await storage.check();

    await storage.delete('public/photo.png');
    expect(await storage.get('public/photo.png')).toBeNull();
    expect(stand.relay.requestLines).toEqual([
      `PUT /${S3_TEST_BUCKET}/public/photo.png`,
      `GET /${S3_TEST_BUCKET}/public/photo.png`,
      `HEAD /${S3_TEST_BUCKET}/`,
      `DELETE /${S3_TEST_BUCKET}/public/photo.png`,
      `GET /${S3_TEST_BUCKET}/public/photo.png`,
    ]);
  });

  it('replaces an object whole', async () => {
    const storage = storageVia(stand.s3.endpoint);
    await storage.put('raw/b', Buffer.alloc(100_000, 1), 'image/jpeg');
    await storage.put('raw/b', Buffer.alloc(10, 2), 'image/gif');
    const got = await storage.get('raw/b');
    expect(got?.bytes).toEqual(Buffer.alloc(10, 2));
    expect(got?.contentType).toBe('image/gif');
  });

  it('answers null for a missing object, and deleting one is not an error', async () => {
    const storage = storageVia(stand.s3.endpoint);
    expect(await storage.get('public/never-stored.png')).toBeNull();
    await storage.delete('public/never-stored.png');
  });

  it('says so in words when the bucket does not exist, and names the bucket in the log', async () => {
    logged.length = 0;
    const storage = storageVia(stand.s3.endpoint, { bucket: 'no-such-bucket' });
    const put = await storageFailure(() => storage.put('public/a.png', Buffer.from('x'), 'image/png'));
    expect(put.message).toContain('save your image');
    expect(put.reason).toBe('the bucket "no-such-bucket" does not exist (S3_BUCKET)');
    const get = await storageFailure(() => storage.get('public/a.png'));
    expect(get.reason).toContain('no-such-bucket');
    await expect(storage.check()).rejects.toThrow(StorageUnavailableError);
    await expect(storage.check()).rejects.toMatchObject({ reason: 'the bucket "no-such-bucket" does not exist' });
    expect(logged[0]).toBe('Object storage failed: the bucket "no-such-bucket" does not exist (S3_BUCKET)');
  });

  it('says so in words when the store refuses the credentials', async () => {
    const storage = storageVia(stand.s3.endpoint, {
      credentials: { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'wrong' },
    });
    const put = await storageFailure(() => storage.put('public/a.png', Buffer.from('x'), 'image/png'));
    expect(put.reason).toBe('the access key is not known to the object store (S3_ACCESS_KEY_ID)');
    const get = await storageFailure(() => storage.get('public/a.png'));
    expect(get.message).toContain('load that image');
    await storageFailure(() => storage.delete('public/a.png'));
    await expect(storage.check()).rejects.toMatchObject({ reason: 'the object store refused these credentials' });
  });

  it('says so in words when the server goes away mid-upload, and stores nothing half-written', async () => {
    const storage = storageVia(stand.relay.endpoint);
    stand.relay.cutAfterBytes = 64 * 1024;
    try {
      const put = await storageFailure(() => storage.put('public/half.png', Buffer.alloc(1024 * 1024, 7), 'image/png'));
      expect(put.reason).toMatch(/^the object store at 127\.0\.0\.1:\d+ did not answer \(.+\)$/);
    } finally {
      stand.relay.cutAfterBytes = null;
    }
    expect(await storageVia(stand.s3.endpoint).get('public/half.png')).toBeNull();
  });

  it('says so in words when nothing listens at the endpoint', async () => {
    const gone = await startS3Relay(stand.s3.endpoint);
    const endpoint = gone.endpoint;
    await gone.close();
    const storage = storageVia(endpoint, { timeoutMs: 2000 });
    const put = await storageFailure(() => storage.put('public/a.png', Buffer.from('x'), 'image/png'));
    expect(put.reason).toContain('ECONNREFUSED');
    await storageFailure(() => storage.get('public/a.png'));
    await expect(storage.check()).rejects.toThrow(/Image storage is not answering/);
  });
});

describe('S3 storage addressing', () => {
  it('addresses AWS virtual-hosted and a custom endpoint path-style', async () => {
    const seen: string[] = [];
    const original = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      seen.push(input instanceof Request ? input.url : String(input));
      return new Response(null, { status: 200 });
    }) as typeof fetch;
    try {
      const credentials = { accessKeyId: 'AKID', secretAccessKey: 'secret' };
      await createS3Storage({ bucket: 'sigs', region: 'eu-west-1', credentials }).put(
        'public/a.png',
        Buffer.from('x'),
        'image/png',
      );
      await createS3Storage({
        bucket: 'sigs',
        region: 'us-east-1',
        endpoint: 'http://127.0.0.1:9000/',
        credentials,
      }).put('raw/x', Buffer.from('x'), 'image/gif');
    } finally {
      globalThis.fetch = original;
    }
    expect(seen).toEqual(['https://sigs.s3.eu-west-1.amazonaws.com/public/a.png', 'http://127.0.0.1:9000/sigs/raw/x']);
  });
});
