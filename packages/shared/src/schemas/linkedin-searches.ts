import { z } from 'zod';
import { dbId, dbIdParam, int32, text } from './primitives';
import { profileUrlSchema } from './linkedin';

/**
 * LinkedIn saved searches (spec §7 `POST linkedin_searches`, issue 14): a LinkedIn people search or a
 * Sales Navigator lead search saved for a persona. When the user opens it, the extension reads the
 * result cards on screen (never clicks) and adds them to the persona. List and delete: docs/decisions.md
 * ("LinkedIn saved searches").
 */

export const LINKEDIN_SEARCH_KINDS = ['classic', 'sales_navigator'] as const;
export type LinkedInSearchKind = (typeof LINKEDIN_SEARCH_KINDS)[number];

/** Parameters that change while the user pages or that only track the visit: not part of the search itself. */
const VOLATILE_PARAMS = new Set(['page', 'sid', 'origin', 'trk', 'trackingid', 'lipi', '_ntb', 'sessionid', 'viewallfilters', 'rsltpageno', 'spellcorrectionenabled']);

const CLASSIC_PATH = /^\/search\/results\/people\/?$/i;
const SALES_NAV_PATH = /^\/sales\/search\/people\/?$/i;

export type LinkedInSearchUrl = {
  kind: LinkedInSearchKind;
  /** https://www.linkedin.com/<path>?<the search's own parameters, sorted> — the stored address. */
  url: string;
  /** The same without the scheme and host: two URLs of one search (any page, any visit) share it. */
  key: string;
};

/**
 * Reads a LinkedIn people search (linkedin.com/search/results/people/…) or a Sales Navigator lead search
 * (linkedin.com/sales/search/people…) address, or null for anything else.
 */
export function parseLinkedInSearchUrl(input: string): LinkedInSearchUrl | null {
  let parsed: URL;
  try {
    parsed = new URL(input.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  if (!/^(www\.)?linkedin\.com$/i.test(parsed.hostname)) return null;
  const kind: LinkedInSearchKind | null = CLASSIC_PATH.test(parsed.pathname) ? 'classic' : SALES_NAV_PATH.test(parsed.pathname) ? 'sales_navigator' : null;
  if (!kind) return null;
  const path = kind === 'classic' ? '/search/results/people/' : '/sales/search/people';
  const params = [...parsed.searchParams.entries()]
    .filter(([name, value]) => !VOLATILE_PARAMS.has(name.toLowerCase()) && value !== '')
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1));
  const query = new URLSearchParams(params).toString();
  const key = query ? `${path}?${query}` : path;
  return { kind, key, url: `https://www.linkedin.com${key}` };
}

/** The 1-based results page an address shows (its `page` parameter; the first page has none). */
export function linkedInSearchPage(input: string): number {
  try {
    const n = Number(new URL(input).searchParams.get('page') ?? '1');
    return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
  } catch {
    return 1;
  }
}

export const SEARCH_URL_MESSAGE =
  'Search URL must be a LinkedIn people search (linkedin.com/search/results/people/…) or a Sales Navigator lead search (linkedin.com/sales/search/people…)';

export const linkedInSearchUrlSchema = text()
  .trim()
  .min(1, { error: 'Search URL is required' })
  .max(4000, { error: 'Search URL is too long (at most 4000 characters)' })
  .transform((v, ctx) => {
    const parsed = parseLinkedInSearchUrl(v);
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: SEARCH_URL_MESSAGE });
      return z.NEVER;
    }
    return parsed.url;
  });

export const createLinkedInSearchBodySchema = z.strictObject({
  person_id: dbId('Persona'),
  url: linkedInSearchUrlSchema,
  /** Defaults to the search's keywords, else "LinkedIn search" / "Sales Navigator search". */
  name: text().trim().max(200, { error: 'Name is too long (at most 200 characters)' }).optional(),
});
export type CreateLinkedInSearchBody = z.input<typeof createLinkedInSearchBodySchema>;

export const linkedInSearchListQuerySchema = z.object({
  person_id: dbIdParam('Persona').optional(),
});

export const linkedInSearchSchema = z.object({
  id: int32(),
  person_id: int32(),
  person_name: text(),
  name: text(),
  url: text(),
  kind: z.enum(LINKEDIN_SEARCH_KINDS),
  /** Prospects this search put into the persona so far. */
  added_count: int32(),
  /** The last results page the extension read, and when. */
  last_page: int32().nullable(),
  last_captured_at: text().nullable(),
  created_at: text(),
});
export type LinkedInSearch = z.infer<typeof linkedInSearchSchema>;

/** One result card as the extension read it. */
export const linkedInSearchCardSchema = z.strictObject({
  profile_url: profileUrlSchema,
  full_name: text().trim().min(1).max(300),
  headline: text().trim().max(500).nullable(),
  location: text().trim().max(300).nullable(),
});
export type LinkedInSearchCard = z.input<typeof linkedInSearchCardSchema>;

export const MAX_SEARCH_CARDS_PER_CALL = 100;

export const linkedInSearchResultsBodySchema = z.strictObject({
  page: int32().min(1).max(10_000).nullable().optional(),
  results: z
    .array(linkedInSearchCardSchema)
    .min(1, { error: 'Results must not be empty' })
    .max(MAX_SEARCH_CARDS_PER_CALL, { error: `At most ${MAX_SEARCH_CARDS_PER_CALL} results at a time` }),
});
export type LinkedInSearchResultsBody = z.input<typeof linkedInSearchResultsBodySchema>;

export const SEARCH_CARD_OUTCOMES = ['added', 'already_there'] as const;
export type SearchCardOutcome = (typeof SEARCH_CARD_OUTCOMES)[number];

export const linkedInSearchResultsResponseSchema = z.object({
  data: z.object({
    /** Put into the persona by this call (new prospects, or the account's prospects not yet in it). */
    added: int32(),
    /** Already in the persona: nothing changed but the fields the card showed. */
    already_there: int32(),
    outcomes: z.array(z.object({ profile_url: text(), outcome: z.enum(SEARCH_CARD_OUTCOMES) })),
    search: linkedInSearchSchema,
  }),
});
export type LinkedInSearchResults = z.infer<typeof linkedInSearchResultsResponseSchema>['data'];
