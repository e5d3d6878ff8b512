import { E2E_PORT } from '../../playwright.config';

export { startLinkedInServer, type LinkedInTestServer } from '../../apps/api/src/testing/linkedin-server';

/**
 * The local LinkedIn (OAuth, userinfo, Posts API: the API tests' own wire-format server) that
 * linkedin.spec.ts starts on this loopback port; the product is configured for it at start
 * (support/global-setup.ts), so it calls nothing else, and the spec reads what it received.
 */
export const E2E_LINKEDIN = { port: E2E_PORT + 83, clientId: 'e2e-linkedin-client', clientSecret: 'e2e-linkedin-secret' };
export const E2E_LINKEDIN_URL = `http://127.0.0.1:${E2E_LINKEDIN.port}`;
