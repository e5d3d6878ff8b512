/** Public surface of the extension feature (its routes load lazily from routes/). */
export { useExtensionPolling } from './hooks/use-extension-polling';
export { ProfileCard, ProfilePhoto, CaptureBadge } from './components/profile-card';
export { ExtensionStatus } from './components/extension-status';
export { WaitingForProfile } from './components/waiting-for-profile';
