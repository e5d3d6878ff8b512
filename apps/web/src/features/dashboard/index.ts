/** Public surface of the dashboard feature (its routes load lazily from routes/). */
export { dashboardKeys } from './api/keys';
