import type { authApi } from '../../shared/api/auth';
import type { billingApi } from '../../shared/api/billing';
import type { BodyOf, SuccessOf } from '../../shared/api/contract';
import type { publicSiteApi } from '../../shared/api/public-site';
import type { systemApi } from '../../shared/api/system';
import { sendRequest } from '../lib/api';

/**
 * The public pages' calls (docs/decisions/0127). Those pages carry no zod (the landing's 100 KB
 * budget), so they cannot use callApi, which parses each answer against the contract. Here the
 * contract is imported for its TYPES only (erased at build: zero bytes): each route below must
 * match its contract's method and path, and its body and answer are the contract's, not typed by
 * hand. The answer is trusted unparsed; errors are lib/api.ts's, as for every call.
 */
type PublicRoutes = {
  session: typeof authApi.session;
  logout: typeof authApi.logout;
  authOpened: typeof authApi.authOpened;
  selectFreePlan: typeof billingApi.selectFreePlan;
  contactToken: typeof publicSiteApi.contactToken;
  contact: typeof publicSiteApi.contact;
  newsletter: typeof publicSiteApi.newsletter;
  templatePreviews: typeof systemApi.templatePreviews;
};
export type PublicRoute = keyof PublicRoutes;

const ROUTES: { [K in PublicRoute]: readonly [PublicRoutes[K]['method'], PublicRoutes[K]['path']] } = {
  session: ['GET', '/api/session'],
  logout: ['POST', '/api/auth/logout'],
  authOpened: ['POST', '/api/auth/telemetry/auth-open'],
  selectFreePlan: ['POST', '/api/select-free-plan'],
  contactToken: ['GET', '/api/contact/token'],
  contact: ['POST', '/api/contact'],
  newsletter: ['POST', '/api/newsletter'],
  templatePreviews: ['GET', '/api/template-previews'],
};

/** Calls a public route by its contract's name; writes always carry a JSON body ({} when the route reads none). */
export async function callPublic<K extends PublicRoute>(
  name: K,
  ...[body]: undefined extends BodyOf<PublicRoutes[K]> ? [BodyOf<PublicRoutes[K]>?] : [BodyOf<PublicRoutes[K]>]
): Promise<SuccessOf<PublicRoutes[K]>> {
  const [method, path] = ROUTES[name];
  const { data } = await sendRequest(method, path, body ?? (method === 'GET' ? undefined : {}));
  return data as SuccessOf<PublicRoutes[K]>;
}
