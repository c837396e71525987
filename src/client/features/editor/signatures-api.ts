import type { SignatureDefaultsResponse } from '../../../shared/account-area-types';
import type { SavedSignature, SignatureFields, SignaturePatch } from '../../../shared/signature/signature-schema';
import { ApiError, NetworkError, api } from '../../lib/api';

export type GeneratedHtml = { htmlSignature: string; text: string; length: number };

export function listSignatures(): Promise<SavedSignature[]> {
  return api.get<SavedSignature[]>('/api/signatures');
}

export async function createSignature(fields: SignatureFields): Promise<string> {
  const created = await api.post<{ id: string }>('/api/signatures', fields);
  return created.id;
}

/** Sends a partial or a full update. keepalive lets the request outlive the page (pagehide). */
export async function updateSignature(id: string, patch: SignaturePatch, options: { keepalive?: boolean } = {}): Promise<void> {
  const path = `/api/signatures/${encodeURIComponent(id)}`;
  if (!options.keepalive) {
    await api.put(path, patch);
    return;
  }
  let res: Response;
  try {
    res = await fetch(path, {
      method: 'PUT',
      credentials: 'include',
      keepalive: true,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(patch),
    });
  } catch {
    throw new NetworkError();
  }
  if (!res.ok) throw new ApiError(res.status, `${res.status}: ${res.statusText}`);
}

/** The organization's design defaults, logo and required fields, which every member's signature follows. */
export function getSignatureDefaults(): Promise<SignatureDefaultsResponse> {
  return api.get<SignatureDefaultsResponse>('/api/organization/signature-defaults');
}

/** The server renders with its own public URL and the account's watermark rule. */
export function generateSignatureHtml(id: string): Promise<GeneratedHtml> {
  return api.post<GeneratedHtml>(`/api/signatures/${encodeURIComponent(id)}/generate-html`);
}

export function resendVerificationEmail(): Promise<unknown> {
  return api.post('/api/auth/resend-verification');
}
