import type { Root } from 'react-dom/client';

// Its own module so that enter-app (loaded from the auth dialog) does not import the hydration
// code that loads the dialog: one direction between the public page's modules.
let siteRoot: Root | null = null;

export function setSiteRoot(root: Root) {
  siteRoot = root;
}

/** Takes the public page off the screen, so that the app can render in its place (enter-app.tsx). */
export function unmountSitePage() {
  siteRoot?.unmount();
  siteRoot = null;
}
