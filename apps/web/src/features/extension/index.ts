/** Public surface of the extension feature (its routes load lazily from routes/). */
export { useExtensionPolling } from './hooks/use-extension-polling';
export { ProfileCard, ProfilePhoto, CaptureBadge } from './components/profile-card';
export { ExtensionStatus } from './components/extension-status';
export { WaitingForProfile } from './components/waiting-for-profile';
export { linkedInAccountKeys } from './api/keys';
export { linkedInAccountsQueryOptions, useLinkedInAccounts } from './api/list-linkedin-accounts';
export { useCreateLinkedInAccount } from './api/create-linkedin-account';
export { useRemoveLinkedInAccount } from './api/remove-linkedin-account';
