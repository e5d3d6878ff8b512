import { E2E_PORT } from '../../playwright.config';

export { startHubSpotServer, type HubSpotTestServer } from '../../apps/api/src/testing/vendors/hubspot';

/**
 * The local HubSpot (consent page, OAuth token, CRM v3: the API tests' own wire-format server) that
 * integrations.spec.ts starts on this loopback port; the product is configured for it at start
 * (support/global-setup.ts: HUBSPOT_AUTH_URL, HUBSPOT_API_BASE, and let through the address guard).
 */
export const E2E_HUBSPOT = { port: E2E_PORT + 86, clientId: 'e2e-hubspot-client', clientSecret: 'e2e-hubspot-secret' };
export const E2E_HUBSPOT_URL = `http://127.0.0.1:${E2E_HUBSPOT.port}`;
