import { E2E_PORT } from '../../playwright.config';

export { startCalendlyServer, type CalendlyTestServer } from '../../apps/api/src/testing/vendors/calendly';
export { startSalesforceServer, type SalesforceTestServer } from '../../apps/api/src/testing/vendors/salesforce';

/**
 * The local Salesforce (consent page, token, REST) and Calendly (API, signed webhooks: the API tests' own wire-format
 * servers) that calendar-crm.spec.ts starts on these loopback ports; the product is configured for them at start
 * (support/global-setup.ts: SALESFORCE_LOGIN_BASE, CALENDLY_API_BASE, and let through the address guard).
 */
export const E2E_SALESFORCE = { port: E2E_PORT + 91, clientId: 'e2e-salesforce-client', clientSecret: 'e2e-salesforce-secret' };
export const E2E_SALESFORCE_URL = `http://127.0.0.1:${E2E_SALESFORCE.port}`;
export const E2E_CALENDLY = { port: E2E_PORT + 92 };
export const E2E_CALENDLY_URL = `http://127.0.0.1:${E2E_CALENDLY.port}`;
