/**
 * The local Stripe-format server is the API tests' own (apps/api/src/testing/stripe-server.ts): e2e
 * may import the API's wire-format test servers, nothing else of it (lint zone in eslint.config.js).
 */
export { startStripeServer, type StripeTestServer } from '../../apps/api/src/testing/stripe-server';

/** The price ids the e2e product process is configured with (STRIPE_PRICE_*). */
export const E2E_STRIPE_PRICES = { Starter: 'price_e2e_starter', Growth: 'price_e2e_growth', Scale: 'price_e2e_scale' } as const;
