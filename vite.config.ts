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
