import { QueryClient } from '@tanstack/react-query';

/** The spec's data-fetching defaults: no retry, no refetch interval, no refetch on focus, never stale. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchInterval: false, refetchOnWindowFocus: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}
