import { sql } from 'drizzle-orm';
import { bigint, check, customType, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { at, createdAt, updatedAt } from './common';
import { personas } from './personas';

/** A tsvector column (keyword search); read back as text, never written by the app (generated). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The text a keyword filter searches: 'simple' configuration (no stemming, case-folded). */
const PROSPECT_SEARCH_DOCUMENT = sql.raw(
  `to_tsvector('simple'::regconfig, coalesce(title, '') || ' ' || coalesce(headline, '') || ' ' || coalesce(keywords, '') || ' ' || coalesce(company, '') || ' ' || coalesce(industry, '') || ' ' || coalesce(department, '') || ' ' || coalesce(about, ''))`,
);

export const PROSPECT_SOURCE_VALUES = ['extension', 'import', 'manual', 'search', 'api'] as const;

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
    /**
     * When the prospect first answered as a person (an email reply, a LinkedIn reply, a connected call, or a
     * status the user set to a person's): from then on no campaign enrols them automatically (issue 25,
     * modules/prospects/conversation.ts); the user may still enrol them on purpose.
     */
    inConversationSince: at('in_conversation_since'),
    searchDocument: tsvector('search_document').generatedAlwaysAs(PROSPECT_SEARCH_DOCUMENT),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('prospects_account_linkedin_url_unique').on(t.accountId, t.linkedinUrl).where(sql`${t.linkedinUrl} is not null`),
    uniqueIndex('prospects_account_email_unique').on(t.accountId, sql`lower(${t.email})`).where(sql`${t.email} is not null`),
    check('prospects_source_check', sql`${t.source} in ('extension', 'import', 'manual', 'search', 'api')`),
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

export type ProspectRow = typeof prospects.$inferSelect;
