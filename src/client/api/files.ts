import type { ApiErrorBody } from '../../shared/api/contract';
import { filesApi } from '../../shared/api/files';
import { pathOf } from '../lib/api-client';

/** The data exports (spec: "Download my data", "Download organization data"): files, not JSON answers to parse. */
export const EXPORTS = { account: filesApi.exportAccount, organization: filesApi.exportOrganization } as const;
export type ExportKind = keyof typeof EXPORTS;

/** Fetches an export as a file and its name; an error answer throws with the server's words, never gives a file. */
export async function fetchExport(kind: ExportKind): Promise<{ name: string; file: Blob }> {
  const res = await fetch(pathOf(EXPORTS[kind], undefined), {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as Partial<ApiErrorBody> | null;
    throw new Error(body?.error ?? 'We could not prepare your download. Please try again.');
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'signaturepro-data.json';
  return { name, file: await res.blob() };
}
