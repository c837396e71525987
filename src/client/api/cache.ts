import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * The shapes of the writes (docs/decisions/0127), so that the invalidation after a mutation is
 * written next to its call in src/client/api/<module>.ts and nowhere else; the keys are keys.ts's.
 */

/** A key of keys.ts. */
type QueryKey = readonly string[];

/** A write whose answer replaces one cached read (`key`); `also` names reads that depend on it. */
export function useSave<TInput, TResult>(
  request: (input: TInput) => Promise<TResult>,
  key: QueryKey | null,
  also: readonly QueryKey[] = [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async (result) => {
      if (key) queryClient.setQueryData(key, result);
      await Promise.all(also.map((k) => queryClient.invalidateQueries({ queryKey: k })));
    },
  });
}

/** Changes that move the person between organizations refresh everything the app shows. */
export function useReshape<TInput>(request: (input: TInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: () => queryClient.invalidateQueries() });
}
