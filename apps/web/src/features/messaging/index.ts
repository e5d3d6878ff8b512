/** Public surface of the business-information feature (its routes load lazily from routes/). */
export { MESSAGING_SECTIONS } from './sections';
export { personaKeys, prospectKeys } from './api/keys';
export { personasQueryOptions, usePersonas } from './api/list-personas';
export { useCreatePersona } from './api/create-persona';
export { useAddCapturedProspect } from './api/add-captured-prospect';
export { prospectByLinkedInUrlQueryOptions, useProspectByLinkedInUrl } from './api/find-prospect-by-linkedin-url';
export { messagingKeys, offeringKeys, followupKeys } from './api/keys';
export { messagingSettingsQueryOptions, useMessagingSettings } from './api/list-messaging-settings';
export { offeringsQueryOptions, useCreateOffering, useDeleteOffering, useOfferings, useUpdateOffering } from './api/offerings';
export { formatPrice } from './components/offering-form';
