import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSignatureDefaults, listSignatures } from './signatures-api';

/** One query key per endpoint: the path, as the spec's data-fetching rules describe (same keys as the account area's). */
export const SIGNATURES_QUERY_KEY = ['/api/signatures'] as const;
export const SIGNATURE_DEFAULTS_QUERY_KEY = ['/api/organization/signature-defaults'] as const;

/** The person's signatures, default first (GET /api/signatures). */
export const signaturesQuery = queryOptions({ queryKey: SIGNATURES_QUERY_KEY, queryFn: listSignatures });

/** The organization's design defaults, logo and required fields. */
export const signatureDefaultsQuery = queryOptions({
  queryKey: SIGNATURE_DEFAULTS_QUERY_KEY,
  queryFn: getSignatureDefaults,
});

/** The list the switcher shows; the editor's loader fills the same cache entry. */
export function useSignatureList(enabled: boolean) {
  return useQuery({ ...signaturesQuery, enabled });
}
