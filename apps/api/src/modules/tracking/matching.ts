import { sql, type SQL } from 'drizzle-orm';
import { LEGAL_SUFFIX_WORDS } from './networks';

/**
 * Which of the account's prospects belong to a visiting company: the same domain (their company's, or their email's),
 * the same company name once legal forms and punctuation are left out (networks.ts comparableName, whose SQL twin is
 * companyKeySql), or a visit of theirs through a personal link. One condition for the list, its filters and the signals.
 */
export function companyKeySql(column: SQL): SQL {
  return sql`btrim(regexp_replace(regexp_replace(regexp_replace(lower(coalesce(${column}, '')), '[^a-z0-9]+', ' ', 'g'), ${`\\m(${LEGAL_SUFFIX_WORDS.join('|')})\\M`}, ' ', 'g'), '\\s+', ' ', 'g'))`;
}

/** `p` is prospects, `v` website_visitors (aliases in the caller's SQL). */
export const PROSPECT_OF_VISITOR = sql`(
  (v.domain is not null and (p.company_domain = v.domain or split_part(lower(p.email), '@', 2) = v.domain))
  or (v.company_key is not null and v.company_key <> '' and ${companyKeySql(sql`p.company`)} = v.company_key)
  or exists (select 1 from website_visits wv where wv.account_id = v.account_id and wv.visitor_id = v.id and wv.prospect_id = p.id)
)`;
