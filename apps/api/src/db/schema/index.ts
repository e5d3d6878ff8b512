/**
 * The database schema: one file per API module (named like its folder in src/modules) owns that module's
 * tables, with their constants and row types. accounts.ts holds the tenant and its users (and the
 * account_id column the other files use), auth.ts the sign-in tables, jobs.ts the durable job workers
 * (lib/jobs), common.ts the timestamp helpers. A foreign key imports its target from the sibling file
 * (never in a cycle: import-x/no-cycle). Everything is re-exported here, so code imports `db/schema`;
 * drizzle-kit (apps/api/drizzle.config.ts) and the tenancy guard (db/tenancy.ts) read this index too,
 * so a new file must be listed below (schema.test.ts checks it).
 */
export * from './accounts';
export * from './auth';
/** Members and invitations of an account (issue 29): the role lives on users, invitations here. */
export * from './account-members';
export * from './personas';
export * from './prospects';
export * from './linkedin-accounts';
export * from './linkedin-searches';
export * from './imports';

/**
 * Business information (issue 4): the activity log, offerings, messaging settings, follow-up settings,
 * message instructions by categories and AI generation jobs.
 */
export * from './activities';
export * from './offerings';
export * from './messaging';
export * from './ai';

/**
 * The account's first hour (issue 5): onboarding answers, automatic-communication settings,
 * notification rules and in-app notifications, Stripe checkouts and webhook events.
 */
export * from './onboarding';
export * from './auto-communication';
export * from './notifications';
export * from './payments';
export * from './jobs';

export * from './user-emails';
export * from './blacklist';

/** The outreach engine (issue 11): see virtual-employees.ts. */
export * from './virtual-employees';
export * from './campaigns';
export * from './outreach-tasks';
export * from './phone-calls';

export * from './inbox';
export * from './pipeline';
export * from './live';
export * from './brand-awareness';
export * from './insights';

/** The product as a server of other tools (issue 27): API keys, webhooks and their deliveries. */
export * from './webhooks';
/** Integrations (issue 27): connections to CRMs, calendars and Zapier, the write ledger, quota, record identity. */
export * from './integrations';
/** Integrations (issue 27): meetings booked on a connected calendar (Calendly). */
export * from './integrations-calendly';
export * from './tracking';
