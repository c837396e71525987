import type { QueryClient } from '@tanstack/react-query';
import type { SignatureDefaultsResponse } from '../../../shared/account-area-types';
import type { CurrentUser } from '../../../shared/account-types';
import type { FieldRequirements } from '../../../shared/signature/export-checks';
import { applyOrganizationPolicy, policyFromDefaults } from '../../../shared/signature/organization-policy';
import {
  createEmptySignature,
  type SavedSignature,
  type SignatureFields,
} from '../../../shared/signature/signature-schema';
import { clearDraft, loadDraft } from './draft-storage';
import { pickSignatureFields } from './signature-patch';
import { createSignature, signatureDefaultsQuery, signaturesChanged, signaturesQuery } from '../../api/signatures';

export type LoadedSignature = {
  fields: SignatureFields;
  id: string | null;
  /** The stored version the fields are based on (a full save sends it); null when not stored. */
  version: number | null;
  /** htmlSignature of the saved signature, which lets 'Copy HTML to Clipboard' work at once. */
  savedHtml: string | null;
  /** True when the visitor's local draft just became the account's first signature. */
  adoptedDraft: boolean;
  /** What the person's organization requires before export; nothing when it could not be read. */
  requirements: FieldRequirements;
};

/** A stored row may predate a field; the empty signature fills the gaps. */
export function toEditorFields(saved: SavedSignature): SignatureFields {
  const fields = pickSignatureFields(saved);
  const base = createEmptySignature();
  const filled = Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, value ?? base[key as keyof SignatureFields]]),
  ) as SignatureFields;
  return { ...filled, design: { ...base.design, ...saved.design } };
}

/**
 * A new signature starts from the organization's defaults here, in the browser: the
 * editor sends a whole design when it creates the signature, so the server's own filling of
 * left-out values never gets the chance.
 */
export function startFromAccount(user: CurrentUser, defaults: SignatureDefaultsResponse | null): SignatureFields {
  const own = { name: user.name ?? '', email: user.email ?? '' };
  return createEmptySignature(applyOrganizationPolicy(own, policyFromDefaults(defaults, defaults?.logoUrl ?? null)));
}

/** The defaults, or null: a failed read is only logged, and the product's own defaults apply. */
async function readOrganizationDefaults(queryClient: QueryClient): Promise<SignatureDefaultsResponse | null> {
  try {
    return await queryClient.fetchQuery(signatureDefaultsQuery);
  } catch (error) {
    console.error("Could not load your organization's signature defaults", error);
    return null;
  }
}

const requirementsOf = (defaults: SignatureDefaultsResponse | null): FieldRequirements =>
  policyFromDefaults(defaults, null).requirements;

/**
 * What the editor opens with for a signed-in person: the saved signature asked for (`/editor?signature=<id>`)
 * or else their default (the list's first); else the
 * draft they typed as a visitor, saved now as their first signature so nothing is lost; else a
 * signature with their name and email, started from their organization's defaults. A failed read
 * is only logged (spec section 7). The draft keeps its own design: the person chose it.
 */
export async function loadSignatureForUser(
  user: CurrentUser,
  { queryClient, signatureId = null }: { queryClient: QueryClient; signatureId?: string | null },
): Promise<LoadedSignature> {
  // Read alongside the list: the required fields apply to a saved signature too.
  const defaultsRead = readOrganizationDefaults(queryClient);
  let saved: SavedSignature[] | null;
  try {
    // Always read afresh: the cached list's contents age as the person types (the switcher keeps showing it meanwhile).
    saved = await queryClient.fetchQuery({ ...signaturesQuery, staleTime: 0 });
  } catch (error) {
    console.error('Could not load your saved signatures', error);
    saved = null;
  }
  const defaults = await defaultsRead;
  const requirements = requirementsOf(defaults);
  const loaded = (fields: SignatureFields, more: Partial<LoadedSignature> = {}): LoadedSignature => ({
    fields,
    id: null,
    version: null,
    savedHtml: null,
    adoptedDraft: false,
    requirements,
    ...more,
  });

  const first = saved?.find((s) => s.id === signatureId) ?? saved?.[0];
  if (first)
    return loaded(toEditorFields(first), { id: first.id, version: first.version, savedHtml: first.htmlSignature });
  // After a failed read a saved signature may well exist: adopting the draft could duplicate it.
  const draft = saved ? loadDraft() : null;
  if (!draft) return loaded(startFromAccount(user, defaults));

  const fields = { ...draft, name: draft.name || (user.name ?? ''), email: draft.email || user.email };
  try {
    const id = await createSignature(fields);
    clearDraft();
    void signaturesChanged(queryClient);
    return loaded(fields, { id, version: 1, adoptedDraft: true });
  } catch (error) {
    // The draft stays in the browser and in the editor; Save will try again.
    console.error('Could not save your draft to your account', error);
    return loaded(fields);
  }
}
