import './site.css';
import { EARLY_CLICKS_GLOBAL, type EarlyClickState } from '../shared/early-clicks';
import type { SessionAnswer } from './api/early-session';

/**
 * Entry of every prerendered page (/, /pricing, /contact, /terms, /privacy, the 404 page). Their
 * HTML is already on screen and works as HTML: links navigate, the questions open, and the inline
 * early-click script holds presses on buttons and form submissions. React, the page's code and the
 * hydration run only once the page is needed (docs/decisions/0255): a visitor who only looks costs
 * the phone no JavaScript but this file. The public-site pages hydrate without the app's router or
 * any screen of the app, /pricing with the whole app (docs/decisions/0060).
 */

/**
 * A person's first move on the page: the pointer over it (a mouse, or a finger before its tap), a
 * key, focus (Tab), scrolling. Scrolling brings the parts that load as they near the screen (the
 * templates' previews).
 */
const INTERACTIONS = ['pointerover', 'pointerdown', 'keydown', 'focusin', 'scroll'] as const;

/**
 * Resolves when the page must become interactive: the first interaction; a click or submit the
 * inline script held (also one with no pointer or key event before it, as from a screen reader);
 * or a signed-in session (the header then shows the avatar menu).
 */
function whenNeeded(signedIn: Promise<boolean>): Promise<void> {
  return new Promise((wake) => {
    const held = (window as unknown as Record<string, EarlyClickState | undefined>)[EARLY_CLICKS_GLOBAL];
    // Clicks held before this file ran (its request was slow) need the page now.
    if (held?.queue.length) return wake();
    if (held) held.wake = wake;
    // Listeners left in place once woken cost nothing: a second call of `wake` does nothing.
    for (const type of INTERACTIONS) addEventListener(type, () => wake(), { capture: true, passive: true, once: true });
    void signedIn.then((yes) => yes && wake());
  });
}

/** Asks for the session at once (api/early-session.ts); resolves with whether someone is signed in. */
function startSessionRead(): Promise<boolean> {
  const read = fetch('/api/session', { credentials: 'include', headers: { accept: 'application/json' } }).then(
    (res): Promise<SessionAnswer> => (res.ok ? res.json() : Promise.reject(new Error(`session: ${res.status}`))),
  );
  window.__spEarlySession = read;
  return read.then(
    (answer) => !!answer.user,
    () => false,
  );
}

async function hydratePrerenderedPage() {
  await whenNeeded(startSessionRead());
  const root = document.getElementById('root')!;
  // /pricing is an app screen (it needs the app's router); the others are public-site pages.
  if (root.dataset.page === 'pricing') {
    const { hydrateAppPage } = await import('./site/hydrate-app-page');
    await hydrateAppPage(root);
  } else {
    const { hydrateSitePage } = await import('./site/hydrate-site-page');
    await hydrateSitePage(root);
  }
}

void hydratePrerenderedPage();
