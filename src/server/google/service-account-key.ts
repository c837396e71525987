import { createHash, createPrivateKey } from 'node:crypto';
import { GoogleWorkspaceError } from './errors';

/** The parts of a Google service account key file (JSON) that the client uses. */
export interface ServiceAccountKey {
  clientEmail: string;
  clientId: string;
  /** The key file's `private_key_id` (Google's id of this key), when present. */
  privateKeyId?: string;
  /** PEM (PKCS#8), as in the key file's `private_key`. */
  privateKey: string;
  tokenUri?: string;
  projectId?: string;
}

/** RSA sizes a service account key may have (Google issues 2048-bit keys). */
export const MIN_KEY_BITS = 2048;
export const MAX_KEY_BITS = 4096;

const invalid = (why: string) =>
  new GoogleWorkspaceError(
    'invalid_key',
    `This is not a usable service account key: ${why}. In Google Cloud console → IAM & Admin → Service accounts, open the service account, choose Keys → Add key → Create new key → JSON, and give the whole downloaded file.`,
  );

/**
 * Reads a service account key file as Google downloads it. Refuses, with words, anything that is
 * not JSON, not a service account key, or whose private key cannot sign.
 */
export function parseServiceAccountKey(jsonText: string): ServiceAccountKey {
  let data: unknown;
  try {
    data = JSON.parse(jsonText);
  } catch {
    throw invalid('the text is not JSON');
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw invalid('the file is not a JSON object');
  const o = data as Record<string, unknown>;
  if (o.type !== undefined && o.type !== 'service_account') {
    throw invalid(
      `its "type" is ${JSON.stringify(o.type)}, not "service_account" (an OAuth client file is not a service account key)`,
    );
  }
  const str = (name: string): string | undefined =>
    typeof o[name] === 'string' && (o[name] as string).trim() !== '' ? (o[name] as string).trim() : undefined;
  const clientEmail = str('client_email');
  const clientId = str('client_id');
  const privateKey = str('private_key');
  if (!clientEmail) throw invalid('"client_email" is missing');
  if (!/^[^@\s]+@[^@\s]+$/.test(clientEmail)) throw invalid('"client_email" is not an address');
  if (!clientId) throw invalid('"client_id" is missing');
  if (!/^\d+$/.test(clientId)) throw invalid('"client_id" is not a number');
  if (!privateKey) throw invalid('"private_key" is missing');
  let bits: number | undefined;
  try {
    const key = createPrivateKey(privateKey);
    if (key.asymmetricKeyType !== 'rsa') throw new Error('not RSA');
    bits = key.asymmetricKeyDetails?.modulusLength;
  } catch {
    throw invalid('"private_key" is not an RSA private key in PEM form');
  }
  // Google's keys are 2048 bits; a huge key would make every signature cost seconds of CPU.
  if (bits === undefined || bits < MIN_KEY_BITS || bits > MAX_KEY_BITS)
    throw invalid(
      `"private_key" is a ${bits ?? 'unknown'}-bit RSA key; Google's keys are ${MIN_KEY_BITS} to ${MAX_KEY_BITS} bits`,
    );
  const tokenUri = str('token_uri');
  const projectId = str('project_id');
  const privateKeyId = str('private_key_id');
  return {
    clientEmail,
    clientId,
    privateKey,
    ...(privateKeyId ? { privateKeyId } : {}),
    ...(tokenUri ? { tokenUri } : {}),
    ...(projectId ? { projectId } : {}),
  };
}

/**
 * Names one key for the token cache: Google's id of the key and a digest of the private key itself.
 * Two files that carry the same `client_email` but a different private key (a forged or a rotated
 * key) never share a token (docs/decisions/0131).
 */
export function keyFingerprint(key: Pick<ServiceAccountKey, 'privateKeyId' | 'privateKey'>): string {
  const digest = createHash('sha256').update(key.privateKey.trim()).digest('hex');
  return `${key.privateKeyId ?? '-'}:${digest}`;
}
