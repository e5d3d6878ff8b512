/**
 * Public surface of the insights feature (its routes load lazily from routes/): how a rate and its interval read, for
 * pages outside insights that show the same figures (the campaign's variants).
 */
export { formatInterval, formatRate } from './components/format';
