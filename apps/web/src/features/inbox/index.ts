/** Public surface of the inbox feature (its routes load lazily from routes/). */
export { inboxKeys } from './api/inbox';
export { interactionKeys } from './api/interactions';
