import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for S3 requests, written against
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html (no AWS SDK here).
 */
export type AwsCredentials = { accessKeyId: string; secretAccessKey: string; sessionToken?: string | undefined };

export type SignRequestInput = {
  method: string;
  url: URL;
  /** Headers to sign and send besides host, x-amz-date and x-amz-content-sha256. */
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body. */
  payloadHash: string;
  region: string;
  service?: string;
  credentials: AwsCredentials;
  now: Date;
};

export const EMPTY_PAYLOAD_HASH = createHash('sha256').update('').digest('hex');

export function sha256Hex(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: Buffer | string, data: string): Buffer {
  return createHmac('sha256', key).update(data, 'utf8').digest();
}

/** RFC 3986 encoding as S3 wants it: encodeURIComponent leaves !'()* alone, S3 does not. */
function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** S3 signs the path encoded once, segment by segment (unlike other services, never twice). */
export function canonicalPath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => encodeRfc3986(decodeURIComponent(segment)))
    .join('/');
}

function canonicalQuery(url: URL): string {
  return [...url.searchParams]
    .map(([k, v]) => [encodeRfc3986(k), encodeRfc3986(v)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** YYYYMMDD'T'HHMMSS'Z' */
function amzDate(now: Date): string {
  return now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/**
 * Returns the headers to send with the request: the caller's, x-amz-date, x-amz-content-sha256,
 * x-amz-security-token when there is a session token, and authorization. Host is signed but not
 * returned, because fetch sets it from the URL.
 */
export function signRequest(input: SignRequestInput): Record<string, string> {
  const service = input.service ?? 's3';
  const datetime = amzDate(input.now);
  const date = datetime.slice(0, 8);
  const sent: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.headers ?? {})) sent[name.toLowerCase()] = value;
  sent['x-amz-date'] = datetime;
  sent['x-amz-content-sha256'] = input.payloadHash;
  if (input.credentials.sessionToken) sent['x-amz-security-token'] = input.credentials.sessionToken;

  const signed: Record<string, string> = { ...sent, host: input.url.host };
  const names = Object.keys(signed).sort();
  const canonicalHeaders = names.map((n) => `${n}:${signed[n]!.trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    input.method.toUpperCase(),
    canonicalPath(input.url.pathname),
    canonicalQuery(input.url),
    canonicalHeaders,
    signedHeaders,
    input.payloadHash,
  ].join('\n');

  const scope = `${date}/${input.region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', datetime, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${input.credentials.secretAccessKey}`, date), input.region), service), 'aws4_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');

  sent.authorization =
    `AWS4-HMAC-SHA256 Credential=${input.credentials.accessKeyId}/${scope}, ` +
    `SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return sent;
}
