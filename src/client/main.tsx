import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { router } from './app/router';
import './styles.css';

/** Resolves once the router has matched the URL and loaded that screen's lazy chunk. */
function whenRouterReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

async function startApp() {
  const root = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (root.hasChildNodes()) {
    // A page prerendered at build time (scripts/prerender.ts): its HTML is already on screen.
    // Hydrate once its screen is loaded, so that the first render matches that HTML.
    await whenRouterReady();
    // A transition: hydration yields to the browser instead of blocking it in one long task.
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    createRoot(root).render(app);
  }
}

void startApp();
