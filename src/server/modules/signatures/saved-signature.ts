import { DEFAULT_DESIGN, type SavedSignature } from '../../../shared/signature/signature-schema';
import type { SignatureRow } from './signature-owner.repository';

/** A stored row as the API answers it. */
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

/** The signature's own fields (what a copy takes), without its id, label or versions. */
export function contentOf(row: SignatureRow): unknown {
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
