import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { unmountSitePage } from './site-root';

/**
 * Goes from a public page into the app without a page load, when the auth dialog's forms navigate
 * after success (to /editor, /verify-email, /checkout…): the app, its router and its screen load,
 * then replace the public page in the same root. What lives in shared modules survives, such as
 * the 'Account created!' toast the form has just shown.
 */
export async function enterApp(href: string, replace: boolean) {
  try {
    // The router reads the address when its module is first evaluated: set it before importing.
    window.history[replace ? 'replaceState' : 'pushState'](null, '', href);
    const [{ App }, { whenRouterReady }] = await Promise.all([import('../app/app'), import('./hydrate-app-page')]);
    await whenRouterReady();
    unmountSitePage();
    window.scrollTo(0, 0);
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  } catch {
    // A chunk that would not load (offline, a new deployment): a page load gets there anyway.
    window.location.assign(href);
  }
}
