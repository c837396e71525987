import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { AppError } from '../errors';
import { isLoopbackAddress, isPublicAddress, unbracket } from './public-address';

/**
 * GET of a URL a person typed, made safe to run on the server (no server-side request forgery):
 *
 * - http and https only, standard ports only, no user name or password in the URL;
 * - the host is resolved once per hop and every answer must be a public address;
 * - the connection goes to that checked address (the socket never resolves the name again, so a
 *   DNS answer that changes between the check and the connection cannot reach a private host);
 * - redirects are followed by hand, at most three, each checked like the first address;
 * - at most `maxBytes` (5 MB) and `timeoutMs` (10 s) for the whole exchange, redirects included.
 *
 * Every refusal is an AppError in words for the person who typed the address.
 */

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Every address a host name resolves to. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;
export type ConnectRequest = {
  url: URL;
  /** The checked address: the connection must go here, never to a fresh lookup of url.hostname. */
  address: ResolvedAddress;
  headers: Record<string, string>;
  signal: AbortSignal;
};
/** Sends one GET to `address` for `url` and resolves with the response head. */
export type Connector = (request: ConnectRequest) => Promise<IncomingMessage>;

export type SafeFetchOptions = {
  resolve?: Resolver;
  connect?: Connector;
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  /**
   * TEST ONLY: lets loopback addresses (127.0.0.0/8, ::1) on any port through, so tests can serve
   * images from a local HTTP server. Never set by the application.
   */
  testOnlyAllowLoopback?: boolean;
};

export type FetchedResource = { bytes: Buffer; url: string; contentType: string };

export const FETCH_MAX_BYTES = 5 * 1024 * 1024;
export const FETCH_TIMEOUT_MS = 10_000;
export const FETCH_MAX_REDIRECTS = 3;
const DEFAULT_PORTS: Readonly<Record<string, string>> = { 'http:': '80', 'https:': '443' };
const USER_AGENT = 'SignaturePro-ImageFetcher/1.0 (+re-hosts a signature image once)';
const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,image/*;q=0.8';

const refuse = (message: string) => new AppError('VALIDATION', message);

export const defaultResolver: Resolver = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 }));
};

/** node:http(s) with the socket's lookup pinned to the checked address. */
export const defaultConnector: Connector = ({ url, address, headers, signal }) =>
  new Promise((resolve, reject) => {
    const secure = url.protocol === 'https:';
    const hostname = unbracket(url.hostname);
    const request = (secure ? https : http).request({
      protocol: url.protocol,
      host: hostname,
      port: url.port || DEFAULT_PORTS[url.protocol],
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      headers,
      signal,
      agent: false,
      // TLS checks the certificate against the name the person typed (SNI, not for IP literals).
      ...(secure && isIP(hostname) === 0 ? { servername: hostname } : {}),
      lookup: (_name, options, callback) => {
        // Node asks for every address (all: true) when it races IPv4 and IPv6; either way it gets the one checked.
        if ((options as { all?: boolean }).all) {
          (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, [address]);
        } else {
          callback(null, address.address, address.family);
        }
      },
    });
    request.once('response', resolve);
    request.once('error', reject);
    request.end();
  });

function checkUrl(raw: string | URL, options: SafeFetchOptions): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse('That is not a web address. Please paste the full image address, starting with https://.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw refuse('Only web addresses (https:// or http://) can be used for images.');
  }
  if (url.username !== '' || url.password !== '') {
    throw refuse('That address contains a user name or password. Please use a public image address without them.');
  }
  const hostname = unbracket(url.hostname);
  const onLoopback = options.testOnlyAllowLoopback === true && isLoopbackAddress(hostname);
  if (url.port !== '' && url.port !== DEFAULT_PORTS[url.protocol] && !onLoopback) {
    throw refuse(`That address uses port ${url.port}. Please use an image address on the standard web ports.`);
  }
  return url;
}

const PRIVATE_MESSAGE =
  'That address points to a private or local network, which recipients cannot reach. Please use a public image address, or upload the image.';

async function checkedAddress(url: URL, resolve: Resolver, options: SafeFetchOptions): Promise<ResolvedAddress> {
  const hostname = unbracket(url.hostname);
  const literal = isIP(hostname);
  let answers: ResolvedAddress[];
  if (literal !== 0) {
    answers = [{ address: hostname, family: literal === 6 ? 6 : 4 }];
  } else {
    if (hostname === 'localhost' || hostname.endsWith('.localhost')) throw refuse(PRIVATE_MESSAGE);
    try {
      answers = await resolve(hostname);
    } catch {
      throw refuse(`We could not find ${hostname}. Please check the address.`);
    }
  }
  if (answers.length === 0) throw refuse(`We could not find ${hostname}. Please check the address.`);
  const allowed = (address: string) =>
    isPublicAddress(address) || (options.testOnlyAllowLoopback === true && isLoopbackAddress(address));
  // Every answer must be public: a name that also resolves privately could be picked either way.
  if (!answers.every((answer) => allowed(answer.address))) throw refuse(PRIVATE_MESSAGE);
  return answers[0]!;
}

async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw tooLarge(maxBytes);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response) {
    const buffer = chunk as Buffer;
    total += buffer.length;
    if (total > maxBytes) {
      response.destroy();
      throw tooLarge(maxBytes);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

const tooLarge = (maxBytes: number) =>
  refuse(`That image is larger than ${Math.round(maxBytes / 1024 / 1024)}MB. Please use a smaller image.`);

type Opened = { response: IncomingMessage; url: URL; redirects: string[] };

const timedOutError = (timeoutMs: number, what: string) =>
  refuse(
    `That address took longer than ${Math.ceil(timeoutMs / 1000)} seconds to send ${what}. Please try again, or upload the image.`,
  );

/**
 * Connects to `url` under the rules above and follows redirects (each hop checked like the first)
 * until an answer that is not a redirect: that answer's head, its address and every hop before it.
 */
async function openFollowingRedirects(
  rawUrl: string,
  options: SafeFetchOptions,
  signal: AbortSignal,
  accept: string,
): Promise<Opened> {
  const resolve = options.resolve ?? defaultResolver;
  const connect = options.connect ?? defaultConnector;
  const maxRedirects = options.maxRedirects ?? FETCH_MAX_REDIRECTS;
  const redirects: string[] = [];
  let url = checkUrl(rawUrl, options);
  for (;;) {
    const address = await checkedAddress(url, resolve, options);
    if (signal.aborted) throw new Error('aborted');
    let response: IncomingMessage;
    try {
      response = await connect({ url, address, headers: { 'user-agent': USER_AGENT, accept }, signal });
    } catch {
      if (signal.aborted) throw new Error('aborted');
      throw refuse(
        `We could not connect to ${unbracket(url.hostname)}. Please check the address, or upload the image.`,
      );
    }
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (status < 300 || status >= 400 || !location) return { response, url, redirects };
    response.destroy();
    if (redirects.length >= maxRedirects) {
      throw refuse(`That address redirects more than ${maxRedirects} times. Please use the image's own address.`);
    }
    redirects.push(url.href);
    url = checkUrl(new URL(location, url), options);
  }
}

/** GETs `rawUrl` under the rules above; resolves with the body and the address it finally came from. */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions = {}): Promise<FetchedResource> {
  const maxBytes = options.maxBytes ?? FETCH_MAX_BYTES;
  const timeoutMs = options.timeoutMs ?? FETCH_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let opened: Opened;
    try {
      opened = await openFollowingRedirects(rawUrl, options, controller.signal, IMAGE_ACCEPT);
    } catch (error) {
      if (controller.signal.aborted) throw timedOutError(timeoutMs, 'the image');
      throw error;
    }
    const { response, url } = opened;
    const status = response.statusCode ?? 0;
    if (status < 200 || status >= 300) {
      response.destroy();
      throw refuse(`That address answered with an error (${status}). Please check that the image is public.`);
    }
    try {
      const bytes = await readBody(response, maxBytes);
      return { bytes, url: url.href, contentType: String(response.headers['content-type'] ?? '') };
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (controller.signal.aborted) throw timedOutError(timeoutMs, 'the image');
      throw refuse(
        `The image from ${unbracket(url.hostname)} did not arrive in full. Please try again, or upload the image.`,
      );
    }
  } finally {
    clearTimeout(timer);
  }
}

/** What a recipient's click or image load would meet: the final status and address, no body read. */
export type ProbeResult = { status: number; finalUrl: string; redirects: string[]; contentType: string };

/**
 * Asks `rawUrl` for its head under the same rules as safeFetch (public addresses only, redirects
 * checked hop by hop) and closes the connection without reading the body: a link check costs one
 * round trip per hop, whatever the page weighs. Refusals are AppErrors in words.
 */
export async function safeProbe(rawUrl: string, options: SafeFetchOptions = {}): Promise<ProbeResult> {
  const timeoutMs = options.timeoutMs ?? FETCH_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const { response, url, redirects } = await openFollowingRedirects(rawUrl, options, controller.signal, '*/*');
    response.destroy();
    return {
      status: response.statusCode ?? 0,
      finalUrl: url.href,
      redirects,
      contentType: String(response.headers['content-type'] ?? ''),
    };
  } catch (error) {
    if (controller.signal.aborted) throw timedOutError(timeoutMs, 'an answer');
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
