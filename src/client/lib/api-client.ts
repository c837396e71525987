import { parse, type $ZodType } from 'zod/v4/core';
import type { BodyOf, ParamsOf, QueryOf, RouteContract, SuccessOf } from '../../shared/api/contract';
import { ApiError, sendRequest } from './api';

/**
 * The one way the app calls its API: the shared route description (src/shared/api/*) gives the
 * method, the path, what to send and the schema the answer is checked against, so no call types an
 * answer by hand. Errors are lib/api.ts's: ApiError with the server's words, NetworkError.
 */

type Needs<K extends string, T> = undefined extends T ? { [P in K]?: T } : { [P in K]: T };
export type CallInput<C extends RouteContract> = Needs<'params', ParamsOf<C>> &
  Needs<'body', BodyOf<C>> & {
    query?: QueryOf<C> extends undefined ? undefined : Record<string, string>;
    /** Let the request outlive the page (a save on pagehide). */
    keepalive?: boolean;
    /** An RFC 7240 preference, e.g. return=minimal for a save whose answer only its version is read. */
    prefer?: string;
  };

export const CONTRACT_MISMATCH =
  'The server answered in a way this page does not understand. Please reload the page and try again.';

/** `/api/things/:id` with its params filled in, each encoded. */
export function pathOf(route: Pick<RouteContract, 'path'>, params: Record<string, string> | undefined): string {
  return route.path.replace(/:([A-Za-z_]\w*)|\*/g, (match, name: string | undefined) => {
    const value = params?.[name ?? '*'];
    if (value === undefined) throw new Error(`${route.path}: no value for ${match}`);
    return name ? encodeURIComponent(value) : value;
  });
}

/** The route's answer, checked against the schema of the status it came with. */
export function readAnswer<C extends RouteContract>(route: C, status: number, data: unknown): SuccessOf<C> {
  const schema = (route.responses as Record<number, $ZodType | undefined>)[status];
  if (!schema) {
    if (status === 204) return undefined as SuccessOf<C>;
    throw new ApiError(status, CONTRACT_MISMATCH);
  }
  try {
    return parse(schema, data) as SuccessOf<C>;
  } catch {
    throw new ApiError(status, CONTRACT_MISMATCH);
  }
}

export async function callApi<C extends RouteContract>(
  route: C,
  ...[input]: Record<never, never> extends CallInput<C> ? [CallInput<C>?] : [CallInput<C>]
): Promise<SuccessOf<C>> {
  const params = input?.params as Record<string, string> | undefined;
  let path = pathOf(route, params);
  if (input?.query) path += `?${new URLSearchParams(input.query).toString()}`;
  // Writes always carry a JSON body ({} when the route reads none), as they always have.
  const body = input?.body ?? (route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
  const init: RequestInit = input?.keepalive ? { keepalive: true } : {};
  if (input?.prefer) init.headers = { prefer: input.prefer };
  const { status, data } = await sendRequest(route.method, path, body, init);
  return readAnswer(route, status, data);
}
