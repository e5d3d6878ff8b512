/** Public surface of the mailboxes feature (its route loads lazily from routes/). */
export { useCampaignCapacity, useComplianceSettings } from './api/mailboxes';
export { CapacityPanel } from './components/capacity-panel';
