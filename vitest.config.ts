import { defineConfig } from 'vitest/config';
import { alias } from './vite.config';

/** Unit, component and API integration tests; e2e lives in e2e/ under Playwright. */
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/testing/setup.ts'],
          // Room for a loaded CI machine; a passing test still ends as soon as it is done.
          testTimeout: 20000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
          globalSetup: ['apps/api/src/testing/global-setup.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'extension',
          include: ['apps/extension/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
