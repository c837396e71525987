import type { SignatureDefaultsResponse } from '../../../shared/account-area-types';
import type { CreateSignatureOptions, SignatureMetaPatch } from '../../../shared/signature/signature-meta';
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

/** A new signature from fields, or a copy of another (`copyFrom`), with an optional name and send-as address. */
export function createNamedSignature(body: (SignatureFields & CreateSignatureOptions) | (CreateSignatureOptions & { copyFrom: string })): Promise<SavedSignature> {
  return api.post<SavedSignature>('/api/signatures', body);
}

/** Renames, sets "Used for" or makes default; these do not change the signature's version. */
export function updateSignatureMeta(id: string, meta: SignatureMetaPatch): Promise<SavedSignature> {
  return api.put<SavedSignature>(`/api/signatures/${encodeURIComponent(id)}`, meta);
}

/** Deletes one signature (never the last); answers the ones left, default first. */
export function deleteSignature(id: string): Promise<SavedSignature[]> {
  return api.delete<SavedSignature[]>(`/api/signatures/${encodeURIComponent(id)}`);
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
 * Sends a partial or a full update and returns the stored signature. A full save passes the
 * version it is based on; a stale one rejects with SignatureConflict. keepalive lets the request
 * outlive the page (pagehide).
 */
export async function updateSignature(
  id: string,
  patch: SignaturePatch,
  options: { keepalive?: boolean; version?: number } = {},
): Promise<SavedSignature> {
  const body = options.version === undefined ? patch : { ...patch, version: options.version };
  let res: Response;
  try {
    res = await fetch(`/api/signatures/${encodeURIComponent(id)}`, {
      method: 'PUT',
      credentials: 'include',
      keepalive: options.keepalive === true,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new NetworkError();
  }
  const data = (await res.json().catch(() => undefined)) as
    | (Partial<SavedSignature> & { error?: string; errors?: Record<string, string>; code?: string; current?: SavedSignature })
    | undefined;
  if (res.status === 409 && data?.current) throw new SignatureConflict(data.error ?? 'This signature changed elsewhere.', data.current);
  if (!res.ok) throw new ApiError(res.status, data?.error || `${res.status}: ${res.statusText}`, data?.errors ?? {}, data?.code);
  return data as SavedSignature;
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
