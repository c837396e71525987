import type { SignatureVersionSummary } from '../../../shared/api/signatures';
import { DEFAULT_DESIGN, type SavedSignature } from '../../../shared/signature/signature-schema';
import { AppError } from '../../errors';
import type { SignatureVersionRow, SignatureVersionsRepository } from './signature-versions.repository';
import type { SignaturesService } from './signatures.service';

// Another person's version answers like a missing one, as their signatures do.
const versionNotFound = () =>
  new AppError('NOT_FOUND', 'We could not find that earlier version of this signature. It may no longer be kept.');

function toSummary(row: SignatureVersionRow): SignatureVersionSummary {
  return {
    id: row.id,
    savedAt: row.savedAt.toISOString(),
    name: row.content.name,
    title: row.content.title,
    template: row.content.design.template ?? DEFAULT_DESIGN.template,
  };
}

/**
 * The earlier versions of a person's own signature (docs/decisions/0188-signature-versions-by-trigger.md):
 * listed, and restored through the ordinary save, so the organization's locks, the image policy and
 * the size rules hold for a restore as for any change.
 */
export function createSignatureVersionsService(deps: {
  repository: SignatureVersionsRepository;
  signatures: Pick<SignaturesService, 'findSignature' | 'updateSignature'>;
}) {
  const { repository, signatures } = deps;
  return {
    async listVersions(userId: string, signatureId: string): Promise<SignatureVersionSummary[]> {
      await signatures.findSignature(userId, signatureId);
      return (await repository.listVersions(signatureId, userId)).map(toSummary);
    },

    async restoreVersion(userId: string, signatureId: string, versionId: string): Promise<SavedSignature> {
      const current = await signatures.findSignature(userId, signatureId);
      const version = await repository.findVersion(signatureId, versionId, userId);
      if (!version) throw versionNotFound();
      // What is there now stays restorable, however recently the last version was kept.
      await repository.keepCurrentContent(signatureId, userId);
      const { socialLinks, design, ...fields } = version.content;
      // The save merges links and design key by key: links added since are cleared, and a design
      // kept before a key existed gets that key's default.
      const removedLinks = Object.fromEntries(Object.keys(current.socialLinks).map((platform) => [platform, null]));
      return signatures.updateSignature({ userId }, signatureId, {
        ...fields,
        socialLinks: { ...removedLinks, ...socialLinks },
        design: { ...DEFAULT_DESIGN, ...design },
      });
    },
  };
}
export type SignatureVersionsService = ReturnType<typeof createSignatureVersionsService>;
