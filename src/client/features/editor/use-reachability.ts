import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { preflightApi } from '../../../shared/api/preflight';
import type { PreflightItem } from '../../../shared/signature/preflight';
import { reachabilityItem, reachabilityRequest } from '../../../shared/signature/preflight-reachability';
import type { SignatureManifest } from '../../../shared/signature/signature-manifest';
import { useSession } from '../../api/session';
import { callApi } from '../../lib/api-client';

/** The server's answers are kept this long in the browser too: the same addresses are not asked again while typing. */
const FRESH_MS = 5 * 60_000;

/**
 * The checklist line "Reachable by recipients": the server loads the signature's images and links
 * as a recipient would (docs/decisions/0165). Signed-in people only; a visitor's checklist keeps
 * what the browser can tell. Null when there is nothing to ask.
 */
export function useReachability(
  manifest: Pick<SignatureManifest, 'images' | 'links'>,
  publicOrigin: string,
): PreflightItem | null {
  const signedIn = useSession().data != null;
  const request = useMemo(() => reachabilityRequest(manifest, publicOrigin), [manifest, publicOrigin]);
  const asked = request.images.length + request.links.length;
  const query = useQuery({
    queryKey: ['preflight-reachability', request],
    queryFn: () => callApi(preflightApi.reachability, { body: request }),
    enabled: signedIn && asked > 0,
    staleTime: FRESH_MS,
    retry: false,
  });
  return useMemo(() => {
    if (!signedIn || asked === 0) return null;
    if (query.isPending) return reachabilityItem('pending', asked);
    if (query.isError) return reachabilityItem('unavailable', asked);
    return reachabilityItem(query.data.results, asked);
  }, [signedIn, asked, query.isPending, query.isError, query.data]);
}
