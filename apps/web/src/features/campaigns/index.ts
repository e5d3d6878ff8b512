/** Public surface of the campaigns feature (its routes load lazily from routes/). */
export { campaignKeys } from './api/campaigns';
