import type { SignatureFields, SignaturePatch } from '../../../shared/signature/signature-schema';

/**
 * Folds a newer patch over an older one. Design is merged key by key because the editor sends
 * one design choice at a time and an older colour must survive a newer font change.
 */
export function mergePatches(older: SignaturePatch | null, newer: SignaturePatch | null): SignaturePatch | null {
  if (!older) return newer;
  if (!newer) return older;
  const merged: SignaturePatch = { ...older, ...newer };
  if (older.design || newer.design) merged.design = { ...older.design, ...newer.design };
  return merged;
}

/** The signature after an edit, with the same design rule as mergePatches. */
export function applyPatch(fields: SignatureFields, patch: SignaturePatch): SignatureFields {
  return { ...fields, ...patch, design: { ...fields.design, ...patch.design } };
}

/** Only what the server stores as fields: a saved signature also carries id, version and timestamps. */
export function pickSignatureFields(source: SignatureFields): SignatureFields {
  return {
    name: source.name,
    title: source.title,
    company: source.company,
    phone: source.phone,
    mobile: source.mobile,
    email: source.email,
    website: source.website,
    address: source.address,
    photoUrl: source.photoUrl,
    imageLinkUrl: source.imageLinkUrl,
    customImageUrl: source.customImageUrl,
    socialLinks: source.socialLinks,
    customFields: source.customFields,
    design: source.design,
  };
}
