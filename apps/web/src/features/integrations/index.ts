/** Public surface of the integrations feature (its routes load lazily from routes/): the inbox's "Add to HubSpot". */
export { AddToHubSpotButton } from './components/add-to-hubspot-button';
