import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../../shared/public-origin';
import { systemApi } from '../../shared/api/system';
import { callApi } from '../lib/api-client';
import { queryKeys } from './keys';

/**
 * The server's PUBLIC_URL, the one origin the preview, both copies and generate-html render with,
 * and whether recipients can load images from it. Fetched once per page load; while the call is
 * out the editor shows its loading state. If it fails, the page's own origin stands in.
 */
export function usePublicConfig(): { config: PublicConfig | null; ready: boolean } {
  const query = useQuery({ queryKey: queryKeys.publicConfig, queryFn: () => callApi(systemApi.publicConfig) });
  if (query.data) return { config: query.data, ready: true };
  if (query.isError) return { config: { publicUrl: window.location.origin, publicOrigin: { ok: true } }, ready: true };
  return { config: null, ready: false };
}
