/** Public surface of the brand-awareness feature (its routes load lazily from routes/): the query keys the live connector refreshes. */
export { brandAwarenessKeys } from './api/brand-awareness';
