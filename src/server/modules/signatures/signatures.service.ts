import { randomUUID } from 'node:crypto';
import type { BannerMarkup } from '../../../shared/campaigns/campaign-banner';
import type { FieldRequirements } from '../../../shared/signature/export-checks';
import { NO_LOCKS, type OrganizationLocks } from '../../../shared/signature/organization-locks';
import {
  CREATE_OPTION_KEYS,
  FIRST_SIGNATURE_LABEL,
  SIGNATURE_LABEL_MAX,
  createSignatureOptionsSchema,
  splitKeys,
} from '../../../shared/signature/signature-meta';
import { signatureFieldsSchema, type SavedSignature } from '../../../shared/signature/signature-schema';
import type { Analytics } from '../analytics/analytics.service';
import { contentOf, toSavedSignature } from './saved-signature';
import type { SignatureBody } from './signature-body';
import { lastSignature, sendAsTaken, signatureNotFound } from './signature-errors';
import { createSignatureExportService } from './signature-export.service';
import { underLocks, type LocksSource } from './signature-locks';
import { createSignatureSaveService } from './signature-save.service';
import { uniqueViolation, type SignatureRow, type SignaturesRepository } from './signatures.repository';

export { toSavedSignature };
export type { SignatureBody };

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
  /** The organization's locks on a person (workspace, decision 0164). */
  locks?: LocksSource;
  /** The banner of the campaign the person sees now (campaigns, decision 0222): under the preview and every copy. */
  bannerFor?: (userId: string) => Promise<BannerMarkup | null>;
}) {
  const { repository, analytics } = deps;
  const save = createSignatureSaveService(deps);
  const gmailExport = createSignatureExportService(deps);

  async function findOwned(userId: string, id: string): Promise<SignatureRow> {
    const row = await repository.findOwnedSignature(id, userId);
    if (!row) throw signatureNotFound();
    return row;
  }

  return {
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
      fields = await underLocks(deps.locks, userId, fields, true);
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

    updateSignature: save.updateSignature,
    updateSignatureStamp: save.updateSignatureStamp,
    generateSignatureHtml: gmailExport.generateSignatureHtml,
    longestExport: gmailExport.longestExport,

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
}
export type SignaturesService = ReturnType<typeof createSignaturesService>;
