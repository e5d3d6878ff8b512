import { sql } from 'drizzle-orm';
import { bigint, boolean, check, customType, date, index, integer, jsonb, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The tenant: every business row belongs to an account; holder_id is the brand it signed up under. */
export const accounts = pgTable('accounts', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  holderId: smallint('holder_id').notNull().default(0),
  tariffPlan: text('tariff_plan').notNull().default('Trial'),
  /** Stripe: the customer and subscription behind a paid plan (null on Trial / Not paid). */
  stripeCustomerId: text('stripe_customer_id'),
  stripeSubscriptionId: text('stripe_subscription_id'),
  planPaidAt: at('plan_paid_at'),
  /**
   * The compliance footer of campaign emails (GET/PUT compliance_settings): on by default, it appends the
   * unsubscribe link and postal_address; gdpr_notice adds where the prospect's data came from (GDPR Art. 14).
   */
  complianceFooter: boolean('compliance_footer').notNull().default(true),
  postalAddress: text('postal_address'),
  gdprNotice: boolean('gdpr_notice').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The brand (tenant of sign-in) this user signed up under: its account's holder_id, kept here for the per-brand unique email. */
    holderId: smallint('holder_id').notNull().default(0),
    /** Always stored lowercased (the shared schema normalises it); unique per brand (holder_id). */
    email: text('email').notNull(),
    provider: text('provider', { enum: ['email', 'google_oauth2'] }).notNull().default('email'),
    /** devise_token_auth's uid: the email for email users, the subject for OAuth users. */
    uid: text('uid').notNull(),
    encryptedPassword: text('encrypted_password'),
    name: text('name'),
    phone: text('phone'),
    image: text('image'),
    confirmedAt: at('confirmed_at'),
    confirmationTokenHash: text('confirmation_token_hash'),
    confirmationSentAt: at('confirmation_sent_at'),
    resetPasswordTokenHash: text('reset_password_token_hash'),
    resetPasswordSentAt: at('reset_password_sent_at'),
    onboardingFinishedAt: at('onboarding_finished_at'),
    /** Set when the phone was confirmed by code (onboarding); cleared when the phone changes. */
    phoneVerifiedAt: at('phone_verified_at'),
    jobTitle: text('job_title'),
    /** A requested new sign-in email, waiting for its confirmation link (email_change_token_hash). */
    unconfirmedEmail: text('unconfirmed_email'),
    emailChangeTokenHash: text('email_change_token_hash'),
    emailChangeSentAt: at('email_change_sent_at'),
    /** The undo link mailed to the old address: restores email_undo_address and revokes every token. */
    emailUndoTokenHash: text('email_undo_token_hash'),
    emailUndoAddress: text('email_undo_address'),
    emailUndoSentAt: at('email_undo_sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Brands are separate tenants: the same email may hold one account per brand.
    uniqueIndex('users_holder_email_unique').on(t.holderId, sql`lower(${t.email})`),
    // The uid header finds the user within the request's brand: emails contain '@', OIDC subjects never do.
    uniqueIndex('users_holder_uid_unique').on(t.holderId, t.uid),
    uniqueIndex('users_email_change_token_hash_unique').on(t.emailChangeTokenHash),
    uniqueIndex('users_email_undo_token_hash_unique').on(t.emailUndoTokenHash),
    index('users_account_id_idx').on(t.accountId),
    uniqueIndex('users_confirmation_token_hash_unique').on(t.confirmationTokenHash),
    uniqueIndex('users_reset_password_token_hash_unique').on(t.resetPasswordTokenHash),
  ],
);

/** One row per signed-in client (device); only the sha256 of the token is kept. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    client: text('client').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    lastUsedAt: at('last_used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('auth_tokens_user_client_unique').on(t.userId, t.client)],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** confirmation: the account's email; phone: the onboarding phone-number step (users.phone_verified_at). */
    purpose: text('purpose', { enum: ['confirmation', 'phone'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: at('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_user_purpose_idx').on(t.userId, t.purpose)],
);

/**
 * One row per email the auth flow handed to the mailer (or skipped), per target address: the
 * per-address ceiling counts here, so it holds across API processes (modules/auth/mail.ts).
 */
export const authMailSends = pgTable(
  'auth_mail_sends',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    address: text('address').notNull(),
    sentAt: at('sent_at').notNull().defaultNow(),
  },
  (t) => [index('auth_mail_sends_address_sent_at_idx').on(t.address, t.sentAt)],
);

/** OIDC sign-in in flight: state → nonce, PKCE verifier and where to send the browser back. */
export const oauthStates = pgTable('oauth_states', {
  state: text('state').primaryKey(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  origin: text('origin').notNull(),
  holderId: smallint('holder_id').notNull().default(0),
  expiresAt: at('expires_at')
    .notNull()
    .default(sql`now() + interval '10 minutes'`),
});

/** Personas (the spec's `persons`): target audiences; `filters` holds the saved search (business information). */
export const personas = pgTable(
  'personas',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('personas_account_name_unique').on(t.accountId, sql`lower(${t.name})`)],
);

/** A tsvector column (keyword search); read back as text, never written by the app (generated). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The text a keyword filter searches: 'simple' configuration (no stemming, case-folded). */
const PROSPECT_SEARCH_DOCUMENT = sql.raw(
  `to_tsvector('simple'::regconfig, coalesce(title, '') || ' ' || coalesce(headline, '') || ' ' || coalesce(keywords, '') || ' ' || coalesce(company, '') || ' ' || coalesce(industry, '') || ' ' || coalesce(department, '') || ' ' || coalesce(about, ''))`,
);

export const PROSPECT_SOURCE_VALUES = ['extension', 'import', 'manual', 'search'] as const;

/**
 * People loaded into personas: one row per LinkedIn URL (canonical) and per email within an account,
 * so adding the same person again updates this row (INSERT … ON CONFLICT) instead of adding another.
 */
export const prospects = pgTable(
  'prospects',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    linkedinUrl: text('linkedin_url'),
    email: text('email'),
    fullName: text('full_name'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    headline: text('headline'),
    title: text('title'),
    company: text('company'),
    location: text('location'),
    photoUrl: text('photo_url'),
    about: text('about'),
    source: text('source', { enum: PROSPECT_SOURCE_VALUES }).notNull(),
    /** The full captured profile (LinkedInProfile) or the imported row, as received. */
    profile: jsonb('profile').$type<Record<string, unknown>>(),
    // The fields the person-search filters apply to (spec §3); see modules/prospect-sources.
    companyDomain: text('company_domain'),
    /** Number of employees. */
    companySize: integer('company_size'),
    industry: text('industry'),
    /** Digits only. */
    sicCodes: text('sic_codes').array().notNull().default(sql`'{}'::text[]`),
    naicsCodes: text('naics_codes').array().notNull().default(sql`'{}'::text[]`),
    /** Lower-case tags. */
    technologies: text('technologies').array().notNull().default(sql`'{}'::text[]`),
    fundingStage: text('funding_stage'),
    /** Annual revenue, US dollars. */
    revenue: bigint('revenue', { mode: 'number' }),
    foundedYear: integer('founded_year'),
    retailLocationCount: integer('retail_location_count'),
    /** When the company last posted a job. */
    jobPostedAt: date('job_posted_at', { mode: 'string' }),
    department: text('department'),
    managementLevel: text('management_level'),
    seniority: text('seniority'),
    country: text('country'),
    region: text('region'),
    subregion: text('subregion'),
    city: text('city'),
    /** Where the company is (headquarters). */
    companyLocation: text('company_location'),
    /** Free-text keywords, comma-separated. */
    keywords: text('keywords'),
    /** Lower-case tags. */
    intentTopics: text('intent_topics').array().notNull().default(sql`'{}'::text[]`),
    jobChangedAt: date('job_changed_at', { mode: 'string' }),
    searchDocument: tsvector('search_document').generatedAlwaysAs(PROSPECT_SEARCH_DOCUMENT),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('prospects_account_linkedin_url_unique').on(t.accountId, t.linkedinUrl).where(sql`${t.linkedinUrl} is not null`),
    uniqueIndex('prospects_account_email_unique').on(t.accountId, sql`lower(${t.email})`).where(sql`${t.email} is not null`),
    check('prospects_source_check', sql`${t.source} in ('extension', 'import', 'manual', 'search')`),
    // Search filters: equality on lower-cased text, ranges on numbers, GIN for arrays and keywords.
    index('prospects_account_company_size_idx').on(t.accountId, t.companySize),
    index('prospects_account_revenue_idx').on(t.accountId, t.revenue),
    index('prospects_account_founded_year_idx').on(t.accountId, t.foundedYear),
    index('prospects_account_industry_idx').on(t.accountId, sql`lower(${t.industry})`),
    index('prospects_account_country_idx').on(t.accountId, sql`lower(${t.country})`),
    index('prospects_account_department_idx').on(t.accountId, sql`lower(${t.department})`),
    index('prospects_account_management_level_idx').on(t.accountId, sql`lower(${t.managementLevel})`),
    index('prospects_technologies_idx').using('gin', t.technologies),
    index('prospects_intent_topics_idx').using('gin', t.intentTopics),
    index('prospects_sic_codes_idx').using('gin', t.sicCodes),
    index('prospects_naics_codes_idx').using('gin', t.naicsCodes),
    index('prospects_search_document_idx').using('gin', t.searchDocument),
  ],
);

/** Which personas a prospect is loaded into; account_id kept for scoped queries without a join. */
export const personaProspects = pgTable(
  'persona_prospects',
  {
    personaId: integer('persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
    prospectId: integer('prospect_id')
      .notNull()
      .references(() => prospects.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.personaId, t.prospectId] }), index('persona_prospects_prospect_idx').on(t.prospectId)],
);

/**
 * A user's own LinkedIn account, connected by its profile URL. A LinkedIn member is one person:
 * the canonical URL is unique across all accounts.
 */
export const linkedinAccounts = pgTable(
  'linkedin_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    profileUrl: text('profile_url').notNull(),
    fullName: text('full_name'),
    headline: text('headline'),
    photoUrl: text('photo_url'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('linkedin_accounts_profile_url_unique').on(t.profileUrl), index('linkedin_accounts_account_idx').on(t.accountId)],
);

export const IMPORT_STATUS_VALUES = ['queued', 'running', 'done', 'failed'] as const;

/** A CSV import: runs in the API process in one transaction; progress is written here as it goes. */
/**
 * A LinkedIn people search or Sales Navigator lead search saved for a persona (issue 14). `search_key`
 * is the search's address without the parameters that change as the user pages (shared
 * parseLinkedInSearchUrl): one search per persona, saved twice answers the first.
 */
export const linkedinSearches = pgTable(
  'linkedin_searches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    personaId: integer('persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
    /** Who saved it (kept when that user leaves). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    searchKey: text('search_key').notNull(),
    kind: text('kind', { enum: ['classic', 'sales_navigator'] }).notNull(),
    /** Prospects this search put into the persona. */
    addedCount: integer('added_count').notNull().default(0),
    lastPage: integer('last_page'),
    lastCapturedAt: at('last_captured_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('linkedin_searches_persona_key_unique').on(t.accountId, t.personaId, t.searchKey),
    index('linkedin_searches_persona_idx').on(t.personaId),
    check('linkedin_searches_kind_check', sql`${t.kind} in ('classic', 'sales_navigator')`),
  ],
);

export const importJobs = pgTable(
  'import_jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    personaId: integer('persona_id').references(() => personas.id, { onDelete: 'set null' }),
    status: text('status', { enum: IMPORT_STATUS_VALUES }).notNull().default('queued'),
    fileName: text('file_name').notNull(),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    mergedCount: integer('merged_count').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    /** [{row, reason}], capped (IMPORT_ERRORS_CAP); error_count has the full number. */
    errors: jsonb('errors').$type<Array<{ row: number; reason: string }>>().notNull().default([]),
    mapping: jsonb('mapping').$type<Record<string, string | null>>().notNull().default({}),
    /** Why the whole import failed (nothing was written). */
    failure: text('failure'),
    /** Who started it (the activity log's actor). */
    userId: integer('user_id'),
    /** Rows valid with a LinkedIn URL and no email. */
    linkedinOnlyCount: integer('linkedin_only_count').notNull().default(0),
    /** Rows not merged because their email names a prospect with another LinkedIn URL (capped like errors). */
    conflicts: jsonb('conflicts').$type<ImportConflict[]>().notNull().default([]),
    conflictCount: integer('conflict_count').notNull().default(0),
    /** Which rows were merged into which prospect (capped like errors). */
    merges: jsonb('merges').$type<ImportMerge[]>().notNull().default([]),
    /** The file, kept while the import's job is pending or running (the job runs from it), then cleared. */
    source: text('source'),
    delimiter: text('delimiter'),
    createdAt: createdAt(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    index('import_jobs_account_idx').on(t.accountId, t.createdAt),
    check('import_jobs_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);

export type ImportConflict = { row: number; other_row: number | null; prospect_id: number | null; email: string; reason: string };
export type ImportMerge = { rows: number[]; prospect_id: number | null; first_row: number | null };

/**
 * What an import did, so a failed or interrupted one is undone although it committed in chunks:
 * 'created' prospects are deleted, 'merged' ones get their previous row back, 'joined' persona
 * memberships are removed. Deleted when the import finishes.
 */
export const importChanges = pgTable(
  'import_changes',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    prospectId: integer('prospect_id').notNull(),
    kind: text('kind', { enum: ['created', 'merged', 'joined'] }).notNull(),
    previous: jsonb('previous'),
  },
  (t) => [primaryKey({ columns: [t.importId, t.prospectId, t.kind] })],
);

/** The column mapping an account used last, per CSV header (lower-cased, trimmed): remembered for the next import. */
export const importMappings = pgTable(
  'import_mappings',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    header: text('header').notNull(),
    /** null: the user chose not to import this column. */
    field: text('field'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.header] })],
);

export type AccountRow = typeof accounts.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type PersonaRow = typeof personas.$inferSelect;
export type ProspectRow = typeof prospects.$inferSelect;
export type LinkedinAccountRow = typeof linkedinAccounts.$inferSelect;
export type LinkedinSearchRow = typeof linkedinSearches.$inferSelect;
export type ImportJobRow = typeof importJobs.$inferSelect;

/**
 * Business information (issue 4): the activity log, offerings, messaging settings, follow-up settings,
 * message instructions by categories and AI generation jobs.
 */

const accountIdColumn = () =>
  integer('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' });

export const ACTOR_TYPES = ['user', 'agent', 'virtual_employee', 'system'] as const;
export const ACTIVITY_CHANNELS = ['email', 'linkedin', 'phone'] as const;

/** The account's activity log: who or what did what, when, on which channel, to which prospect and persona. */
export const activities = pgTable(
  'activities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    actorType: text('actor_type', { enum: ACTOR_TYPES }).notNull(),
    actorId: integer('actor_id'),
    verb: text('verb').notNull(),
    channel: text('channel', { enum: ACTIVITY_CHANNELS }),
    prospectId: integer('prospect_id').references(() => prospects.id, { onDelete: 'set null' }),
    personaId: integer('persona_id').references(() => personas.id, { onDelete: 'set null' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('activities_account_occurred_idx').on(t.accountId, t.occurredAt),
    index('activities_account_verb_occurred_idx').on(t.accountId, t.verb, t.occurredAt),
    // One prospect's timeline (the interactions' by_prospect, the agent-activity panel, the export's last touch).
    index('activities_account_prospect_occurred_idx').on(t.accountId, t.prospectId, t.occurredAt),
    check('activities_actor_type_check', sql`${t.actorType} in ('user', 'agent', 'virtual_employee', 'system')`),
    check('activities_channel_check', sql`${t.channel} is null or ${t.channel} in ('email', 'linkedin', 'phone')`),
  ],
);

/** The products or services the agent sells. */
export const offerings = pgTable(
  'offerings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceMin: numeric('price_min', { precision: 14, scale: 2, mode: 'number' }),
    priceMax: numeric('price_max', { precision: 14, scale: 2, mode: 'number' }),
    currency: text('currency').notNull().default('USD'),
    pricePeriod: text('price_period').notNull().default('one_time'),
    url: text('url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('offerings_account_idx').on(t.accountId)],
);

export type CaseStudyJson = { title: string; summary: string; url: string | null };

/** One per account and persona, plus the account's default (persona_id null). */
export const messagingSettings = pgTable(
  'messaging_settings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    personaId: integer('persona_id').references(() => personas.id, { onDelete: 'cascade' }),
    offeringId: integer('offering_id').references(() => offerings.id, { onDelete: 'set null' }),
    exampleProspectId: integer('example_prospect_id').references(() => prospects.id, { onDelete: 'set null' }),
    name: text('name').notNull().default(''),
    toneVoice: text('tone_voice').notNull().default(''),
    language: text('language').notNull().default('en'),
    /** Rich text, sanitised on write (RICH_TEXT_FIELDS). */
    messageGuidelines: text('message_guidelines').notNull().default(''),
    instructionsScript: text('instructions_script').notNull().default(''),
    callToAction: text('call_to_action').notNull().default(''),
    caseStudies: jsonb('case_studies').$type<CaseStudyJson[]>().notNull().default([]),
    signature: text('signature').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('messaging_settings_account_persona_unique').on(t.accountId, sql`coalesce(${t.personaId}, 0)`)],
);

/** The account's follow-up cadence and stop rules (one row per account; defaults until saved). */
export const followupSettings = pgTable('followup_settings', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  numberOfFollowups: smallint('number_of_followups').notNull(),
  spacingDays: smallint('spacing_days').notNull(),
  stopOnReply: boolean('stop_on_reply').notNull(),
  stopOnMeetingBooked: boolean('stop_on_meeting_booked').notNull(),
  stopOnUnsubscribe: boolean('stop_on_unsubscribe').notNull(),
  stopOnBounce: boolean('stop_on_bounce').notNull(),
  updatedAt: updatedAt(),
});

/** Message instructions by categories: one per account and category. */
export const messageInstructions = pgTable(
  'message_instructions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    category: text('category').notNull(),
    title: text('title').notNull(),
    instructions: text('instructions').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('message_instructions_account_category_unique').on(t.accountId, t.category)],
);

/** AI generations that outlived the synchronous wait: any instance answers the poll from here. */
export const generationJobs = pgTable(
  'generation_jobs',
  {
    id: uuid('id').primaryKey(),
    accountId: accountIdColumn(),
    kind: text('kind').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull().default('pending'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    error: text('error'),
    errorStatus: integer('error_status'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('generation_jobs_account_idx').on(t.accountId, t.createdAt)],
);

export type ActivityRow = typeof activities.$inferSelect;
export type OfferingRow = typeof offerings.$inferSelect;
export type MessagingSettingRow = typeof messagingSettings.$inferSelect;
export type FollowupSettingsRow = typeof followupSettings.$inferSelect;
export type MessageInstructionRow = typeof messageInstructions.$inferSelect;
export type GenerationJobRow = typeof generationJobs.$inferSelect;

/**
 * The account's first hour (issue 5): onboarding answers, automatic-communication settings,
 * notification rules and in-app notifications, Stripe checkouts and webhook events.
 */

/** One per user: the answers per step (keyed by the step's slug), where they are, and the AI draft. */
export const onboardingAnswers = pgTable('onboarding_answers', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  accountId: accountIdColumn(),
  /** The slug of the step to resume at. */
  currentStep: text('current_step').notNull().default('index'),
  answers: jsonb('answers').$type<Record<string, Record<string, unknown>>>().notNull().default({}),
  /** generate_onboarding_info's draft (value proposition, problem, solution, differentiators, ideal customer). */
  draft: jsonb('draft').$type<Record<string, unknown> | null>(),
  updatedAt: updatedAt(),
});

/** What the AI sales agent may do on its own (one row per account; defaults until saved). */
export const autoCommunicationSettings = pgTable('auto_communication_settings', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  timeZone: text('time_zone').notNull(),
  /** ISO weekdays 1 (Monday) … 7 (Sunday). */
  workingDays: smallint('working_days').array().notNull(),
  /** 'HH:MM', local to time_zone. */
  workStart: text('work_start').notNull(),
  workEnd: text('work_end').notNull(),
  dailyLimitEmail: integer('daily_limit_email').notNull(),
  dailyLimitLinkedin: integer('daily_limit_linkedin').notNull(),
  dailyLimitPhone: integer('daily_limit_phone').notNull(),
  /** Connection requests per LinkedIn account per rolling 7 days (at most 100; new accounts ramp up to it). */
  weeklyInvitationLimit: smallint('weekly_invitation_limit').notNull().default(100),
  autoReply: boolean('auto_reply').notNull(),
  /** review: every outgoing message waits for approval; autonomous: the agent sends on its own. */
  mode: text('mode', { enum: ['review', 'autonomous'] }).notNull(),
  updatedAt: updatedAt(),
});

export const NOTIFICATION_PROVIDERS = ['email', 'in_app', 'webhook'] as const;

/** Campaign notification rules: which events reach the account, and how (spec §7 campaign notifications). */
export const campaignNotifications = pgTable(
  'campaign_notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    provider: text('provider', { enum: NOTIFICATION_PROVIDERS }).notNull(),
    /** Activity verbs that trigger the rule (reply_received, meeting_booked, import_finished, …). */
    events: text('events').array().notNull().default(sql`'{}'::text[]`),
    /** email: the address (null = the account's users); webhook: the URL; in_app: null. */
    target: text('target'),
    enabled: boolean('enabled').notNull().default(true),
    lastSentAt: at('last_sent_at'),
    /** The last delivery's outcome ('ok', or the error shown to the user). */
    lastStatus: text('last_status'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('campaign_notifications_account_idx').on(t.accountId),
    check('campaign_notifications_provider_check', sql`${t.provider} in ('email', 'in_app', 'webhook')`),
  ],
);

/** In-app notifications: shown as toasts when they arrive, kept until read. */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    /** null: every user of the account. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    url: text('url'),
    readAt: at('read_at'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_account_created_idx').on(t.accountId, t.createdAt)],
);

/** Stripe Checkout sessions this product created: session → account and plan (approve and webhook look here). */
export const stripeCheckoutSessions = pgTable(
  'stripe_checkout_sessions',
  {
    id: text('id').primaryKey(),
    accountId: accountIdColumn(),
    plan: text('plan').notNull(),
    status: text('status', { enum: ['open', 'paid', 'expired'] }).notNull().default('open'),
    createdAt: createdAt(),
    completedAt: at('completed_at'),
  },
  (t) => [index('stripe_checkout_sessions_account_idx').on(t.accountId)],
);

/** Stripe webhook events already handled (idempotency: a redelivered event changes nothing). */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The API processes that run durable jobs on PostgreSQL (lib/jobs/liveness.ts). Each holds a session-level
 * advisory lock on `lock_key` (a fresh number per process, never reused) for as long as it lives: a lock
 * that can be taken proves the process is gone.
 */
export const jobWorkers = pgTable('job_workers', {
  id: uuid('id').primaryKey(),
  lockKey: serial('lock_key').notNull().unique(),
  pid: integer('pid').notNull(),
  host: text('host').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Which process runs each started pg-boss job, written by the statement that starts the run. */
export const jobRuns = pgTable(
  'job_runs',
  {
    jobId: uuid('job_id').primaryKey(),
    workerId: uuid('worker_id')
      .notNull()
      .references(() => jobWorkers.id, { onDelete: 'cascade' }),
  },
  (t) => [index('job_runs_worker_idx').on(t.workerId)],
);

export type OnboardingAnswersRow = typeof onboardingAnswers.$inferSelect;
export type AutoCommunicationSettingsRow = typeof autoCommunicationSettings.$inferSelect;
export type CampaignNotificationRow = typeof campaignNotifications.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type StripeCheckoutSessionRow = typeof stripeCheckoutSessions.$inferSelect;

/**
 * The mailboxes the agent sends from (spec §7 user_emails). Connection settings in clear, secrets in
 * user_credentials (encrypted). status: active, or paused (by the user or the engine) / failing (the last
 * connection test or send could not sign in), with the reason shown to the user.
 */
export const userEmails = pgTable(
  'user_emails',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    email: text('email').notNull(),
    /** The part after @, lower case: the sending domain GET domains checks. */
    domain: text('domain').notNull(),
    senderName: text('sender_name').notNull(),
    smtpHost: text('smtp_host').notNull(),
    smtpPort: integer('smtp_port').notNull(),
    smtpSecurity: text('smtp_security', { enum: ['tls', 'starttls', 'none'] }).notNull(),
    smtpUsername: text('smtp_username').notNull(),
    imapHost: text('imap_host').notNull(),
    imapPort: integer('imap_port').notNull(),
    imapSecurity: text('imap_security', { enum: ['tls', 'starttls', 'none'] }).notNull(),
    imapUsername: text('imap_username').notNull(),
    /** password: the stored SMTP and IMAP passwords; xoauth2: an OAuth access token of oauth_provider, refreshed as needed. */
    authMethod: text('auth_method', { enum: ['password', 'xoauth2'] }).notNull().default('password'),
    oauthProvider: text('oauth_provider', { enum: ['google', 'microsoft'] }),
    /** The Sent folder's path found by the last connection test. */
    sentFolder: text('sent_folder'),
    dailyLimit: integer('daily_limit').notNull(),
    hourlyLimit: integer('hourly_limit').notNull(),
    minGapSeconds: integer('min_gap_seconds').notNull(),
    warmupEnabled: boolean('warmup_enabled').notNull().default(false),
    warmupStart: integer('warmup_start').notNull().default(10),
    warmupIncrease: integer('warmup_increase').notNull().default(5),
    warmupCeiling: integer('warmup_ceiling').notNull().default(50),
    /** The day the ramp started (day 0 sends warmup_start). */
    warmupStartedOn: date('warmup_started_on', { mode: 'string' }),
    /** A selector to look for besides the common ones (GET domains). */
    dkimSelector: text('dkim_selector'),
    status: text('status', { enum: ['active', 'paused', 'failing'] }).notNull().default('active'),
    statusReason: text('status_reason'),
    /** The last live connection test, step by step (ConnectionTest of @shared/schemas/user-emails). */
    lastTest: jsonb('last_test'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('user_emails_account_email_idx').on(t.accountId, t.email),
    index('user_emails_account_domain_idx').on(t.accountId, t.domain),
    check('user_emails_status_check', sql`${t.status} in ('active', 'paused', 'failing')`),
  ],
);

/**
 * The secrets of a mailbox, encrypted at rest with AES-256-GCM (lib/secret-box.ts; the key is
 * MAIL_CREDENTIALS_KEY or one generated into the data folder). Never returned by the API:
 * GET user_credentials lists kind and state only.
 */
export const userCredentials = pgTable(
  'user_credentials',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    userEmailId: integer('user_email_id')
      .notNull()
      .references(() => userEmails.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['smtp_password', 'imap_password', 'oauth_access_token', 'oauth_refresh_token'] }).notNull(),
    /** "v1.<iv>.<tag>.<ciphertext>", bound to (account, mailbox, kind) as associated data. */
    secret: text('secret').notNull(),
    /** When an OAuth access token stops working (null for passwords and refresh tokens). */
    expiresAt: at('expires_at'),
    state: text('state', { enum: ['valid', 'invalid', 'untested'] }).notNull().default('untested'),
    error: text('error'),
    verifiedAt: at('verified_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('user_credentials_mailbox_kind_idx').on(t.userEmailId, t.kind), index('user_credentials_account_idx').on(t.accountId)],
);

export type UserEmailRow = typeof userEmails.$inferSelect;
export type UserCredentialRow = typeof userCredentials.$inferSelect;

/**
 * The last DNS check of each sending domain of an account (GET domains): refreshed when older than an
 * hour or when asked, so the mailbox list can flag a failing domain without asking DNS each time.
 */
export const sendingDomains = pgTable(
  'sending_domains',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    domain: text('domain').notNull(),
    status: text('status', { enum: ['pass', 'fail'] }).notNull(),
    /** DnsCheck[] of @shared/schemas/user-emails. */
    checks: jsonb('checks').notNull(),
    checkedAt: at('checked_at').notNull(),
  },
  (t) => [uniqueIndex('sending_domains_account_domain_idx').on(t.accountId, t.domain)],
);

export type SendingDomainRow = typeof sendingDomains.$inferSelect;

/**
 * The suppression list (issue 11, /cabinet/blacklist): addresses and domains no agent may write to.
 * One row per account and address (stored lowercased) or domain (stored normalised: lowercase, no
 * leading "@" or "www.", no trailing dot). The reason says how it got here; the first reason wins.
 */
export const SUPPRESSION_REASONS = ['manual', 'unsubscribed', 'hard_bounce', 'stopped', 'replied'] as const;

export const blacklistedEmails = pgTable(
  'blacklisted_emails',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    email: text('email').notNull(),
    reason: text('reason', { enum: SUPPRESSION_REASONS }).notNull().default('manual'),
    /** Where it came from, for people: "Added by hand", "CSV file", "Unsubscribe link", the SMTP reply of a bounce. */
    details: text('details'),
    /** The campaign email that led to it (an unsubscribe link, a bounce), when known; campaign emails come with the engine. */
    campaignEmailId: integer('campaign_email_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('blacklisted_emails_account_email_unique').on(t.accountId, t.email),
    index('blacklisted_emails_account_created_idx').on(t.accountId, t.createdAt),
    check('blacklisted_emails_reason_check', sql`${t.reason} in ('manual', 'unsubscribed', 'hard_bounce', 'stopped', 'replied')`),
    check('blacklisted_emails_email_lower_check', sql`${t.email} = lower(${t.email})`),
  ],
);

export const blacklistedDomains = pgTable(
  'blacklisted_domains',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    domain: text('domain').notNull(),
    reason: text('reason', { enum: SUPPRESSION_REASONS }).notNull().default('manual'),
    details: text('details'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('blacklisted_domains_account_domain_unique').on(t.accountId, t.domain),
    index('blacklisted_domains_account_created_idx').on(t.accountId, t.createdAt),
    check('blacklisted_domains_reason_check', sql`${t.reason} in ('manual', 'unsubscribed', 'hard_bounce', 'stopped', 'replied')`),
    check('blacklisted_domains_domain_lower_check', sql`${t.domain} = lower(${t.domain})`),
  ],
);

export type BlacklistedEmailRow = typeof blacklistedEmails.$inferSelect;
export type BlacklistedDomainRow = typeof blacklistedDomains.$inferSelect;

/**
 * The outreach engine (issue 11): virtual employees (the identity the agent writes as), campaigns,
 * their sequence steps, enrolments and the outbox of campaign emails. modules/virtual-employees and
 * modules/campaigns; the sending engine (modules/sending) takes due rows from campaign_emails.
 */
export const virtualEmployees = pgTable(
  'virtual_employees',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    name: text('name').notNull(),
    title: text('title'),
    photoUrl: text('photo_url'),
    /** Rich text, sanitised on write; appended to what this employee writes (else the messaging setting's). */
    signature: text('signature').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('virtual_employees_account_idx').on(t.accountId)],
);

/** The mailboxes a virtual employee sends from (rotation spreads first messages over them). */
export const virtualEmployeeMailboxes = pgTable(
  'virtual_employee_mailboxes',
  {
    accountId: accountIdColumn(),
    virtualEmployeeId: integer('virtual_employee_id')
      .notNull()
      .references(() => virtualEmployees.id, { onDelete: 'cascade' }),
    userEmailId: integer('user_email_id')
      .notNull()
      .references(() => userEmails.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.virtualEmployeeId, t.userEmailId] }), index('virtual_employee_mailboxes_account_idx').on(t.accountId)],
);

/** The personas a virtual employee works. */
export const virtualEmployeePersonas = pgTable(
  'virtual_employee_personas',
  {
    accountId: accountIdColumn(),
    virtualEmployeeId: integer('virtual_employee_id')
      .notNull()
      .references(() => virtualEmployees.id, { onDelete: 'cascade' }),
    personaId: integer('persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.virtualEmployeeId, t.personaId] }), index('virtual_employee_personas_account_idx').on(t.accountId)],
);

/** add_to_wishlist: a kind of virtual employee the user wants but cannot have yet. */
export const virtualEmployeeWishes = pgTable(
  'virtual_employee_wishes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('virtual_employee_wishes_account_idx').on(t.accountId)],
);

export const CAMPAIGN_STATUSES = ['draft', 'running', 'paused', 'archived', 'finished'] as const;
export const CAMPAIGN_MODES = ['review', 'autonomous'] as const;
export const STEP_CHANNELS = ['email', 'linkedin', 'call'] as const;
/** What a step does: an email, one of the LinkedIn steps the user performs, or a call (packages/shared/src/schemas/campaigns.ts STEP_KINDS). */
export const STEP_KINDS = ['email', 'view_profile', 'connection_request', 'message', 'follow_up', 'call'] as const;

export const campaigns = pgTable(
  'campaigns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    name: text('name').notNull(),
    personaId: integer('persona_id')
      .notNull()
      .references(() => personas.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: CAMPAIGN_MODES }).notNull(),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('draft'),
    /** The user allows its prospects to be in another active campaign too. */
    allowOverlap: boolean('allow_overlap').notNull().default(false),
    /** A person's reply also stops this campaign's other prospects at the same company domain (not free-mail domains). */
    stopCompanyOnReply: boolean('stop_company_on_reply').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: at('started_at'),
    pausedAt: at('paused_at'),
    archivedAt: at('archived_at'),
    finishedAt: at('finished_at'),
    /** Set when its bounce rate crossed above the threshold (bounce_rate_high fired), cleared when it is back under: one event per crossing. */
    bounceRateHighAt: at('bounce_rate_high_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('campaigns_account_idx').on(t.accountId, t.createdAt),
    index('campaigns_account_persona_idx').on(t.accountId, t.personaId),
    check('campaigns_mode_check', sql`${t.mode} in ('review', 'autonomous')`),
    check('campaigns_status_check', sql`${t.status} in ('draft', 'running', 'paused', 'archived', 'finished')`),
  ],
);

export const campaignVirtualEmployees = pgTable(
  'campaign_virtual_employees',
  {
    accountId: accountIdColumn(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    virtualEmployeeId: integer('virtual_employee_id')
      .notNull()
      .references(() => virtualEmployees.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.virtualEmployeeId] }), index('campaign_virtual_employees_account_idx').on(t.accountId)],
);

/** The sequence: step 1 is the first message, the rest follow-ups `delay_days` after the step before. */
export const campaignSteps = pgTable(
  'campaign_steps',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    channel: text('channel', { enum: STEP_CHANNELS }).notNull().default('email'),
    kind: text('kind', { enum: STEP_KINDS }).notNull().default('email'),
    delayDays: smallint('delay_days').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('campaign_steps_campaign_position_unique').on(t.campaignId, t.position),
    index('campaign_steps_account_idx').on(t.accountId),
    check('campaign_steps_channel_check', sql`${t.channel} in ('email', 'linkedin', 'call')`),
    check(
      'campaign_steps_kind_check',
      sql`(${t.channel} = 'email' and ${t.kind} = 'email') or (${t.channel} = 'linkedin' and ${t.kind} in ('view_profile', 'connection_request', 'message', 'follow_up')) or (${t.channel} = 'call' and ${t.kind} = 'call')`,
    ),
  ],
);

export const ENROLMENT_STATUSES = ['active', 'stopped', 'finished'] as const;

/**
 * A prospect in a campaign. `exclusive` (not allow_overlap) makes the partial unique index hold "a
 * prospect is in at most one active campaign of the account", also under concurrent enrolment.
 */
export const campaignEnrolments = pgTable(
  'campaign_enrolments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    prospectId: integer('prospect_id')
      .notNull()
      .references(() => prospects.id, { onDelete: 'cascade' }),
    /** The address written to, lowercased when enrolled. */
    email: text('email').notNull(),
    virtualEmployeeId: integer('virtual_employee_id').references(() => virtualEmployees.id, { onDelete: 'set null' }),
    /** The mailbox of step 1; every follow-up leaves from it. */
    userEmailId: integer('user_email_id').references(() => userEmails.id, { onDelete: 'set null' }),
    status: text('status', { enum: ENROLMENT_STATUSES }).notNull().default('active'),
    exclusive: boolean('exclusive').notNull().default(true),
    stopReason: text('stop_reason'),
    stoppedAt: at('stopped_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('campaign_enrolments_campaign_prospect_unique').on(t.campaignId, t.prospectId),
    uniqueIndex('campaign_enrolments_one_active_unique').on(t.accountId, t.prospectId).where(sql`${t.status} = 'active' and ${t.exclusive}`),
    index('campaign_enrolments_account_email_idx').on(t.accountId, t.email),
    index('campaign_enrolments_account_campaign_idx').on(t.accountId, t.campaignId),
    check('campaign_enrolments_status_check', sql`${t.status} in ('active', 'stopped', 'finished')`),
  ],
);

export const CAMPAIGN_EMAIL_STATUSES = ['draft', 'scheduled', 'queued', 'sending', 'sent', 'failed', 'uncertain', 'skipped', 'cancelled'] as const;

/**
 * The outbox: one row per (enrolment, step), the unique key that makes a second composition (or a
 * retry) a no-op. The Message-ID is generated when the row is created, before any SMTP transaction;
 * a follow-up carries In-Reply-To / References of the earlier steps and leaves from step 1's mailbox.
 */
export const campaignEmails = pgTable(
  'campaign_emails',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    enrolmentId: integer('enrolment_id')
      .notNull()
      .references(() => campaignEnrolments.id, { onDelete: 'cascade' }),
    stepId: integer('step_id').references(() => campaignSteps.id, { onDelete: 'set null' }),
    stepPosition: smallint('step_position').notNull(),
    /** Days after the step before is sent (0 for step 1). */
    delayDays: smallint('delay_days').notNull().default(0),
    prospectId: integer('prospect_id').references(() => prospects.id, { onDelete: 'set null' }),
    virtualEmployeeId: integer('virtual_employee_id').references(() => virtualEmployees.id, { onDelete: 'set null' }),
    userEmailId: integer('user_email_id').references(() => userEmails.id, { onDelete: 'set null' }),
    toEmail: text('to_email').notNull(),
    subject: text('subject').notNull(),
    /** Sanitised rich text; body_text is its plain-text part. */
    bodyHtml: text('body_html').notNull(),
    bodyText: text('body_text').notNull(),
    /** "<…@mailbox-domain>", with the angle brackets. */
    messageId: text('message_id').notNull(),
    inReplyTo: text('in_reply_to'),
    /** Space-separated Message-IDs of the earlier steps, oldest first. */
    references: text('references'),
    status: text('status', { enum: CAMPAIGN_EMAIL_STATUSES }).notNull(),
    statusReason: text('status_reason'),
    /** Not before this time (step 1: when composed; a follow-up: set when the step before is sent). */
    dueAt: at('due_at'),
    approvedAt: at('approved_at'),
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: at('sent_at'),
    provider: text('provider'),
    /** SMTP attempts so far (a 4xx or a broken connection before hand-over counts one). */
    attempts: smallint('attempts').notNull().default(0),
    /** When the last attempt claimed the row (scheduled → sending): a row left in sending long after is resolved by the Sent folder. */
    attemptedAt: at('attempted_at'),
    /** Not before this time (a retry's backoff, a mailbox's connection trouble); null: whenever due. */
    sendAfter: at('send_after'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('campaign_emails_enrolment_step_unique').on(t.enrolmentId, t.stepPosition),
    uniqueIndex('campaign_emails_message_id_unique').on(t.messageId),
    index('campaign_emails_account_status_idx').on(t.accountId, t.status, t.dueAt),
    index('campaign_emails_account_campaign_idx').on(t.accountId, t.campaignId, t.stepPosition),
    check(
      'campaign_emails_status_check',
      sql`${t.status} in ('draft', 'scheduled', 'queued', 'sending', 'sent', 'failed', 'uncertain', 'skipped', 'cancelled')`,
    ),
  ],
);

export const OUTREACH_TASK_STATUSES = ['pending', 'due', 'waiting', 'done', 'skipped', 'cancelled'] as const;

/**
 * A LinkedIn or call step of one enrolment, which the user performs (issue 14: the product never acts on
 * LinkedIn by itself). One row per (enrolment, step), written with its prepared text when the enrolment is
 * composed (pending), due when the sequence reaches it, waiting when a limit moved it to a later day,
 * then done, skipped or cancelled (the enrolment stopped). done_at also marks a skip: the next step
 * counts its delay from it. modules/campaigns writes and reaches them; modules/outreach-tasks serves them.
 */
export const outreachTasks = pgTable(
  'outreach_tasks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    enrolmentId: integer('enrolment_id')
      .notNull()
      .references(() => campaignEnrolments.id, { onDelete: 'cascade' }),
    stepId: integer('step_id').references(() => campaignSteps.id, { onDelete: 'set null' }),
    stepPosition: smallint('step_position').notNull(),
    delayDays: smallint('delay_days').notNull().default(0),
    prospectId: integer('prospect_id').references(() => prospects.id, { onDelete: 'set null' }),
    virtualEmployeeId: integer('virtual_employee_id').references(() => virtualEmployees.id, { onDelete: 'set null' }),
    channel: text('channel', { enum: ['linkedin', 'call'] }).notNull(),
    kind: text('kind', { enum: STEP_KINDS }).notNull(),
    status: text('status', { enum: OUTREACH_TASK_STATUSES }).notNull().default('pending'),
    /** Not before this time (set when the sequence reaches the step; moved by working hours and limits). */
    dueAt: at('due_at'),
    /** Why a waiting task waits (the limit, in the user's words). */
    waitReason: text('wait_reason'),
    /** The connection note (≤ 300 characters), the message or the call script; empty for a profile view. */
    preparedText: text('prepared_text').notNull().default(''),
    /** A call's outcome (connected, voicemail, no_answer, wrong_number), or replied for a logged LinkedIn reply. */
    outcome: text('outcome'),
    /** What the user noted (a call note, the LinkedIn reply's text). */
    note: text('note'),
    doneAt: at('done_at'),
    doneBy: integer('done_by').references(() => users.id, { onDelete: 'set null' }),
    /** The user's LinkedIn account that sent a connection request (the weekly invitation limit counts per LinkedIn account). */
    linkedinAccountId: integer('linkedin_account_id').references(() => linkedinAccounts.id, { onDelete: 'set null' }),
    provider: text('provider'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('outreach_tasks_enrolment_step_unique').on(t.enrolmentId, t.stepPosition),
    index('outreach_tasks_account_status_due_idx').on(t.accountId, t.status, t.dueAt),
    index('outreach_tasks_account_done_idx').on(t.accountId, t.channel, t.doneAt),
    index('outreach_tasks_account_prospect_idx').on(t.accountId, t.prospectId),
    check('outreach_tasks_channel_check', sql`${t.channel} in ('linkedin', 'call')`),
    check('outreach_tasks_status_check', sql`${t.status} in ('pending', 'due', 'waiting', 'done', 'skipped', 'cancelled')`),
  ],
);

export type OutreachTaskRow = typeof outreachTasks.$inferSelect;

/**
 * A call the agent placed through the phone provider (Twilio) for a call task (issue 14): one row per task
 * at most, inserted before the provider is asked (the claim: a task is dialled once, whatever crashes), then
 * the provider's call sid, each status callback (the timeline), the answering-machine result, the duration
 * and the outcome. A row left in `placing` by a process that died is `uncertain` and never dialled again.
 */
export const phoneCalls = pgTable(
  'phone_calls',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    outreachTaskId: integer('outreach_task_id')
      .notNull()
      .references(() => outreachTasks.id, { onDelete: 'cascade' }),
    prospectId: integer('prospect_id').references(() => prospects.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    providerCallId: text('provider_call_id'),
    toNumber: text('to_number').notNull(),
    /** placing (claimed, provider asked), queued, initiated, ringing, in-progress, then completed, busy, no-answer, failed, canceled; uncertain: a crash while placing. */
    status: text('status').notNull().default('placing'),
    /** Twilio's AnsweredBy (human, machine_end_beep, …, unknown, fax). */
    answeredBy: text('answered_by'),
    durationSeconds: integer('duration_seconds'),
    /** The call task's outcome it ended with (connected, voicemail, no_answer, wrong_number). */
    outcome: text('outcome'),
    error: text('error'),
    /** Each status callback as it came: [{ status, at }]. */
    timeline: jsonb('timeline').$type<Array<{ status: string; at: string }>>().notNull().default([]),
    /** The status callback URL given to the provider: its signature is checked against exactly this. */
    callbackUrl: text('callback_url').notNull(),
    placedAt: at('placed_at'),
    answeredAt: at('answered_at'),
    endedAt: at('ended_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('phone_calls_task_unique').on(t.outreachTaskId),
    index('phone_calls_account_created_idx').on(t.accountId, t.createdAt),
    index('phone_calls_provider_call_idx').on(t.providerCallId),
  ],
);

export type PhoneCallRow = typeof phoneCalls.$inferSelect;

export type VirtualEmployeeRow = typeof virtualEmployees.$inferSelect;
export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignStepRow = typeof campaignSteps.$inferSelect;
export type CampaignEnrolmentRow = typeof campaignEnrolments.$inferSelect;
export type CampaignEmailRow = typeof campaignEmails.$inferSelect;

/**
 * Who runs an account's sending tick now (campaigns/send-job.ts): one process at a time, so the limits
 * hold across API processes (each tick counts the sends it makes). A lease, not a lock: a process that
 * dies holding it frees it when `expires_at` passes.
 */
export const sendTickLeases = pgTable('send_tick_leases', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  holder: uuid('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * Mail in (issue 12): a conversation with one prospect, per (account, enrolment) when it grew out of a
 * campaign email. Created when the first message that threads onto one of our emails arrives (a reply,
 * an auto-reply, a bounce); the campaign emails already sent to the prospect are copied in as outbound
 * messages then, and later ones as they show up in the Sent folder. Threading is by Message-ID,
 * In-Reply-To and References only (modules/inbox/ingest.ts).
 */
export const emailThreads = pgTable(
  'email_threads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    prospectId: integer('prospect_id').references(() => prospects.id, { onDelete: 'set null' }),
    enrolmentId: integer('enrolment_id').references(() => campaignEnrolments.id, { onDelete: 'set null' }),
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    /** The mailbox the conversation runs through (answers leave from it). */
    userEmailId: integer('user_email_id').references(() => userEmails.id, { onDelete: 'set null' }),
    virtualEmployeeId: integer('virtual_employee_id').references(() => virtualEmployees.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    /** The address we wrote to, lowercased. */
    prospectEmail: text('prospect_email').notNull(),
    lastMessageAt: at('last_message_at').notNull(),
    /** The first human reply (null: none yet; the thread holds only our emails, auto-replies or bounces). */
    repliedAt: at('replied_at'),
    unread: boolean('unread').notNull().default(false),
    starred: boolean('starred').notNull().default(false),
    /** The reply classifier's status (its set is designed with the classifier); null until classified. */
    replyStatus: text('reply_status'),
    /** Who set reply_status: rules | ai (the classifier, at ingestion) or user (a correction, never overwritten by ingestion). */
    replyStatusSource: text('reply_status_source', { enum: ['rules', 'ai', 'user'] }),
    /** True once a human replied or the user stopped it: nothing more goes out in this sequence. */
    stopSending: boolean('stop_sending').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('email_threads_account_enrolment_unique').on(t.accountId, t.enrolmentId),
    index('email_threads_account_last_idx').on(t.accountId, t.lastMessageAt),
    index('email_threads_account_prospect_email_idx').on(t.accountId, t.prospectEmail),
    // The inbox list's common filters at 100k threads (see docs/decisions.md, "The inbox API"). The migration
    // (0018_inbox_status) adds INCLUDE columns drizzle cannot declare: each covers the other two filters, so the
    // list's count(*) of any mix of status, campaign and unread is an index-only scan.
    index('email_threads_account_status_last_idx').on(t.accountId, t.replyStatus, t.lastMessageAt),
    index('email_threads_account_campaign_last_idx').on(t.accountId, t.campaignId, t.lastMessageAt),
    index('email_threads_account_unread_last_idx').on(t.accountId, t.lastMessageAt).where(sql`${t.unread}`),
    check('email_threads_reply_status_source_check', sql`${t.replyStatusSource} is null or ${t.replyStatusSource} in ('rules', 'ai', 'user')`),
  ],
);

export const THREAD_MESSAGE_DIRECTIONS = ['inbound', 'outbound'] as const;
export const THREAD_MESSAGE_KINDS = ['human', 'auto_reply', 'bounce', 'own'] as const;

/**
 * One message of a thread: ours (a campaign email, or what the user answered from their mail client,
 * kind own, outbound) or the prospect's side (human, auto_reply, bounce; inbound). The unique key
 * (account, mailbox, Message-ID) makes a second ingestion of the same message (a resync after a
 * UIDVALIDITY change, the same message in two folders) a no-op.
 */
export const emailThreadMessages = pgTable(
  'email_thread_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    threadId: integer('thread_id')
      .notNull()
      .references(() => emailThreads.id, { onDelete: 'cascade' }),
    userEmailId: integer('user_email_id').references(() => userEmails.id, { onDelete: 'set null' }),
    /** The campaign email this is (outbound) or answers / bounced (inbound), when known. */
    campaignEmailId: integer('campaign_email_id').references(() => campaignEmails.id, { onDelete: 'set null' }),
    direction: text('direction', { enum: THREAD_MESSAGE_DIRECTIONS }).notNull(),
    kind: text('kind', { enum: THREAD_MESSAGE_KINDS }).notNull(),
    /** "<…>", with the angle brackets (a message without one gets a digest of its source). */
    messageId: text('message_id').notNull(),
    inReplyTo: text('in_reply_to'),
    /** Space-separated Message-IDs, oldest first. */
    references: text('references'),
    fromEmail: text('from_email').notNull(),
    fromName: text('from_name'),
    toEmails: text('to_emails').array().notNull().default(sql`'{}'::text[]`),
    ccEmails: text('cc_emails').array().notNull().default(sql`'{}'::text[]`),
    subject: text('subject').notNull().default(''),
    text: text('text').notNull().default(''),
    /** Sanitised (lib/sanitize-rich-text.ts, the email-body list); null for a plain-text message. */
    html: text('html'),
    sentAt: at('sent_at').notNull(),
    imapFolder: text('imap_folder'),
    imapUid: bigint('imap_uid', { mode: 'number' }),
    /** Inbound from an address other than the prospect's (a colleague answering in the thread). */
    fromColleague: boolean('from_colleague').notNull().default(false),
    /** A bounce: the DSN's Status (5.1.1), Action and Final-Recipient. An out-of-office: the return date found. */
    details: jsonb('details'),
    /** An inbound message's own classification (the thread's reply_status is the one that counts, see nextReplyStatus). */
    replyStatus: text('reply_status'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_thread_messages_account_mailbox_message_unique').on(t.accountId, t.userEmailId, t.messageId),
    index('email_thread_messages_account_thread_idx').on(t.accountId, t.threadId, t.sentAt),
    index('email_thread_messages_account_message_idx').on(t.accountId, t.messageId),
    check('email_thread_messages_direction_check', sql`${t.direction} in ('inbound', 'outbound')`),
    check('email_thread_messages_kind_check', sql`${t.kind} in ('human', 'auto_reply', 'bounce', 'own')`),
  ],
);

/**
 * The IMAP sync cursor of one folder of one mailbox (modules/inbox/imap-sync.ts): the UIDVALIDITY it
 * belongs to and the highest UID taken in. A changed UIDVALIDITY rescans the folder (the messages
 * dedupe by Message-ID). The lease columns make one sync per mailbox at a time across API processes.
 */
export const imapSyncStates = pgTable(
  'imap_sync_states',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    userEmailId: integer('user_email_id')
      .notNull()
      .references(() => userEmails.id, { onDelete: 'cascade' }),
    folder: text('folder').notNull(),
    uidValidity: bigint('uid_validity', { mode: 'number' }),
    lastUid: bigint('last_uid', { mode: 'number' }).notNull().default(0),
    lastSyncedAt: at('last_synced_at'),
    /** The last sync's failure, shown to the user (null: it worked). */
    error: text('error'),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('imap_sync_states_mailbox_folder_unique').on(t.userEmailId, t.folder), index('imap_sync_states_account_idx').on(t.accountId)],
);

/** Who syncs a mailbox now: one process at a time (a lease, freed when `expires_at` passes). */
export const imapSyncLeases = pgTable('imap_sync_leases', {
  userEmailId: integer('user_email_id')
    .primaryKey()
    .references(() => userEmails.id, { onDelete: 'cascade' }),
  accountId: accountIdColumn(),
  holder: uuid('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export type EmailThreadRow = typeof emailThreads.$inferSelect;
export type EmailThreadMessageRow = typeof emailThreadMessages.$inferSelect;
export type ImapSyncStateRow = typeof imapSyncStates.$inferSelect;

// ---------------------------------------------------------------- the pipeline (issue 13)

export const PIPELINE_STATUS_VALUES = ['new_reply', 'interested', 'meeting_booked', 'proposal', 'won', 'not_now', 'lost'] as const;
export const PIPELINE_MOVE_SOURCE_VALUES = ['board', 'reply', 'inbox', 'meeting', 'undo'] as const;
const pipelineStatusList = sql.raw(PIPELINE_STATUS_VALUES.map((s) => `'${s}'`).join(', '));

/**
 * A pipeline card: one opportunity per (account, prospect), opened when the prospect first answers as a
 * person (modules/inbox/ingest.ts) or when the user says a message was a person's answer (a reply status
 * corrected in the inbox). Its stage changes only through modules/pipeline/moves.ts, which writes a
 * pipeline_moves row (and a pipeline_moved activity) for every change.
 */
export const pipelineOpportunities = pgTable(
  'pipeline_opportunities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    prospectId: integer('prospect_id')
      .notNull()
      .references(() => prospects.id, { onDelete: 'cascade' }),
    /** The prospect's latest conversation (the card opens it). */
    threadId: integer('thread_id').references(() => emailThreads.id, { onDelete: 'set null' }),
    status: text('status', { enum: PIPELINE_STATUS_VALUES }).notNull(),
    /** The user put the card in this stage on the board: automatic moves respect it (automaticMove in @shared/schemas/pipeline). */
    setByHand: boolean('set_by_hand').notNull().default(false),
    /** When it entered its stage (the column's order: newest first). */
    enteredAt: at('entered_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('pipeline_opportunities_account_prospect_unique').on(t.accountId, t.prospectId),
    index('pipeline_opportunities_account_status_entered_idx').on(t.accountId, t.status, t.enteredAt),
    index('pipeline_opportunities_account_entered_idx').on(t.accountId, t.enteredAt),
    check('pipeline_opportunities_status_check', sql`${t.status} in (${pipelineStatusList})`),
  ],
);

/**
 * The history of a card: every move with who or what made it (a user, or the system's rules), from which
 * stage to which, why, and when. An undo is a move of its own (source undo) that marks the move it takes
 * back undone; from_set_by_hand lets it restore the card exactly as it was.
 */
export const pipelineMoves = pgTable(
  'pipeline_moves',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => pipelineOpportunities.id, { onDelete: 'cascade' }),
    /** null: this move opened the card. */
    fromStatus: text('from_status', { enum: PIPELINE_STATUS_VALUES }),
    toStatus: text('to_status', { enum: PIPELINE_STATUS_VALUES }).notNull(),
    /** The card as it was before: an undo restores its stage, whether it was set by hand, and when it entered it. */
    fromSetByHand: boolean('from_set_by_hand').notNull().default(false),
    fromEnteredAt: at('from_entered_at'),
    actorType: text('actor_type', { enum: ['user', 'system'] }).notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    source: text('source', { enum: PIPELINE_MOVE_SOURCE_VALUES }).notNull(),
    reason: text('reason'),
    /** The thread whose message caused it (reply, inbox). */
    threadId: integer('thread_id').references(() => emailThreads.id, { onDelete: 'set null' }),
    /** An undo: the move it took back. */
    undoesMoveId: integer('undoes_move_id'),
    undoneAt: at('undone_at'),
    movedAt: at('moved_at').notNull().defaultNow(),
  },
  (t) => [
    index('pipeline_moves_account_opportunity_idx').on(t.accountId, t.opportunityId, t.id),
    check('pipeline_moves_to_status_check', sql`${t.toStatus} in (${pipelineStatusList})`),
    check('pipeline_moves_from_status_check', sql`${t.fromStatus} is null or ${t.fromStatus} in (${pipelineStatusList})`),
    check('pipeline_moves_actor_type_check', sql`${t.actorType} in ('user', 'system')`),
    check('pipeline_moves_source_check', sql`${t.source} in ('board', 'reply', 'inbox', 'meeting', 'undo')`),
  ],
);

export type PipelineOpportunityRow = typeof pipelineOpportunities.$inferSelect;
export type PipelineMoveRow = typeof pipelineMoves.$inferSelect;
/**
 * The account's live events (modules/live): an outbox written in the transaction of the change it
 * describes. `seq` is null until commit: a deferred constraint trigger (migration 0020) takes the next
 * number from the account's counter row at commit, stamps `committed_at` and NOTIFYs `live_events`, so
 * numbers are dense per account and commit order is seq order. A rolled-back change leaves no event.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    seq: bigint('seq', { mode: 'number' }),
    name: text('name').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    committedAt: timestamp('committed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('live_events_account_seq_unique').on(t.accountId, t.seq), index('live_events_committed_at_idx').on(t.committedAt)],
);

/** The last live event number of each account (one row per account, locked by the commit that takes a number). */
export const liveEventCounters = pgTable('live_event_counters', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  seq: bigint('seq', { mode: 'number' }).notNull().default(0),
});

export type LiveEventRow = typeof liveEvents.$inferSelect;

// ---------------------------------------------------------------- brand awareness (modules/brand-awareness)

export const SOCIAL_NETWORKS = ['linkedin'] as const;
export const SOCIAL_PROFILE_STATUSES = ['connected', 'expired'] as const;

/**
 * A virtual employee's real member on a social network, connected by OAuth (LinkedIn: OpenID Connect plus
 * w_member_social). The tokens are sealed with AES-256-GCM (lib/secret-box.ts, bound to account, employee,
 * network and kind); unlinking revokes them at the network and deletes the row. `expired`: the network
 * refused the token (401), posting is paused until the member connects again.
 */
export const socialProfiles = pgTable(
  'social_profiles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    virtualEmployeeId: integer('virtual_employee_id')
      .notNull()
      .references(() => virtualEmployees.id, { onDelete: 'cascade' }),
    socialNetwork: text('social_network', { enum: SOCIAL_NETWORKS }).notNull(),
    /** The member's id at the network (OpenID Connect `sub`; the author URN is urn:li:person:<sub>). */
    memberId: text('member_id').notNull(),
    name: text('name'),
    email: text('email'),
    pictureUrl: text('picture_url'),
    accessToken: text('access_token').notNull(),
    refreshToken: text('refresh_token'),
    expiresAt: at('expires_at').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull().default([]),
    status: text('status', { enum: SOCIAL_PROFILE_STATUSES }).notNull().default('connected'),
    statusReason: text('status_reason'),
    connectedByUserId: integer('connected_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('social_profiles_employee_network_unique').on(t.virtualEmployeeId, t.socialNetwork), index('social_profiles_account_idx').on(t.accountId)],
);

export const SOCIAL_POST_APPROVALS = ['required', 'automatic'] as const;

/** What a virtual employee posts on a network, and when (update_social_posts_settings); defaults until saved. */
export const socialPostSettings = pgTable(
  'social_post_settings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    virtualEmployeeId: integer('virtual_employee_id')
      .notNull()
      .references(() => virtualEmployees.id, { onDelete: 'cascade' }),
    socialNetwork: text('social_network', { enum: SOCIAL_NETWORKS }).notNull(),
    enabled: boolean('enabled').notNull().default(false),
    topics: jsonb('topics').$type<string[]>().notNull().default([]),
    postsPerWeek: smallint('posts_per_week').notNull().default(2),
    /** ISO weekdays (1 = Monday … 7 = Sunday) the posts go out on. */
    days: jsonb('days').$type<number[]>().notNull().default([2, 4]),
    /** "HH:MM" in time_zone. */
    time: text('time').notNull().default('09:30'),
    timeZone: text('time_zone').notNull().default('UTC'),
    tone: text('tone').notNull().default('professional'),
    approval: text('approval', { enum: SOCIAL_POST_APPROVALS }).notNull().default('required'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('social_post_settings_employee_network_unique').on(t.virtualEmployeeId, t.socialNetwork), index('social_post_settings_account_idx').on(t.accountId)],
);

export const SOCIAL_POST_STATUSES = ['pending_approval', 'approved', 'publishing', 'published', 'failed', 'paused', 'skipped', 'missed'] as const;

/**
 * A planned or published post of a virtual employee (social_network_posts). The planner writes one per
 * slot (unique per employee, network and time); the publish job claims an approved, due row
 * (approved → publishing, one statement) so a post goes out at most once, whatever the retries.
 */
export const socialPosts = pgTable(
  'social_posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: accountIdColumn(),
    virtualEmployeeId: integer('virtual_employee_id')
      .notNull()
      .references(() => virtualEmployees.id, { onDelete: 'cascade' }),
    socialNetwork: text('social_network', { enum: SOCIAL_NETWORKS }).notNull(),
    topic: text('topic').notNull(),
    content: text('content').notNull(),
    imageUrl: text('image_url'),
    status: text('status', { enum: SOCIAL_POST_STATUSES }).notNull(),
    scheduledAt: at('scheduled_at').notNull(),
    /** Who wrote the text: the AI provider's name, or 'user' once edited. */
    writtenBy: text('written_by').notNull().default('composer'),
    approvedAt: at('approved_at'),
    approvedByUserId: integer('approved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: at('claimed_at'),
    publishedAt: at('published_at'),
    externalId: text('external_id'),
    externalUrl: text('external_url'),
    /** Why it failed, is paused, or waits for a retry (shown on the post). */
    error: text('error'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('social_posts_employee_slot_unique').on(t.virtualEmployeeId, t.socialNetwork, t.scheduledAt),
    index('social_posts_account_scheduled_idx').on(t.accountId, t.scheduledAt),
  ],
);

export type SocialProfileRow = typeof socialProfiles.$inferSelect;
export type SocialPostSettingsRow = typeof socialPostSettings.$inferSelect;
export type SocialPostRow = typeof socialPosts.$inferSelect;
