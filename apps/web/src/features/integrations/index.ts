/** Public surface of the integrations feature (its routes load lazily from routes/): the inbox's "Add to HubSpot" and "Add to Salesforce". */
export { AddToHubSpotButton } from './components/add-to-hubspot-button';
export { AddToSalesforceButton } from './components/add-to-salesforce-button';
