import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export const alias = {
  '@shared': r('./packages/shared/src'),
  '@web': r('./apps/web/src'),
  '@api': r('./apps/api/src'),
};

/** The web app build: root apps/web, output dist/web, served by the API in production. */
export default defineConfig({
  root: r('./apps/web'),
  plugins: [react(), tailwindcss()],
  resolve: { alias },
  build: {
    outDir: r('./dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    // Every browser the product supports has <link rel="modulepreload">: no polyfill in the first load.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // What every page loads (the entry's static imports: react, the router, the app shell, the brand
        // configs) is one chunk, not nine small ones: gzip compresses them together and no module
        // crosses a chunk boundary. The form controls that always load together (field, input, label,
        // the alert and its icons) and the parts the auth pages share are a chunk each; the rest is
        // split per page as before. docs/decisions.md, "The sign-in page paints light".
        codeSplitting: {
          groups: [
            { name: 'shell', tags: ['$initial'] },
            { name: 'form-ui', test: /components[\\/]ui[\\/](field|input|label|alert)\.tsx$|@radix-ui[\\/]react-label[\\/]/ },
            { name: 'auth', test: /features[\\/]auth[\\/](components|api)[\\/]|lib[\\/](lite-form|use-action)\.ts$/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // Object form: the string shorthand rewrites Host, and the API picks the brand from the Host.
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
      '/brands': { target: 'http://127.0.0.1:3000', changeOrigin: false },
      // The live connection (WebSocket upgrades pass through).
      '/cable': { target: 'ws://127.0.0.1:3000', ws: true, changeOrigin: false },
    },
  },
});
