/**
 * Public surface of the insights feature (its routes load lazily from routes/): how a rate and its interval read, and
 * the target audience query, for pages outside insights that show the same figures (the campaign's variants, the
 * inbox's persona panel).
 */
export { useTargetAudience } from './api/insights';
export { formatInterval, formatRate } from './components/format';
