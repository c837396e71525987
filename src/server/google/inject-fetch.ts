import type { FastifyInstance } from 'fastify';

/**
 * A `fetch` that answers from this app's own routes (Fastify's inject), for the embedded TEST MODE
 * Workspace mounted under PUBLIC_URL/test-mode/google: the Workspace client speaks the same HTTP
 * to it as to Google, without a loopback request to PUBLIC_URL, which may not be reachable from
 * inside the server (a proxy, a container). docs/decisions/0117-workspace-data-model.md.
 */
export function injectFetch(app: FastifyInstance): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => (headers[key] = value));
    const body = init?.body;
    const payload =
      body === undefined || body === null
        ? undefined
        : typeof body === 'string'
          ? body
          : body instanceof URLSearchParams
            ? body.toString()
            : String(body);
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers,
      ...(payload === undefined ? {} : { payload }),
    });
    const out = new Headers();
    for (const [key, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      out.set(key, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: out,
    });
  }) as typeof fetch;
}
