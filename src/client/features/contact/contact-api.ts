import type { ContactTokenResponse } from '../../../shared/api/public-site';
import type { ContactRequest } from '../../../shared/validation/contact-schema';
import { callPublic } from '../../api/public';

/** The server ignores messages sent within this long of the form loading (spec: the 2-second lock). */
const SUBMIT_LOCK_MS = 2_000;

export type IssuedToken = ContactTokenResponse & { receivedAt: number };

export async function fetchContactToken(): Promise<IssuedToken> {
  const response = await callPublic('contactToken');
  return { ...response, receivedAt: Date.now() };
}

const waitOutLock = (token: IssuedToken) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, token.receivedAt + SUBMIT_LOCK_MS + 250 - Date.now())));

/**
 * The token the form loaded with; if that fetch failed (offline at load), a new one, held until
 * the lock has passed so that a person's message is never mistaken for a bot's. Held as well for a
 * message sent before the page was interactive (`typedBeforeHydration`, a replayed early click):
 * the token, and so the lock, starts only at hydration, but the person took their time typing.
 */
export async function resolveSubmitToken(
  loaded: Promise<IssuedToken>,
  typedBeforeHydration = false,
): Promise<IssuedToken> {
  try {
    const token = await loaded;
    if (typedBeforeHydration) await waitOutLock(token);
    return token;
  } catch {
    const fresh = await fetchContactToken();
    await waitOutLock(fresh);
    return fresh;
  }
}

export function sendContactMessage(body: ContactRequest) {
  return callPublic('contact', body);
}
