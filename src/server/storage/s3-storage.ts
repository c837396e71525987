import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import type { ObjectStorage } from './object-storage';
import { StorageUnavailableError, type StorageAction } from './storage-error';
import { assertStorageKey } from './storage-key';

export type S3StorageOptions = {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, …); addressed path-style as those expect. */
  endpoint?: string | undefined;
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string | undefined };
  /** Gives up on one request after this long (default 15 s). */
  timeoutMs?: number;
  log?: { error(obj: object, msg: string): void };
};

/** The <Code> and <Message> of an S3 error document, when the body is one. */
function s3ErrorOf(body: string): { code: string; message: string } {
  const code = /<Code>([^<]*)<\/Code>/.exec(body)?.[1] ?? '';
  const message = /<Message>([^<]*)<\/Message>/.exec(body)?.[1] ?? '';
  return { code, message };
}

/** What an operator should read in the log for a refused request. */
function reasonFor(status: number, code: string, message: string, bucket: string): string {
  if (code === 'NoSuchBucket') return `the bucket "${bucket}" does not exist (S3_BUCKET)`;
  if (code === 'InvalidAccessKeyId') return 'the access key is not known to the object store (S3_ACCESS_KEY_ID)';
  if (code === 'SignatureDoesNotMatch') return 'the secret key does not match the access key (S3_SECRET_ACCESS_KEY)';
  if (code === 'AccessDenied' || status === 403)
    return `the object store refused access to the bucket "${bucket}" (${code || status})`;
  return `the object store answered ${status}${code ? ` ${code}` : ''}${message ? `: ${message}` : ''}`;
}

/**
 * Objects in an S3 bucket, through aws4fetch (Signature V4 over the platform's fetch; see
 * docs/decisions/0080-object-storage-client.md). Every failure of the store becomes a
 * StorageUnavailableError: words for the person, the cause in the log.
 */
function bucketUrl(options: S3StorageOptions): string {
  return options.endpoint
    ? // Path-style: MinIO and most S3-compatible servers expect the bucket in the path.
      `${options.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(options.bucket)}`
    : // AWS refuses path-style addressing for buckets made since 2020.
      `https://${options.bucket}.s3.${options.region}.amazonaws.com`;
}

export function createS3Storage(options: S3StorageOptions): ObjectStorage {
  const client = new AwsClient({
    accessKeyId: options.credentials.accessKeyId,
    secretAccessKey: options.credentials.secretAccessKey,
    ...(options.credentials.sessionToken ? { sessionToken: options.credentials.sessionToken } : {}),
    service: 's3',
    region: options.region,
    // A 5xx or 429 is tried twice more with jittered back-off; a refused connection is not.
    retries: 2,
    initRetryMs: 100,
  });
  const timeoutMs = options.timeoutMs ?? 15_000;
  const base = bucketUrl(options);

  const urlFor = (key: string) => {
    assertStorageKey(key);
    return `${base}/${key.split('/').map(encodeURIComponent).join('/')}`;
  };

  const unavailable = (action: StorageAction, key: string, reason: string): never => {
    const error = new StorageUnavailableError(action, reason);
    options.log?.error({ storage: 's3', action, key, reason }, `Object storage failed: ${reason}`);
    throw error;
  };

  async function send(action: StorageAction, key: string, url: string, init: RequestInit): Promise<Response> {
    try {
      return await client.fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const detail = cause?.code ?? cause?.message ?? (error as Error).message;
      return unavailable(action, key, `the object store at ${new URL(url).host} did not answer (${detail})`);
    }
  }

  async function refused(action: StorageAction, key: string, res: Response): Promise<never> {
    const body = await res.text().catch(() => '');
    const { code, message } = s3ErrorOf(body);
    return unavailable(action, key, reasonFor(res.status, code, message, options.bucket));
  }

  return {
    async put(key, bytes, contentType) {
      // The signed payload hash makes the store refuse a body that arrives cut short or altered;
      // S3 stores an object whole or not at all, so no temporary object is needed.
      const res = await send('put', key, urlFor(key), {
        method: 'PUT',
        body: new Uint8Array(bytes),
        headers: {
          'content-type': contentType,
          'x-amz-content-sha256': createHash('sha256').update(bytes).digest('hex'),
        },
      });
      if (!res.ok) await refused('put', key, res);
      await res.arrayBuffer().catch(() => undefined);
    },

    async get(key) {
      const res = await send('get', key, urlFor(key), { method: 'GET' });
      if (res.status === 404) {
        const body = await res.text().catch(() => '');
        // A missing key is an answer; a missing bucket is a broken setup.
        if (s3ErrorOf(body).code === 'NoSuchBucket')
          return unavailable('get', key, reasonFor(404, 'NoSuchBucket', '', options.bucket));
        return null;
      }
      if (!res.ok) return refused('get', key, res);
      try {
        return {
          bytes: Buffer.from(await res.arrayBuffer()),
          contentType: res.headers.get('content-type') ?? 'application/octet-stream',
        };
      } catch (error) {
        return unavailable(
          'get',
          key,
          `the object store stopped while sending the object (${(error as Error).message})`,
        );
      }
    },

    async delete(key) {
      const res = await send('delete', key, urlFor(key), { method: 'DELETE' });
      if (res.ok || res.status === 404) {
        const body = await res.text().catch(() => '');
        if (res.status === 404 && s3ErrorOf(body).code === 'NoSuchBucket')
          unavailable('delete', key, reasonFor(404, 'NoSuchBucket', '', options.bucket));
        return;
      }
      await refused('delete', key, res);
    },

    async check() {
      // HEAD on the bucket: it exists and these credentials may use it.
      let res: Response;
      try {
        res = await client.fetch(`${base}/`, {
          method: 'HEAD',
          signal: AbortSignal.timeout(Math.min(timeoutMs, 3000)),
        });
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause;
        throw new StorageUnavailableError(
          'check',
          `the object store did not answer (${cause?.code ?? (error as Error).message})`,
        );
      }
      if (res.ok) return;
      // A HEAD answer has no body: the status alone says what is wrong.
      const reason =
        res.status === 404
          ? `the bucket "${options.bucket}" does not exist`
          : res.status === 403
            ? 'the object store refused these credentials'
            : `the object store answered ${res.status}`;
      throw new StorageUnavailableError('check', reason);
    },
  };
}
