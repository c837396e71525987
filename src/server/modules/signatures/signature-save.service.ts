import type { SavedStamp } from '../../../shared/api/signatures';
import { touchesLockable } from '../../../shared/signature/organization-locks';
import { SIGNATURE_META_KEYS, signatureMetaPatchSchema, splitKeys } from '../../../shared/signature/signature-meta';
import {
  signaturePatchSchema,
  type SavedSignature,
  type SignaturePatch,
} from '../../../shared/signature/signature-schema';
import { unauthenticated } from '../../errors';
import { toSavedSignature } from './saved-signature';
import { hasMetaKeys, isFullSave, readBaseVersion, withoutServerOwnedKeys, type SignatureBody } from './signature-body';
import { SignatureConflictError, sendAsTaken, signatureNotFound } from './signature-errors';
import { underLocks, type LocksSource } from './signature-locks';
import type { Returned, Returning } from './signature-patch.repository';
import { uniqueViolation, type SignatureRow, type SignaturesRepository, type Writer } from './signatures.repository';

/** A save's short answer: enough for the editor to base its next full save on (decision 0245). */
function toStamp(row: { id: string; version: number; updatedAt: Date | string }): SavedStamp {
  const updatedAt = typeof row.updatedAt === 'string' ? row.updatedAt : row.updatedAt.toISOString();
  return { id: row.id, version: row.version, updatedAt };
}

/** Answers 401 for a dead session (and gives the user id) before anything else is reported. */
type SignedIn = () => Promise<string | undefined>;

type SaveDeps = { repository: SignaturesRepository; locks?: LocksSource };

/** The guarded write found an owner who may be held: the locked fields take the organization's values, then it is written. */
async function updateUnderLocks<R extends Returning>(
  { repository, locks }: SaveDeps,
  id: string,
  patch: SignaturePatch,
  options: { baseVersion: number | undefined; returning: R },
  signedIn: SignedIn,
): Promise<Returned<R> | undefined> {
  const userId = await signedIn();
  if (!userId) return undefined;
  const held = await underLocks(locks, userId, patch, options.baseVersion !== undefined);
  return repository.updateOwnedSignature(id, { userId }, held, options);
}

/** The editor's save (PUT): a patch or a full save, and the label, send-as address and default flag. */
export function createSignatureSaveService(deps: {
  repository: SignaturesRepository;
  /**
   * The image policy of every save (uploads module, docs/decisions/0162-images-are-ours-on-every-save.md):
   * the stored path for an image address, ours already or re-hosted now, or a refusal in words.
   */
  images: { hostedImage(userId: string, imageURL: string): Promise<string> };
  locks?: LocksSource;
}) {
  const { repository } = deps;

  /**
   * A partial PUT that renames, ties to a send-as address or makes default (docs/decisions/0120):
   * the fields it also carries are saved first, exactly as without them; then the label, address
   * and flag, which do not bump the version.
   */
  async function updateWithMeta(
    writer: Writer,
    id: string,
    input: SignatureBody,
    signedIn: SignedIn,
  ): Promise<SavedSignature> {
    const { rest, picked } = splitKeys(input, SIGNATURE_META_KEYS);
    const meta = signatureMetaPatchSchema.safeParse(picked);
    if (!meta.success) {
      await signedIn();
      throw meta.error;
    }
    const content = withoutServerOwnedKeys(rest);
    if (Object.keys(content).length > 0) {
      await updateSignature(writer, id, rest, signedIn);
    }
    let row: SignatureRow | undefined;
    try {
      row = await repository.updateSignatureMeta(id, writer, meta.data);
    } catch (error) {
      if (uniqueViolation(error) === 'signature_send_as_per_user') {
        await signedIn();
        throw sendAsTaken(meta.data.sendAsEmail);
      }
      throw error;
    }
    if (!row) {
      await signedIn();
      throw signatureNotFound();
    }
    return toSavedSignature(row);
  }

  /** The content part of a save: checked, held by the policies, written in one statement. */
  async function writeContent<R extends Returning>(
    writer: Writer,
    id: string,
    input: SignatureBody,
    signedIn: SignedIn,
    returning: R,
  ): Promise<Returned<R>> {
    if (hasMetaKeys(input)) input = splitKeys(input, SIGNATURE_META_KEYS).rest;
    const parsed = signaturePatchSchema.safeParse(withoutServerOwnedKeys(input));
    if (!parsed.success) {
      await signedIn();
      throw parsed.error;
    }
    if (parsed.data.photoUrl !== undefined) {
      const userId = await signedIn();
      if (!userId) throw unauthenticated();
      parsed.data.photoUrl = await deps.images.hostedImage(userId, parsed.data.photoUrl);
    }
    const baseVersion = readBaseVersion(input);
    // A save that may meet the organization's locks is written at once only if none can hold its
    // owner, so everyone else's autosave stays one statement (decision 0164).
    const guarded = deps.locks !== undefined && touchesLockable(parsed.data);
    const options = { baseVersion, returning };
    let row = await repository.updateOwnedSignature(id, writer, parsed.data, { ...options, unlockedOnly: guarded });
    if (!row && guarded) row = await updateUnderLocks(deps, id, parsed.data, options, signedIn);
    if (!row) {
      const userId = await signedIn();
      // Only a refused save reads the row, so the happy path stays one statement.
      const stored = baseVersion === undefined || !userId ? undefined : await repository.findOwnedSignature(id, userId);
      if (stored) throw new SignatureConflictError(toSavedSignature(stored));
      throw signatureNotFound();
    }
    return row;
  }

  /**
   * A partial update (any subset; design and socialLinks are merged key by key, customFieldsPatch
   * position by position) or a whole signature. A body with `version` is a full save based on
   * that version: a stale one writes nothing and answers 409 with the stored signature (0006).
   * The writer is a user id, or (on the autosave path) the session's token, checked in the UPDATE
   * itself; `signedIn` then answers 401 for a dead session (and gives the user id) before a bad
   * body, a missing row or a conflict is reported, exactly as when the session is read first.
   */
  async function updateSignature(
    writer: Writer,
    id: string,
    input: SignatureBody,
    signedIn: SignedIn = async () => ('userId' in writer ? writer.userId : undefined),
  ): Promise<SavedSignature> {
    // A full save is the content read back: its label, address and default flag are read-only there.
    if (hasMetaKeys(input) && !isFullSave(input)) return updateWithMeta(writer, id, input, signedIn);
    return toSavedSignature(await writeContent(writer, id, input, signedIn, 'row'));
  }

  /** The same save, answered with its id, version and time only (`Prefer: return=minimal`, decision 0245). */
  async function updateSignatureStamp(
    writer: Writer,
    id: string,
    input: SignatureBody,
    signedIn: SignedIn,
  ): Promise<SavedStamp> {
    if (hasMetaKeys(input) && !isFullSave(input)) return toStamp(await updateWithMeta(writer, id, input, signedIn));
    return toStamp(await writeContent(writer, id, input, signedIn, 'stamp'));
  }

  return { updateSignature, updateSignatureStamp };
}
