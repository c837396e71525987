import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from './public-address';
import { defaultConnector, safeFetch, type ConnectRequest, type Connector, type Resolver } from './safe-fetch';

let server: Server;
let origin: string;
let png: Buffer;
const PUBLIC_V4 = '93.184.215.14';

beforeAll(async () => {
  png = await sharp({ create: { width: 30, height: 10, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const hop = /^\/hop\/(\d+)$/.exec(url.pathname);
    if (url.pathname === '/logo.png') return response.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (hop) {
      const left = Number(hop[1]);
      return response.writeHead(302, { location: left === 0 ? '/logo.png' : `/hop/${left - 1}` }).end();
    }
    if (url.pathname === '/to')
      return response.writeHead(301, { location: url.searchParams.get('target') ?? '/' }).end();
    if (url.pathname === '/big') {
      return response.writeHead(200, { 'content-length': String(6 * 1024 * 1024) }).end(Buffer.alloc(6 * 1024 * 1024));
    }
    if (url.pathname === '/big-chunked') {
      response.writeHead(200, { 'content-type': 'image/png' });
      const chunk = Buffer.alloc(256 * 1024, 1);
      let sent = 0;
      const pump = () => {
        while (sent < 24 && response.write(chunk)) sent += 1;
        if (sent >= 24) response.end();
        else response.once('drain', pump);
      };
      pump();
      return;
    }
    if (url.pathname === '/slow') {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.write(png.subarray(0, 8));
      // Never finishes on its own: a drip that would hold the request open forever.
      const timer = setInterval(() => response.write(Buffer.from([0])), 100);
      response.on('close', () => clearInterval(timer));
      return;
    }
    if (url.pathname === '/missing') return response.writeHead(404).end('no');
    if (url.pathname === '/host') return response.writeHead(200).end(String(request.headers.host));
    response.writeHead(200, { 'content-type': 'text/plain' }).end(`path ${url.pathname}${url.search}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const LOCAL = { testOnlyAllowLoopback: true } as const;
const PRIVATE = /private or local network/;

/** A connector that fails the test if anything is connected at all. */
const noConnection: Connector = async (request) => {
  throw new Error(`must not connect, but connected to ${request.address.address} for ${request.url.href}`);
};

/**
 * Stands in for the internet: the connection that would go to a public address is served by the
 * local test server instead, and every address asked for is recorded.
 */
function internet(asked: ConnectRequest[]): Connector {
  return (request) => {
    asked.push(request);
    const local = new URL(`${request.url.pathname}${request.url.search}`, origin);
    return defaultConnector({ ...request, url: local, address: { address: '127.0.0.1', family: 4 } });
  };
}

describe('public addresses', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '198.18.0.1',
    '192.0.2.1',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:8.8.8.8',
    '::127.0.0.1',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    'ff02::1',
    '64:ff9b::a00:1',
    '2002:a00:1::1',
    '2001:0:4136:e378::1',
    '2001:db8::1',
    'not-an-ip',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', PUBLIC_V4, '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001::200e'])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('defaultConnector', () => {
  it('connects to the given address and never looks the name up again, sending the typed host', async () => {
    const port = new URL(origin).port;
    // '.invalid' never resolves: reaching the server proves the socket used the pinned address.
    const response = await defaultConnector({
      url: new URL(`http://images.invalid:${port}/host`),
      address: { address: '127.0.0.1', family: 4 },
      headers: {},
      signal: new AbortController().signal,
    });
    let body = '';
    for await (const chunk of response) body += String(chunk);
    expect(response.statusCode).toBe(200);
    expect(body).toBe(`images.invalid:${port}`);
  });
});

describe('safeFetch', () => {
  it('refuses the local test server by default, and fetches it only with the test-only option', async () => {
    await expect(safeFetch(`${origin}/logo.png`)).rejects.toThrow(/port|private/);
    await expect(safeFetch('http://127.0.0.1/logo.png', { connect: noConnection })).rejects.toThrow(PRIVATE);
    const fetched = await safeFetch(`${origin}/logo.png`, LOCAL);
    expect(fetched.bytes.equals(png)).toBe(true);
    expect(fetched.contentType).toBe('image/png');
  });

  it.each([
    'http://10.0.0.1/logo.png',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.1.1/',
    'http://[::1]/logo.png',
    'http://[::ffff:127.0.0.1]/logo.png',
    'http://[::ffff:7f00:1]/logo.png',
    'http://[fe80::1]/logo.png',
    'http://[fd12:3456::1]/logo.png',
    'http://0x7f000001/logo.png',
    'http://2130706433/logo.png',
    'http://0177.0.0.1/logo.png',
    'http://localhost/logo.png',
    'http://api.localhost/logo.png',
  ])('refuses %s without connecting', async (url) => {
    await expect(
      safeFetch(url, { connect: noConnection, resolve: async () => [{ address: PUBLIC_V4, family: 4 }] }),
    ).rejects.toThrow(PRIVATE);
  });

  it('refuses a name whose DNS answers include a private address', async () => {
    const privateOnly: Resolver = async () => [{ address: '10.1.2.3', family: 4 }];
    const mixed: Resolver = async () => [
      { address: PUBLIC_V4, family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    const mapped: Resolver = async () => [{ address: '::ffff:169.254.169.254', family: 6 }];
    for (const resolve of [privateOnly, mixed, mapped]) {
      await expect(safeFetch('https://images.example.com/a.png', { resolve, connect: noConnection })).rejects.toThrow(
        PRIVATE,
      );
    }
  });

  it('connects to the address it checked, even when the DNS answer changes afterwards (rebinding)', async () => {
    const answers = [PUBLIC_V4, '127.0.0.1'];
    let lookups = 0;
    const rebinding: Resolver = async () => [{ address: answers[Math.min(lookups++, 1)]!, family: 4 }];
    const asked: ConnectRequest[] = [];
    const fetched = await safeFetch('https://cdn.example.com/logo.png', {
      resolve: rebinding,
      connect: internet(asked),
    });
    expect(fetched.bytes.equals(png)).toBe(true);
    expect(lookups).toBe(1);
    expect(asked.map((request) => request.address.address)).toEqual([PUBLIC_V4]);
  });

  it('checks every redirect again: into a private address, a private name, or too many hops', async () => {
    const asked: ConnectRequest[] = [];
    const resolve: Resolver = async (name) => [
      { address: name === 'intranet.example.com' ? '10.0.0.8' : PUBLIC_V4, family: 4 },
    ];
    const options = { resolve, connect: internet(asked) };
    for (const target of [
      'http://10.0.0.1/x.png',
      'http://[::ffff:127.0.0.1]/x.png',
      'http://intranet.example.com/x.png',
      'http://169.254.169.254/',
    ]) {
      await expect(
        safeFetch(`https://cdn.example.com/to?target=${encodeURIComponent(target)}`, options),
      ).rejects.toThrow(PRIVATE);
    }
    await expect(
      safeFetch('https://cdn.example.com/to?target=ftp%3A%2F%2Fcdn.example.com%2Fa.png', options),
    ).rejects.toThrow(/https/);
    await expect(
      safeFetch('https://cdn.example.com/to?target=https%3A%2F%2Fu%3Ap%40cdn.example.com%2Fa.png', options),
    ).rejects.toThrow(/user name or password/);
    // Only the public first hops were ever connected to.
    expect(new Set(asked.map((request) => request.address.address))).toEqual(new Set([PUBLIC_V4]));

    expect((await safeFetch('https://cdn.example.com/hop/2', options)).bytes.equals(png)).toBe(true); // 3 redirects
    await expect(safeFetch('https://cdn.example.com/hop/3', options)).rejects.toThrow(/redirects more than 3 times/);
  });

  it('refuses credentials, other schemes and other ports', async () => {
    const options = { connect: noConnection, resolve: async () => [{ address: PUBLIC_V4, family: 4 as const }] };
    await expect(safeFetch('https://user:secret@cdn.example.com/a.png', options)).rejects.toThrow(
      /user name or password/,
    );
    await expect(safeFetch('https://token@cdn.example.com/a.png', options)).rejects.toThrow(/user name or password/);
    await expect(safeFetch('file:///etc/passwd', options)).rejects.toThrow(/https/);
    await expect(safeFetch('ftp://cdn.example.com/a.png', options)).rejects.toThrow(/https/);
    await expect(safeFetch('https://cdn.example.com:6379/a.png', options)).rejects.toThrow(/port 6379/);
    await expect(safeFetch('not a url', options)).rejects.toThrow(/full image address/);
  });

  it('stops at 5 MB, whether announced or not', async () => {
    await expect(safeFetch(`${origin}/big`, LOCAL)).rejects.toThrow(/larger than 5MB/);
    await expect(safeFetch(`${origin}/big-chunked`, LOCAL)).rejects.toThrow(/larger than 5MB/);
  });

  it('gives up on a slow server at the time limit', async () => {
    const started = Date.now();
    await expect(safeFetch(`${origin}/slow`, { ...LOCAL, timeoutMs: 400 })).rejects.toThrow(
      /took longer than 1 seconds/,
    );
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('says so when the address answers with an error or cannot be reached', async () => {
    await expect(safeFetch(`${origin}/missing`, LOCAL)).rejects.toThrow(/error \(404\)/);
    const unknown: Resolver = async () => {
      throw new Error('ENOTFOUND');
    };
    await expect(
      safeFetch('https://no-such-host.example/a.png', { resolve: unknown, connect: noConnection }),
    ).rejects.toThrow(/could not find no-such-host\.example/);
  });
});
