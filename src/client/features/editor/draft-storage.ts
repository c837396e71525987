import {
  createEmptySignature,
  signatureFieldsSchema,
  type SignatureFields,
  type SignaturePatch,
} from '../../../shared/signature/signature-schema';

/** Where a visitor's signature lives until they have an account. */
export const DRAFT_STORAGE_KEY = 'signaturepro:draft';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Private modes and blocked cookies throw on access; the editor still works, only unsaved.
    return null;
  }
}

/**
 * The stored draft, or null when there is none or it no longer fits the schema (an older app
 * version, a hand edit). Missing fields are filled from the empty signature.
 */
export function loadDraft(): SignatureFields | null {
  const raw = storage()?.getItem(DRAFT_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const base = createEmptySignature();
    const candidate = parsed as Partial<SignatureFields>;
    const result = signatureFieldsSchema.safeParse({
      ...base,
      ...candidate,
      design: { ...base.design, ...candidate.design },
    });
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

export function saveDraft(fields: SignatureFields): void {
  try {
    storage()?.setItem(DRAFT_STORAGE_KEY, JSON.stringify(fields));
  } catch {
    // Quota exceeded: the draft stays in memory for this visit.
  }
}

export function clearDraft(): void {
  try {
    storage()?.removeItem(DRAFT_STORAGE_KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}

/** Where a signed-in person's edits wait while they are not stored yet (decision 0180). */
export const unsavedEditsKey = (signatureId: string) => `signaturepro:unsaved:${signatureId}`;

/** The edits of a saved signature that the server does not hold yet (held as refused, or unsent). */
export function loadUnsavedEdits(signatureId: string): SignaturePatch | null {
  const raw = storage()?.getItem(unsavedEditsKey(signatureId));
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    // Refused values are kept as typed, so only the shape is checked here; the queue checks values.
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as SignaturePatch) : null;
  } catch {
    return null;
  }
}

export function saveUnsavedEdits(signatureId: string, edits: SignaturePatch | null): void {
  try {
    if (edits) storage()?.setItem(unsavedEditsKey(signatureId), JSON.stringify(edits));
    else storage()?.removeItem(unsavedEditsKey(signatureId));
  } catch {
    // Quota exceeded or storage blocked: the edits stay in memory and the page asks before leaving.
  }
}
