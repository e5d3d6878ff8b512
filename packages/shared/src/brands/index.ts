// Types only from the schema: the zod schemas are imported from './schema' where they are needed
// (the API's validation), so the registry stays free of zod for the web app's first load.
export type { FeatureFlag, FeatureFlags, HolderConfig, HolderHeaders } from './schema';
export * from './registry';
