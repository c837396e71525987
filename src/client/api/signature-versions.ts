import { signaturesApi, type SignatureVersionSummary } from '../../shared/api/signatures';
import type { SavedSignature } from '../../shared/signature/signature-schema';
import { callApi } from '../lib/api-client';

// Only the editor's "Earlier versions" dialog, loaded when opened, imports these.

/** The kept earlier versions of one of your signatures, newest first. */
export async function listSignatureVersions(id: string): Promise<SignatureVersionSummary[]> {
  return callApi(signaturesApi.versions, { params: { id } });
}

/** Saves an earlier version back; answers the signature as stored. */
export async function restoreSignatureVersion(id: string, versionId: string): Promise<SavedSignature> {
  return callApi(signaturesApi.restoreVersion, { params: { id, versionId } });
}
