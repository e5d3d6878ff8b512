/** Public surface of the extension feature (its routes load lazily from routes/). */
export { useExtensionPolling } from './hooks/use-extension-polling';
