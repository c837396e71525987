/**
 * Test support: a real S3 API server (s3rver, from npm) on loopback, and a TCP relay in front of it
 * that records request lines and can cut a connection part-way through an upload (the server
 * "going away" mid-upload). s3rver accepts any Signature V4 signature but refuses an unknown
 * access key, so "wrong credentials" is tested with a wrong access key id.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const S3_TEST_BUCKET = 'signaturepro-test';
/** s3rver's built-in account. */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export type S3TestServer = { endpoint: string; directory: string; close(): Promise<void> };

type S3rverInstance = { run(): Promise<AddressInfo>; close(): Promise<void> };
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

/** Why no S3 server can be had here, or null when s3rver loads. */
export async function s3ServerUnavailableReason(): Promise<string | null> {
  try {
    await import('s3rver');
    return null;
  } catch (error) {
    return `the s3rver package cannot be loaded (${(error as Error).message}); run npm install`;
  }
}

export async function startS3TestServer(): Promise<S3TestServer> {
  const { default: S3rver } = (await import('s3rver')) as unknown as { default: S3rverClass };
  const directory = mkdtempSync(path.join(os.tmpdir(), 'sp-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: S3_TEST_BUCKET }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    directory,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export type S3Relay = {
  endpoint: string;
  /** The first line of every request that passed through ("PUT /bucket/key HTTP/1.1"). */
  requestLines: string[];
  /** From now on, cut each connection once this many request bytes have passed (null: never). */
  cutAfterBytes: number | null;
  close(): Promise<void>;
};

/** A TCP relay to `target` that sees the requests go by and can drop a connection mid-request. */
export async function startS3Relay(target: string): Promise<S3Relay> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  const relay: S3Relay = { endpoint: '', requestLines: [], cutAfterBytes: null, close: async () => {} };
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    let seen = 0;
    client.on('data', (chunk: Buffer) => {
      const text = chunk.toString('latin1');
      for (const match of text.matchAll(/^(GET|PUT|HEAD|DELETE|POST) (\S+) HTTP\/1\.1\r$/gm))
        relay.requestLines.push(`${match[1]} ${match[2]}`);
      seen += chunk.length;
      if (relay.cutAfterBytes !== null && seen > relay.cutAfterBytes) {
        client.destroy();
        upstream.destroy();
        return;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  relay.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  relay.close = async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  };
  return relay;
}
