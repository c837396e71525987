import { describe, expect, it } from 'vitest';
import { createS3Storage } from './s3-storage';
import { sha256Hex } from './sigv4';

type Seen = { method: string; url: string; headers: Record<string, string>; body: Buffer | null };

/** A stand-in for S3 at the network boundary: records each request and answers from a map. */
function fakeS3() {
  const objects = new Map<string, { bytes: Buffer; contentType: string }>();
  const seen: Seen[] = [];
  const fetchStub: typeof fetch = async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const headers = { ...(init?.headers as Record<string, string>) };
    const body = init?.body ? Buffer.from(init.body as Uint8Array) : null;
    seen.push({ method, url, headers, body });
    if (method === 'PUT') {
      objects.set(url, { bytes: body ?? Buffer.alloc(0), contentType: headers['content-type'] ?? '' });
      return new Response(null, { status: 200 });
    }
    if (method === 'DELETE') {
      objects.delete(url);
      return new Response(null, { status: 204 });
    }
    const found = objects.get(url);
    return found
      ? new Response(new Uint8Array(found.bytes), { status: 200, headers: { 'content-type': found.contentType } })
      : new Response('<Error><Code>NoSuchKey</Code></Error>', { status: 404 });
  };
  return { fetchStub, seen };
}

const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' };

describe('S3 storage', () => {
  it('puts, gets and deletes through signed requests (virtual-hosted on AWS)', async () => {
    const { fetchStub, seen } = fakeS3();
    const storage = createS3Storage({ bucket: 'sigs', region: 'eu-west-1', credentials, fetch: fetchStub });
    await storage.put('public/a.png', Buffer.from('png'), 'image/png');
    const put = seen[0]!;
    expect(put.url).toBe('https://sigs.s3.eu-west-1.amazonaws.com/public/a.png');
    expect(put.headers['x-amz-content-sha256']).toBe(sha256Hex('png'));
    expect(put.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/s3\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/);

    const got = await storage.get('public/a.png');
    expect(got?.bytes.toString()).toBe('png');
    expect(got?.contentType).toBe('image/png');
    await storage.delete('public/a.png');
    expect(await storage.get('public/a.png')).toBeNull();
  });

  it('addresses a custom endpoint path-style', async () => {
    const { fetchStub, seen } = fakeS3();
    const storage = createS3Storage({ bucket: 'sigs', region: 'us-east-1', endpoint: 'http://127.0.0.1:9000/', credentials, fetch: fetchStub });
    await storage.put('raw/x', Buffer.from('x'), 'image/gif');
    expect(seen[0]!.url).toBe('http://127.0.0.1:9000/sigs/raw/x');
  });

  it('reports a failed write with the status', async () => {
    const storage = createS3Storage({
      bucket: 'sigs',
      region: 'us-east-1',
      credentials,
      fetch: async () => new Response('AccessDenied', { status: 403 }),
    });
    await expect(storage.put('raw/x', Buffer.from('x'), 'image/png')).rejects.toThrow(/403/);
  });
});
