import { describe, expect, it } from 'vitest';
import { canonicalPath, EMPTY_PAYLOAD_HASH, sha256Hex, signRequest } from './sigv4';

// AWS's published examples in "Signature Calculations for the Authorization Header"
// (https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html).
const credentials = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
};
const now = new Date('2013-05-24T00:00:00Z');
const signatureOf = (headers: Record<string, string>) => /Signature=([0-9a-f]{64})$/.exec(headers.authorization ?? '')?.[1];

describe('SigV4 signing', () => {
  it("reproduces AWS's GET Object example", () => {
    const headers = signRequest({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { Range: 'bytes=0-9' },
      payloadHash: EMPTY_PAYLOAD_HASH,
      region: 'us-east-1',
      credentials,
      now,
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
    expect(headers.host).toBeUndefined();
  });

  it("reproduces AWS's PUT Object example (a key that needs encoding, a signed body)", () => {
    const body = 'Welcome to Amazon S3.';
    const payloadHash = sha256Hex(body);
    expect(payloadHash).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    const headers = signRequest({
      method: 'PUT',
      url: new URL('https://examplebucket.s3.amazonaws.com/test$file.text'),
      headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
      payloadHash,
      region: 'us-east-1',
      credentials,
      now,
    });
    expect(headers.authorization).toContain('SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class,');
    expect(signatureOf(headers)).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
  });

  it('signs a session token when there is one', () => {
    const headers = signRequest({
      method: 'GET',
      url: new URL('https://b.s3.us-east-1.amazonaws.com/k'),
      payloadHash: EMPTY_PAYLOAD_HASH,
      region: 'us-east-1',
      credentials: { ...credentials, sessionToken: 'token' },
      now,
    });
    expect(headers['x-amz-security-token']).toBe('token');
    expect(headers.authorization).toContain('x-amz-security-token');
  });

  it('encodes each path segment once, the way S3 expects', () => {
    expect(canonicalPath('/a b/c!d/é.png')).toBe('/a%20b/c%21d/%C3%A9.png');
    expect(canonicalPath('/a%20b')).toBe('/a%20b');
  });
});
