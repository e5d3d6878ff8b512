/** Public surface of the mailboxes feature (its route loads lazily from routes/). */
export { mailboxKeys, useCampaignCapacity, useComplianceSettings } from './api/mailboxes';
export { CapacityPanel } from './components/capacity-panel';
