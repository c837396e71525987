import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { hydrateAppPage } from './site/hydrate-app-page';
import './styles.css';

const root = document.getElementById('root')!;
if (root.hasChildNodes()) {
  // A screen prerendered at build time (scripts/prerender.ts): its HTML is already on screen.
  void hydrateAppPage(root);
} else {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
