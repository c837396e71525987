import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // The prerendered pages hydrate from their own light entry, site.html (see
    // docs/decisions/0060-public-site-prerendered-pages.md); the manifest lets bench/bundle-size.ts
    // and the browser tests tell which chunks each page loads.
    manifest: true,
    // Every browser the app supports preloads modules itself (<link rel="modulepreload">); the
    // polyfill would be in every page's entry, the landing's budget included (docs/decisions/0255).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./src/client/index.html', import.meta.url)),
        site: fileURLToPath(new URL('./src/client/site.html', import.meta.url)),
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:5000', '/objects': 'http://localhost:5000', '/icons': 'http://localhost:5000' },
  },
});
