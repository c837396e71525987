import type { ObjectStorage } from './object-storage';
import { EMPTY_PAYLOAD_HASH, sha256Hex, signRequest, type AwsCredentials } from './sigv4';
import { assertStorageKey } from './storage-key';

export type S3StorageOptions = {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, R2, …); addressed path-style as those expect. */
  endpoint?: string | undefined;
  credentials: AwsCredentials;
  /** Tests pass a stand-in; production uses the global fetch. */
  fetch?: typeof fetch;
  now?: () => Date;
};

/** Objects in an S3 bucket over plain HTTPS, signed with SigV4. */
export function createS3Storage(options: S3StorageOptions): ObjectStorage {
  const send = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());

  const urlFor = (key: string) => {
    assertStorageKey(key);
    // AWS refuses path-style addressing for buckets made since 2020; other services prefer it.
    return options.endpoint
      ? new URL(`${options.endpoint.replace(/\/+$/, '')}/${options.bucket}/${key}`)
      : new URL(`https://${options.bucket}.s3.${options.region}.amazonaws.com/${key}`);
  };

  async function request(method: string, key: string, body?: Buffer, headers: Record<string, string> = {}) {
    const url = urlFor(key);
    const signed = signRequest({
      method,
      url,
      headers,
      payloadHash: body ? sha256Hex(body) : EMPTY_PAYLOAD_HASH,
      region: options.region,
      credentials: options.credentials,
      now: now(),
    });
    return send(url, { method, headers: signed, body: body ? new Uint8Array(body) : undefined });
  }

  async function fail(action: string, key: string, res: Response): Promise<never> {
    const detail = (await res.text().catch(() => '')).slice(0, 300);
    throw new Error(`S3 ${action} ${key} failed with ${res.status}: ${detail}`);
  }

  return {
    async put(key, bytes, contentType) {
      // S3 stores an object whole or not at all, so no temporary object is needed.
      const res = await request('PUT', key, bytes, { 'content-type': contentType });
      if (!res.ok) await fail('PUT', key, res);
    },

    async get(key) {
      const res = await request('GET', key);
      if (res.status === 404) return null;
      if (!res.ok) return fail('GET', key, res);
      return {
        bytes: Buffer.from(await res.arrayBuffer()),
        contentType: res.headers.get('content-type') ?? 'application/octet-stream',
      };
    },

    async delete(key) {
      const res = await request('DELETE', key);
      if (!res.ok && res.status !== 404) await fail('DELETE', key, res);
    },
  };
}
