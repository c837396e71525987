import type { QueryClient } from '@tanstack/react-query';
import type { SignatureDefaultsResponse } from '../../../shared/account-area-types';
import type { CurrentUser } from '../../../shared/account-types';
import type { FieldRequirements } from '../../../shared/signature/export-checks';
import type { MySignatureRule } from '../../../shared/api/signature-rules';
import type { OrgTemplate } from '../../../shared/api/workspace';
import {
  applyOrganizationPolicy,
  policyFromDefaults,
  policyFromTemplate,
  type OrganizationPolicy,
} from '../../../shared/signature/organization-policy';
import { NO_LOCKS, lockedValues, type OrganizationLocks } from '../../../shared/signature/organization-locks';
import {
  createEmptySignature,
  type SavedSignature,
  type SignatureFields,
} from '../../../shared/signature/signature-schema';
import { clearDraft, loadDraft } from './draft-storage';
import { pickSignatureFields } from './signature-patch';
import {
  createSignature,
  getSignatureLocks,
  mySignatureRuleQuery,
  signatureDefaultsQuery,
  signaturesChanged,
  signaturesQuery,
} from '../../api/signatures';

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
  /** The fields the organization sets for the person, shown read-only (decision 0164); none when it could not be read. */
  locks: OrganizationLocks;
};

/** The fields as the organization has them: each locked field with its value, as every save stores it (decision 0164). */
export function withLocksShown(fields: SignatureFields, locks: OrganizationLocks): SignatureFields {
  return { ...fields, ...lockedValues(locks, { full: true }) } as SignatureFields;
}

/** The locks, or none: a failed read is only logged, and the server still keeps the locked values on save. */
async function readLocks(): Promise<OrganizationLocks> {
  try {
    return await getSignatureLocks();
  } catch (error) {
    console.error('Could not load the fields your organization sets', error);
    return NO_LOCKS;
  }
}

/** A stored row may predate a field; the empty signature fills the gaps. */
export function toEditorFields(saved: SavedSignature): SignatureFields {
  const fields = pickSignatureFields(saved);
  const base = createEmptySignature();
  const filled = Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, value ?? base[key as keyof SignatureFields]]),
  ) as SignatureFields;
  return { ...filled, design: { ...base.design, ...saved.design } };
}

/** Where a new signature starts: the organization's defaults, and the signature the person's rule gives (if any). */
export type StartingPoint = { defaults: SignatureDefaultsResponse | null; rule: MySignatureRule | null };

/**
 * The one policy a new signature starts from (decision 0161): the organization signature the
 * person's rule gives (docs/decisions/0221-signature-rules-api.md), else the Teams defaults.
 */
function startingPolicy({ defaults, rule }: StartingPoint): OrganizationPolicy {
  const given = rule?.signature;
  // The answer was read through the template's view schema: its values are those of OrgTemplate.
  if (given) return policyFromTemplate(given.template as OrgTemplate, given.editableFields, given.requirements);
  return policyFromDefaults(defaults, defaults?.logoUrl ?? null);
}

/**
 * A new signature starts from the organization's policy here, in the browser: the editor sends a
 * whole design when it creates the signature, so the server's own filling of left-out values never
 * gets the chance.
 */
export function startFromAccount(
  user: CurrentUser,
  defaults: SignatureDefaultsResponse | null,
  rule: MySignatureRule | null = null,
): SignatureFields {
  const own = { name: user.name ?? '', email: user.email ?? '' };
  return createEmptySignature(applyOrganizationPolicy(own, startingPolicy({ defaults, rule })));
}

/** The defaults and the rule's signature; a failed read is only logged, and the product's own defaults apply. */
export async function readStartingPoint(queryClient: QueryClient): Promise<StartingPoint> {
  const [defaults, rule] = await Promise.all([
    queryClient.fetchQuery(signatureDefaultsQuery).catch((error: unknown) => {
      console.error("Could not load your organization's signature defaults", error);
      return null;
    }),
    queryClient.fetchQuery(mySignatureRuleQuery).catch((error: unknown) => {
      console.error('Could not load the signature your organization gives you', error);
      return null;
    }),
  ]);
  return { defaults, rule };
}

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
  const startRead = readStartingPoint(queryClient);
  const locksRead = readLocks();
  let saved: SavedSignature[] | null;
  try {
    // Always read afresh: the cached list's contents age as the person types (the switcher keeps showing it meanwhile).
    saved = await queryClient.fetchQuery({ ...signaturesQuery, staleTime: 0 });
  } catch (error) {
    console.error('Could not load your saved signatures', error);
    saved = null;
  }
  const start = await startRead;
  const requirements = startingPolicy(start).requirements;
  const locks = await locksRead;
  const loaded = (fields: SignatureFields, more: Partial<LoadedSignature> = {}): LoadedSignature => ({
    fields: withLocksShown(fields, locks),
    locks,
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
  if (!draft) return loaded(startFromAccount(user, start.defaults, start.rule));

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
