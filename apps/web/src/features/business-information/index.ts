/** Public surface of the business-information feature (its routes load lazily from routes/). */
export { MESSAGING_SECTIONS } from './sections';
