import { SIGNATURE_META_KEYS } from '../../../shared/signature/signature-meta';
import { invalid } from '../../errors';

/** A signature body as the route received it: an object, checked here by the signature schemas. */
export type SignatureBody = Record<string, unknown>;

// A full signature read back from the API carries these; they are the server's to set, not the client's.
const SERVER_OWNED_KEYS = ['id', 'htmlSignature', 'version', 'createdAt', 'updatedAt'] as const;

/** True when a PUT body carries a label, a send-as address or the default flag (the rare path). */
export function hasMetaKeys(input: SignatureBody): boolean {
  return SIGNATURE_META_KEYS.some((key) => key in input);
}

/** A body with a version is a full save based on it (decision 0006). */
export function isFullSave(input: SignatureBody): boolean {
  const version = input.version;
  return version !== undefined && version !== null;
}

/** The version a full save was based on (decision 0006); absent or null for a partial patch. */
export function readBaseVersion(input: SignatureBody): number | undefined {
  const version = input.version;
  if (version === undefined || version === null) return undefined;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw invalid('The version must be the whole number the signature was read with.', {
      version: 'Must be a whole number',
    });
  }
  return version;
}

export function withoutServerOwnedKeys(input: SignatureBody): SignatureBody {
  const copy: SignatureBody = { ...input };
  for (const key of SERVER_OWNED_KEYS) delete copy[key];
  return copy;
}
