import type { authApi } from '../../shared/api/auth';
import type { SuccessOf } from '../../shared/api/contract';

/**
 * The public pages' session read, started by their entry (site-main.tsx) as the page loads,
 * before React: a signed-in visitor's page hydrates at once (the header shows the avatar menu), a
 * visitor's only on demand (docs/decisions/0255). session-probe.ts takes the answer instead of
 * asking again. It is handed over on `window` rather than through a shared module: a module both
 * import would be one more request, and bytes, in the landing's budget.
 */
export type SessionAnswer = SuccessOf<typeof authApi.session>;

declare global {
  interface Window {
    /** The entry's read of GET /api/session, until session-probe.ts takes it. */
    __spEarlySession?: Promise<SessionAnswer>;
  }
}
