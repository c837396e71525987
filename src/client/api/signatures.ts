import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SignatureDefaultsResponse } from '../../shared/account-area-types';
import type { CreateSignatureOptions, SignatureMetaPatch } from '../../shared/signature/signature-meta';
import { RETURN_MINIMAL, signaturesApi, type GeneratedHtml, type SavedStamp } from '../../shared/api/signatures';
import { signatureRulesApi } from '../../shared/api/signature-rules';
import { teamsApi } from '../../shared/api/teams';
import { workspaceApi } from '../../shared/api/workspace';
import type { SavedSignature, SignatureFields, SignaturePatch } from '../../shared/signature/signature-schema';
import { ApiError } from '../lib/api';
import { CONTRACT_MISMATCH, callApi } from '../lib/api-client';
import { queryKeys } from './keys';

export async function listSignatures(): Promise<SavedSignature[]> {
  return callApi(signaturesApi.list);
}

export async function createSignature(fields: SignatureFields): Promise<string> {
  const created = await callApi(signaturesApi.create, { body: fields });
  return created.id;
}

/** A new signature from fields, or a copy of another (`copyFrom`), with an optional name and send-as address. */
export async function createNamedSignature(
  body: (SignatureFields & CreateSignatureOptions) | (CreateSignatureOptions & { copyFrom: string }),
): Promise<SavedSignature> {
  return callApi(signaturesApi.create, { body });
}

/** Renames, sets "Used for" or makes default; these do not change the signature's version. */
export async function updateSignatureMeta(id: string, meta: SignatureMetaPatch): Promise<SavedSignature> {
  const saved = await callApi(signaturesApi.update, { params: { id }, body: meta });
  // Asked without a preference, the answer is the whole signature.
  if (!('name' in saved)) throw new ApiError(200, CONTRACT_MISMATCH);
  return saved;
}

/** Deletes one signature (never the last); answers the ones left, default first. */
export async function deleteSignature(id: string): Promise<SavedSignature[]> {
  return callApi(signaturesApi.remove, { params: { id } });
}

/** A stale full save (409): `current` is the signature as stored now. */
export class SignatureConflict extends Error {
  constructor(
    message: string,
    readonly current: SavedSignature,
  ) {
    super(message);
  }
}

/**
 * Sends a partial or a full update and returns the stored signature's new version (the short
 * answer, `Prefer: return=minimal`: the editor already holds the fields, decision 0245). A full
 * save passes the version it is based on; a stale one rejects with SignatureConflict. keepalive
 * lets the request outlive the page (pagehide).
 */
export async function updateSignature(
  id: string,
  patch: SignaturePatch,
  options: { keepalive?: boolean; version?: number } = {},
): Promise<SavedStamp> {
  const body = options.version === undefined ? patch : { ...patch, version: options.version };
  try {
    return await callApi(signaturesApi.update, {
      params: { id },
      body,
      keepalive: options.keepalive === true,
      prefer: RETURN_MINIMAL,
    });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 409) throw error;
    const conflict = signaturesApi.update.responses[409].safeParse(error.payload);
    if (conflict.success && conflict.data.current)
      throw new SignatureConflict(conflict.data.error || 'This signature changed elsewhere.', conflict.data.current);
    throw error;
  }
}

/** The organization's design defaults, logo and required fields, which every member's signature follows. */
export function getSignatureDefaults(): Promise<SignatureDefaultsResponse> {
  return callApi(teamsApi.getSignatureDefaults);
}

/** The fields the person's organization sets for them (read-only in the editor) and their values (decision 0164). */
export function getSignatureLocks() {
  return callApi(signaturesApi.locks);
}

/** The server renders with its own public URL and the account's watermark rule. */
export function generateSignatureHtml(id: string): Promise<GeneratedHtml> {
  return callApi(signaturesApi.generateHtml, { params: { id } });
}

/** Mails the stored signature to the person's own (verified) address. */
export function sendSignatureTestEmail(id: string) {
  return callApi(signaturesApi.testEmail, { params: { id } });
}

/**
 * "Install in Gmail" (workspace module of the contract): the person's own organization signature,
 * pushed to their Gmail. Here, with the editor's calls, so the editor does not load the admin's
 * workspace hooks (decision 0127).
 */
export const installMine = () => callApi(workspaceApi.installMine);

/** The person's signatures, default first (GET /api/signatures). */
export const signaturesQuery = queryOptions({ queryKey: queryKeys.signatures, queryFn: listSignatures });

/** The organization's design defaults, logo and required fields (the account area's cache entry too). */
export const signatureDefaultsQuery = queryOptions({ queryKey: queryKeys.defaults, queryFn: getSignatureDefaults });

/** The organization signature the person's rule gives them (decision 0221): a new signature starts from it. */
export const mySignatureRuleQuery = queryOptions({
  queryKey: queryKeys.mySignatureRule,
  queryFn: () => callApi(signatureRulesApi.mine),
});

/** The list the switcher shows; the editor's loader fills the same cache entry. */
export function useSignatureList(enabled: boolean) {
  return useQuery({ ...signaturesQuery, enabled });
}

/** After a create, rename, copy or delete: stores the list the server answered with, if any, and reads it again. */
export function signaturesChanged(queryClient: QueryClient, next?: SavedSignature[]) {
  if (next) queryClient.setQueryData(queryKeys.signatures, next);
  return queryClient.invalidateQueries({ queryKey: queryKeys.signatures });
}

export function useSignaturesChanged() {
  const queryClient = useQueryClient();
  return (next?: SavedSignature[]) => signaturesChanged(queryClient, next);
}
