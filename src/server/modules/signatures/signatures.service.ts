import type { BannerMarkup } from '../../../shared/campaigns/campaign-banner';
import { randomUUID } from 'node:crypto';
import type { GeneratedHtml } from '../../../shared/api/signatures';
import { shouldShowWatermark } from '../../../shared/billing/watermark';
import { recordWatermarkShown } from '../billing/watermark-events';
import { NO_REQUIREMENTS, checkRequiredFields, type FieldRequirements } from '../../../shared/signature/export-checks';
import { checkGmailSize } from '../../../shared/signature/gmail-size-advice';
import { renderSignature } from '../../../shared/signature/render-signature';
import {
  DEFAULT_DESIGN,
  signatureFieldsSchema,
  signaturePatchSchema,
  type SavedSignature,
  type SignaturePatch,
} from '../../../shared/signature/signature-schema';
import {
  NO_LOCKS,
  lockedValues,
  touchesLockable,
  type OrganizationLocks,
} from '../../../shared/signature/organization-locks';
import {
  CREATE_OPTION_KEYS,
  FIRST_SIGNATURE_LABEL,
  SIGNATURE_LABEL_MAX,
  SIGNATURE_META_KEYS,
  createSignatureOptionsSchema,
  signatureMetaPatchSchema,
  splitKeys,
} from '../../../shared/signature/signature-meta';
import { AppError, invalid, unauthenticated } from '../../errors';
import type { Analytics } from '../analytics/analytics.service';
import { uniqueViolation, type SignatureRow, type SignaturesRepository, type Writer } from './signatures.repository';

/** A signature body as the route received it: an object, checked here by the signature schemas. */
export type SignatureBody = Record<string, unknown>;

// Someone else's signature answers exactly like a missing one, so ids reveal nothing.
const signatureNotFound = () =>
  new AppError(
    'NOT_FOUND',
    'We could not find that signature. It may have been deleted, or it belongs to another account.',
  );

// A full signature read back from the API carries these; they are the server's to set, not the client's.
const SERVER_OWNED_KEYS = ['id', 'htmlSignature', 'version', 'createdAt', 'updatedAt'] as const;

const sendAsTaken = (address: string | null | undefined) =>
  new AppError(
    'CONFLICT',
    `Another of your signatures is already used for ${address ?? 'that address'}. Each send-as address has one signature: clear "Used for" on that one first, or choose another address.`,
    { sendAsEmail: 'Already used by another of your signatures' },
  );

const lastSignature = () =>
  new AppError(
    'CONFLICT',
    'This is your only signature, so it cannot be deleted. Create another one first, or edit this one instead.',
  );

/** True when a PUT body carries a label, a send-as address or the default flag (the rare path). */
function hasMetaKeys(input: SignatureBody): boolean {
  return SIGNATURE_META_KEYS.some((key) => key in input);
}

/** A body with a version is a full save based on it (decision 0006). */
function isFullSave(input: SignatureBody): boolean {
  const version = input.version;
  return version !== undefined && version !== null;
}

/** A stale full save: nothing was written; `current` is the signature as it is stored now. */
export class SignatureConflictError extends AppError {
  constructor(readonly current: SavedSignature) {
    super('CONFLICT', 'This signature was changed in another tab or on another device since you opened it.');
  }
}

/** The version a full save was based on (decision 0006); absent or null for a partial patch. */
function readBaseVersion(input: SignatureBody): number | undefined {
  const version = input.version;
  if (version === undefined || version === null) return undefined;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw invalid('The version must be the whole number the signature was read with.', {
      version: 'Must be a whole number',
    });
  }
  return version;
}

function withoutServerOwnedKeys(input: SignatureBody): SignatureBody {
  const copy: SignatureBody = { ...input };
  for (const key of SERVER_OWNED_KEYS) delete copy[key];
  return copy;
}

/** The signature's own fields (what a copy takes), without its id, label or versions. */
function contentOf(row: SignatureRow): unknown {
  const {
    id: _id,
    label: _label,
    sendAsEmail: _sendAs,
    isDefault: _isDefault,
    htmlSignature: _html,
    version: _v,
    createdAt: _c,
    updatedAt: _u,
    ...fields
  } = toSavedSignature(row);
  return fields;
}

export function toSavedSignature(row: SignatureRow): SavedSignature {
  return {
    id: row.id,
    label: row.label,
    sendAsEmail: row.sendAsEmail,
    isDefault: row.isDefault,
    name: row.name,
    title: row.title,
    company: row.company,
    phone: row.phone,
    mobile: row.mobile,
    email: row.email,
    website: row.website,
    address: row.address,
    photoUrl: row.photoUrl,
    imageLinkUrl: row.imageLinkUrl as SavedSignature['imageLinkUrl'],
    customImageUrl: row.customImageUrl,
    socialLinks: row.socialLinks,
    customFields: row.customFields,
    // Rows written before a design key existed still read as a whole design.
    design: { ...DEFAULT_DESIGN, ...row.design },
    htmlSignature: row.htmlSignature,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createSignaturesService(deps: {
  repository: SignaturesRepository;
  analytics: Analytics;
  /** Absolute public URL the rendered HTML points its images and links at. */
  publicUrl: string;
  /**
   * The organization's signature defaults (teams module): they fill a new signature's left-out
   * design values, and the fields they require must be filled before HTML is generated.
   */
  signatureDefaults?: {
    withSignatureDefaults(userId: string, input: SignatureBody): Promise<SignatureBody>;
    getSignatureDefaults(userId: string): Promise<FieldRequirements | null>;
    /** Refuses a second signature to a plan without several signatures (plan catalogue, 0024). */
    assertSignatureAllowed?(userId: string, existing: number): Promise<void>;
  };
  /**
   * The image policy of every save (uploads module, docs/decisions/0162-images-are-ours-on-every-save.md):
   * the stored path for an image address, ours already or re-hosted now, or a refusal in words.
   */
  images: { hostedImage(userId: string, imageURL: string): Promise<string> };
  /**
   * The organization's locks on a person (workspace, docs/decisions/0164-locks-held-on-every-save.md):
   * each locked field keeps the organization's value on every save, whatever was sent.
   */
  locks?: { locksFor(userId: string): Promise<OrganizationLocks | null> };
  /** The banner of the campaign the person sees now (campaigns, decision 0222): under the preview and every copy. */
  bannerFor?: (userId: string) => Promise<BannerMarkup | null>;
}) {
  const { repository, analytics, publicUrl } = deps;

  async function findOwned(userId: string, id: string): Promise<SignatureRow> {
    const row = await repository.findOwnedSignature(id, userId);
    if (!row) throw signatureNotFound();
    return row;
  }

  /**
   * A partial PUT that renames, ties to a send-as address or makes default (docs/decisions/0120):
   * the fields it also carries are saved first, exactly as without them; then the label, address
   * and flag, which do not bump the version.
   */
  async function updateWithMeta(
    writer: Writer,
    id: string,
    input: SignatureBody,
    signedIn: () => Promise<string | undefined>,
  ): Promise<SavedSignature> {
    const { rest, picked } = splitKeys(input, SIGNATURE_META_KEYS);
    const meta = signatureMetaPatchSchema.safeParse(picked);
    if (!meta.success) {
      await signedIn();
      throw meta.error;
    }
    const content = withoutServerOwnedKeys(rest);
    if (Object.keys(content).length > 0) {
      await service.updateSignature(writer, id, rest, signedIn);
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

  /** The signature as its owner's organization has it: each locked field with the organization's value. */
  async function underLocks<T extends object>(userId: string, fields: T, full: boolean): Promise<T> {
    const locks = await deps.locks?.locksFor(userId);
    return locks ? { ...fields, ...lockedValues(locks, { full }) } : fields;
  }

  /** The guarded write found an owner who may be held: the locked fields take the organization's values, then it is written. */
  async function updateUnderLocks(
    id: string,
    patch: SignaturePatch,
    baseVersion: number | undefined,
    signedIn: () => Promise<string | undefined>,
  ): Promise<SignatureRow | undefined> {
    const userId = await signedIn();
    if (!userId) return undefined;
    const held = await underLocks(userId, patch, baseVersion !== undefined);
    return repository.updateOwnedSignature(id, { userId }, held, { baseVersion });
  }

  const service = {
    /** The locks the editor shows for this person: none when nothing holds them. */
    async locksFor(userId: string): Promise<OrganizationLocks> {
      const [locks, banner] = await Promise.all([deps.locks?.locksFor(userId), deps.bannerFor?.(userId)]);
      return { ...(locks ?? NO_LOCKS), banner: banner ?? null };
    },

    async listSignatures(userId: string): Promise<SavedSignature[]> {
      return (await repository.listSignaturesByUser(userId)).map(toSavedSignature);
    },

    /**
     * A new signature: the body's fields (the organization's defaults fill what it left out), or a
     * copy of another of the person's signatures (`copyFrom`); with an optional label and send-as
     * address. The person's first signature is their default.
     */
    async createSignature(userId: string, input: SignatureBody): Promise<SavedSignature> {
      const { rest, picked } = splitKeys(input, CREATE_OPTION_KEYS);
      const options = createSignatureOptionsSchema.parse(picked);
      const existing = await repository.listSignaturesByUser(userId);
      if (deps.signatureDefaults?.assertSignatureAllowed) {
        await deps.signatureDefaults.assertSignatureAllowed(userId, existing.length);
      }
      let fields;
      let label = options.label;
      if (options.copyFrom !== undefined) {
        const source = existing.find((row) => row.id === options.copyFrom);
        if (!source) throw signatureNotFound();
        fields = signatureFieldsSchema.parse(contentOf(source));
        label ??= `${source.label} (copy)`.slice(0, SIGNATURE_LABEL_MAX);
      } else {
        fields = signatureFieldsSchema.parse(
          (await deps.signatureDefaults?.withSignatureDefaults(userId, rest)) ?? rest,
        );
      }
      fields = await underLocks(userId, fields, true);
      // The organization's logo, filled in when the body sent no image, is the organization's own
      // setting (https only, decision 0162 names what is left); every image a person sends is checked.
      const logoFilled = options.copyFrom === undefined && rest.photoUrl === undefined;
      if (!logoFilled) fields.photoUrl = await deps.images.hostedImage(userId, fields.photoUrl);
      label ??= existing.length === 0 ? FIRST_SIGNATURE_LABEL : `Signature ${existing.length + 1}`;
      const sendAsEmail = options.sendAsEmail ?? null;
      let row: SignatureRow;
      try {
        row = await repository.insertSignature({ ...fields, id: randomUUID(), userId, label, sendAsEmail });
      } catch (error) {
        if (uniqueViolation(error) === 'signature_send_as_per_user') throw sendAsTaken(sendAsEmail);
        throw error;
      }
      await analytics.record('signature_created', userId, { signatureId: row.id });
      return toSavedSignature(row);
    },

    /** Deletes one of the person's signatures; the last one stays (409). Answers the ones left. */
    async deleteSignature(userId: string, id: string): Promise<SavedSignature[]> {
      const result = await repository.deleteOwnedSignature(id, userId);
      if (result === 'missing') throw signatureNotFound();
      if (result === 'last') throw lastSignature();
      return (await repository.listSignaturesByUser(userId)).map(toSavedSignature);
    },

    /**
     * A partial update (any subset; design and socialLinks are merged key by key, customFieldsPatch
     * position by position) or a whole signature. A body with `version` is a full save based on
     * that version: a stale one writes nothing and answers 409 with the stored signature (0006).
     * The writer is a user id, or (on the autosave path) the session's token, checked in the UPDATE
     * itself; `signedIn` then answers 401 for a dead session (and gives the user id) before a bad
     * body, a missing row or a conflict is reported, exactly as when the session is read first.
     */
    async updateSignature(
      writer: Writer,
      id: string,
      input: SignatureBody,
      signedIn: () => Promise<string | undefined> = async () => ('userId' in writer ? writer.userId : undefined),
    ): Promise<SavedSignature> {
      if (hasMetaKeys(input)) {
        // A full save is the content read back: its label, address and default flag are read-only there.
        if (!isFullSave(input)) return updateWithMeta(writer, id, input, signedIn);
        input = splitKeys(input, SIGNATURE_META_KEYS).rest;
      }
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
      let row = await repository.updateOwnedSignature(id, writer, parsed.data, { baseVersion, unlockedOnly: guarded });
      if (!row && guarded) row = await updateUnderLocks(id, parsed.data, baseVersion, signedIn);
      if (!row) {
        const userId = await signedIn();
        // Only a refused save reads the row, so the happy path stays one statement.
        const stored =
          baseVersion === undefined || !userId ? undefined : await repository.findOwnedSignature(id, userId);
        if (stored) throw new SignatureConflictError(toSavedSignature(stored));
        throw signatureNotFound();
      }
      return toSavedSignature(row);
    },

    /** Renders what Gmail receives with the caller's watermark rule, and keeps it on the signature. */
    async generateSignatureHtml(userId: string, id: string): Promise<GeneratedHtml> {
      const row = await findOwned(userId, id);
      // A signature stored before the locks is sent as the organization has it now.
      const saved = await underLocks(userId, toSavedSignature(row), true);
      const requirements = (await deps.signatureDefaults?.getSignatureDefaults(userId)) ?? NO_REQUIREMENTS;
      const check = checkRequiredFields(saved, requirements);
      if (!check.ok) throw invalid(check.description);
      const subscriptionStatus = await repository.findSubscriptionStatus(userId);
      const showWatermark = shouldShowWatermark(subscriptionStatus);
      const banner = (await deps.bannerFor?.(userId)) ?? null;
      const manifest = renderSignature(saved, { publicUrl, showWatermark, banner });
      const { html, text, storedLength } = manifest;
      // The editor's buttons apply the same rule with the same words (gmail-size-advice.ts).
      const { refusal } = checkGmailSize(saved, { publicUrl, showWatermark, banner }, manifest);
      if (refusal) throw invalid(refusal.message);
      if (!(await repository.saveHtmlSignature(id, userId, html))) throw signatureNotFound();
      await analytics.record('gmail_export_attempted', userId, {
        signatureId: id,
        length: html.length,
        storedLength,
        showWatermark,
      });
      // Recorded with the status the HTML was rendered with, so the event and the watermark agree.
      await recordWatermarkShown(analytics, userId, subscriptionStatus, { signatureId: id });
      return { htmlSignature: html, text, length: html.length, storedLength };
    },

    /** The longest of the person's signatures as Copy to Gmail sends it, `banner` under it (campaigns' size guard). */
    async longestExport(userId: string, banner: BannerMarkup | null): Promise<number> {
      const showWatermark = shouldShowWatermark(await repository.findSubscriptionStatus(userId));
      let longest = 0;
      for (const row of await repository.listSignaturesByUser(userId)) {
        const saved = await underLocks(userId, toSavedSignature(row), true);
        longest = Math.max(longest, renderSignature(saved, { publicUrl, showWatermark, banner }).storedLength);
      }
      return longest;
    },

    async assertSignatureOwned(userId: string, id: string): Promise<void> {
      await findOwned(userId, id);
    },

    /** One of the person's own signatures; anyone else's answers like a missing one. */
    async findSignature(userId: string, id: string): Promise<SavedSignature> {
      return toSavedSignature(await findOwned(userId, id));
    },

    async setSignaturePhoto(userId: string, id: string, photoUrl: string): Promise<SavedSignature> {
      const row = await repository.updateOwnedSignature(id, { userId }, { photoUrl });
      if (!row) throw signatureNotFound();
      return toSavedSignature(row);
    },
  };
  return service;
}
export type SignaturesService = ReturnType<typeof createSignaturesService>;
