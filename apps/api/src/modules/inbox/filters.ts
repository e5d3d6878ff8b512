import { eq, gte, inArray, isNull, lt, notInArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { EmailThreadFiltersParsed, THREAD_CHANNELS, THREAD_MESSAGE_SOURCES } from '@shared/schemas/email-threads';
import { POSITIVE_REPLY_STATUSES } from '@shared/schemas/inbox';
import { personaProspects, personas, prospects } from '../../db/schema';

/**
 * Spec §3's thread and interaction filters, once, for every list that takes them: the inbox's threads
 * (service.ts threadConditions) and the interactions (modules/interactions). Each list says where its
 * columns are (`FilterTarget`); where a filter means something of its own on a list (the channel, the
 * source of our messages, a landing page) the list gives that condition. Every subquery binds the
 * account (the tenancy guard checks each statement).
 */

const POSITIVE = POSITIVE_REPLY_STATUSES as readonly string[];

export const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** A bare date (YYYY-MM-DD) is that day in UTC; a date and time is taken as written. */
export const dateOf = (s: string) => new Date(s.length === 10 ? `${s}T00:00:00Z` : s);

export type FilterTarget = {
  prospectId: SQLWrapper;
  campaignId: SQLWrapper;
  replyStatus: SQLWrapper;
  unread: SQLWrapper;
  starred: SQLWrapper;
  /** "Needs your review" (the inbox's threads); a list without it finds nothing when asked for threads needing review. */
  needsReview?: SQLWrapper;
  virtualEmployeeId: SQLWrapper;
  /** What by_date bounds (a thread's last message, an interaction's time). */
  time: SQLWrapper;
  /** What by_search_query reads besides the prospect's name and company (an address, a subject). */
  searchText: SQLWrapper[];
  channels: (channels: ReadonlyArray<(typeof THREAD_CHANNELS)[number]>) => SQL;
  messageSource: (sources: ReadonlyArray<(typeof THREAD_MESSAGE_SOURCES)[number]>) => SQL;
  landingPage: (like: string) => SQL;
};

export function filterConditions(accountId: number, f: EmailThreadFiltersParsed, on: FilterTarget): SQL[] {
  const c: SQL[] = [];
  // Semi-joins on the account's prospects (one scan each), not a probe per row.
  const prospectWhere = (cond: SQL) => sql`${on.prospectId} in (select p.id from ${prospects} p where p.account_id = ${accountId} and ${cond})`;
  const personaWhere = (cond: SQL) =>
    sql`${on.prospectId} in (select pp.prospect_id from ${personaProspects} pp join ${personas} pe on pe.id = pp.persona_id and pe.account_id = ${accountId} where pp.account_id = ${accountId} and ${cond})`;
  if (f.by_source?.length) c.push(prospectWhere(sql`p.source in (${sql.join(f.by_source.map((s) => sql`${s}`), sql`, `)})`));
  if (f.by_persons?.length) c.push(personaWhere(sql`pp.persona_id in (${sql.join(f.by_persons.map((id) => sql`${id}`), sql`, `)})`));
  if (f.by_persons_names?.length) c.push(personaWhere(sql`lower(pe.name) in (${sql.join(f.by_persons_names.map((n) => sql`${n.toLowerCase()}`), sql`, `)})`));
  if (f.by_channels?.length) c.push(on.channels(f.by_channels));
  if (f.by_campaign?.length) c.push(inArray(on.campaignId, f.by_campaign));
  if (f.by_reply_status) c.push(eq(on.replyStatus, f.by_reply_status));
  if (f.by_reply_statuses?.length) c.push(inArray(on.replyStatus, f.by_reply_statuses));
  if (f.by_virtual_employee?.length) c.push(inArray(on.virtualEmployeeId, f.by_virtual_employee));
  if (f.by_date?.from) c.push(gte(on.time, dateOf(f.by_date.from)));
  if (f.by_date?.to) {
    const to = dateOf(f.by_date.to);
    // A bare date includes its whole day.
    c.push(f.by_date.to.length === 10 ? lt(on.time, new Date(to.getTime() + 86_400_000)) : sql`${on.time} <= ${to.toISOString()}::timestamptz`);
  }
  if (f.by_interested !== undefined) {
    c.push(f.by_interested ? inArray(on.replyStatus, [...POSITIVE]) : or(isNull(on.replyStatus), notInArray(on.replyStatus, [...POSITIVE]))!);
  }
  if (f.by_unread !== undefined) c.push(eq(on.unread, f.by_unread));
  if (f.by_starred !== undefined) c.push(eq(on.starred, f.by_starred));
  if (f.by_needs_review !== undefined) c.push(on.needsReview ? eq(on.needsReview, f.by_needs_review) : f.by_needs_review ? sql`false` : sql`true`);
  if (f.by_prospect_name) c.push(prospectWhere(sql`p.full_name ilike ${likePattern(f.by_prospect_name)}`));
  if (f.by_search_query) {
    const like = likePattern(f.by_search_query);
    const own = on.searchText.map((col) => sql`${col} ilike ${like}`);
    c.push(sql`(${sql.join([...own, prospectWhere(sql`(p.full_name ilike ${like} or p.company ilike ${like} or p.email ilike ${like})`)], sql` or `)})`);
  }
  if (f.by_landing_page) c.push(on.landingPage(likePattern(f.by_landing_page)));
  if (f.by_message_source?.length) c.push(on.messageSource(f.by_message_source));
  return c;
}
