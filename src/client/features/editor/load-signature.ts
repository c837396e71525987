import type { CurrentUser } from '../../../shared/account-types';
import { createEmptySignature, type SavedSignature, type SignatureFields } from '../../../shared/signature/signature-schema';
import { clearDraft, loadDraft } from './draft-storage';
import { pickSignatureFields } from './signature-patch';
import { createSignature, listSignatures } from './signatures-api';

export type LoadedSignature = {
  fields: SignatureFields;
  id: string | null;
  /** htmlSignature of the saved signature, which lets 'Copy HTML to Clipboard' work at once. */
  savedHtml: string | null;
  /** True when the visitor's local draft just became the account's first signature. */
  adoptedDraft: boolean;
};

/** A stored row may predate a field; the empty signature fills the gaps. */
function toEditorFields(saved: SavedSignature): SignatureFields {
  const fields = pickSignatureFields(saved);
  const base = createEmptySignature();
  const filled = Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, value ?? base[key as keyof SignatureFields]]),
  ) as SignatureFields;
  return { ...filled, design: { ...base.design, ...saved.design } };
}

function startFromAccount(user: CurrentUser): SignatureFields {
  return createEmptySignature({ name: user.name ?? '', email: user.email ?? '' });
}

/**
 * What the editor opens with for a signed-in person: their first saved signature; else the
 * draft they typed as a visitor, saved now as their first signature so nothing is lost; else an
 * empty signature with their name and email. A failed read is only logged (spec section 7).
 */
export async function loadSignatureForUser(user: CurrentUser): Promise<LoadedSignature> {
  let saved: SavedSignature[];
  try {
    saved = await listSignatures();
  } catch (error) {
    console.error('Could not load your saved signatures', error);
    return { fields: startFromAccount(user), id: null, savedHtml: null, adoptedDraft: false };
  }
  const first = saved[0];
  if (first) return { fields: toEditorFields(first), id: first.id, savedHtml: first.htmlSignature, adoptedDraft: false };

  const draft = loadDraft();
  if (!draft) return { fields: startFromAccount(user), id: null, savedHtml: null, adoptedDraft: false };
  const fields = { ...draft, name: draft.name || (user.name ?? ''), email: draft.email || user.email };
  try {
    const id = await createSignature(fields);
    clearDraft();
    return { fields, id, savedHtml: null, adoptedDraft: true };
  } catch (error) {
    // The draft stays in the browser and in the editor; Save will try again.
    console.error('Could not save your draft to your account', error);
    return { fields, id: null, savedHtml: null, adoptedDraft: false };
  }
}
