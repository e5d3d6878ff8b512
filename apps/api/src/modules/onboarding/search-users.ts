import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { SEARCH_USERS_LIMIT, type SearchedUser } from '@shared/schemas/onboarding';
import { linkedinAccounts, prospects } from '../../db/schema';
import type { AuthContext, Deps } from '../../lib/route';

/** `%`, `_` and `\` typed by the user match themselves, not any text. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * search_users: the user looks for their own profile among what the account already knows — the
 * LinkedIn accounts connected in it (first: most likely their own) and its prospects (captured by the
 * extension, imported or found through the prospect source) — by name, headline, title or URL.
 * No query: no results (200 with an empty list).
 */
export async function searchUsers(deps: Deps, auth: AuthContext, query: string): Promise<SearchedUser[]> {
  const q = query.trim();
  if (!q) return [];
  const pattern = likePattern(q);
  const accountId = auth.account.id;
  const own = await deps.db
    .select({ name: linkedinAccounts.fullName, photo: linkedinAccounts.photoUrl, title: linkedinAccounts.headline, profileUrl: linkedinAccounts.profileUrl })
    .from(linkedinAccounts)
    .where(
      and(
        eq(linkedinAccounts.accountId, accountId),
        or(ilike(linkedinAccounts.fullName, pattern), ilike(linkedinAccounts.headline, pattern), ilike(linkedinAccounts.profileUrl, pattern)),
      ),
    )
    .orderBy(desc(linkedinAccounts.id))
    .limit(SEARCH_USERS_LIMIT);
  const found = await deps.db
    .select({
      name: sql<string | null>`coalesce(${prospects.fullName}, nullif(trim(concat_ws(' ', ${prospects.firstName}, ${prospects.lastName})), ''))`,
      photo: prospects.photoUrl,
      title: sql<string | null>`coalesce(${prospects.title}, ${prospects.headline})`,
      profileUrl: prospects.linkedinUrl,
    })
    .from(prospects)
    .where(
      and(
        eq(prospects.accountId, accountId),
        or(
          ilike(prospects.fullName, pattern),
          ilike(sql`concat_ws(' ', ${prospects.firstName}, ${prospects.lastName})`, pattern),
          ilike(prospects.headline, pattern),
          ilike(prospects.title, pattern),
          ilike(prospects.linkedinUrl, pattern),
        ),
      ),
    )
    // Names starting with the query first, then the most recently updated.
    .orderBy(sql`(${prospects.fullName} ilike ${`${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}) desc`, desc(prospects.updatedAt), desc(prospects.id))
    .limit(SEARCH_USERS_LIMIT);

  const out: SearchedUser[] = [];
  const seen = new Set<string>();
  for (const [source, rows] of [
    ['linkedin_account', own],
    ['prospect', found],
  ] as const) {
    for (const r of rows) {
      const key = r.profileUrl?.toLowerCase() ?? `${source}:${r.name}`;
      if (seen.has(key) || out.length >= SEARCH_USERS_LIMIT) continue;
      seen.add(key);
      out.push({ name: r.name?.trim() || r.profileUrl || 'Unnamed profile', photo: r.photo, title: r.title, profile_url: r.profileUrl, source });
    }
  }
  return out;
}
