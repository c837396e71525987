import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { App } from '../app/app';
import { router } from '../app/router';
import { useReleaseEarlyClicks } from '../lib/early-clicks';
// The app's full stylesheet: /pricing and the app entered from a public page (enter-app.tsx) need
// the classes site.css leaves out (decision 0076).
import '../styles.css';

/** Resolves once the router has matched the URL and loaded that screen's lazy chunk. */
export function whenRouterReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/** The app as prerendered (no element of its own), replaying the clicks held before hydration. */
function HydratedApp() {
  useReleaseEarlyClicks();
  return <App />;
}

/**
 * Hydrates an app screen prerendered at build time (/pricing) with the whole app and its router,
 * once the screen's chunk is loaded, so that the first render matches the HTML on screen.
 */
export async function hydrateAppPage(root: HTMLElement) {
  await whenRouterReady();
  // A transition: hydration yields to the browser instead of blocking it in one long task.
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <HydratedApp />
      </StrictMode>,
    );
  });
}
