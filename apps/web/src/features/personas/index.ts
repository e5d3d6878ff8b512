/** Public surface of the personas feature (its routes load lazily from routes/). */
export { personasPageKeys } from './api/keys';
