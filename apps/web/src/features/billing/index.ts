/** Public surface of the billing feature: the Upgrade button, the Checkout return handler, and "Plan & billing". */
export { UpgradeButton } from './components/upgrade-button';
export { CheckoutReturn } from './components/checkout-return';
export { PlanBillingSection } from './components/plan-billing-section';
