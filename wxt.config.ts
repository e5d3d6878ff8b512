import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'wxt';
import { EXTENSION_PUBLIC_KEY, externallyConnectableMatches } from './packages/shared/src/extension/ids';
import { alias } from './vite.config';

/** Brand production domains allowed to reach the extension (comma-separated hosts), beyond the local defaults. */
const extraDomains = (process.env.EXTENSION_BRAND_DOMAINS ?? '').split(',').map((s) => s.trim()).filter(Boolean);

export default defineConfig({
  srcDir: 'apps/extension',
  outDir: 'dist/extension',
  imports: false,
  vite: () => ({ plugins: [react(), tailwindcss()], resolve: { alias } }),
  manifest: {
    name: 'Sales Agent LinkedIn Capture',
    description: 'Captures the LinkedIn profile you are viewing for your AI sales agent.',
    key: EXTENSION_PUBLIC_KEY,
    permissions: ['storage', 'scripting'],
    host_permissions: ['https://www.linkedin.com/*'],
    externally_connectable: { matches: externallyConnectableMatches(extraDomains) },
  },
});
