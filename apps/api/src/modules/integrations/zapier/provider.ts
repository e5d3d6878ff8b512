import type { IntegrationProvider } from '../providers';

/**
 * Zapier: the product is the server (modules/webhooks). Connecting issues an API key Zapier authenticates with; there
 * is no vendor to call, so no OAuth, base URL, limits or writes. Always configured (nothing to set up on the server).
 */
export const zapierProvider: IntegrationProvider = {
  id: 'zapier',
  configured: () => true,
  connect: ['api_key'],
  apiBase: () => '',
  limits: [],
  operations: {},
};
