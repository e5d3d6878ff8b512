import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  normaliseBlacklistDomain,
  normaliseBlacklistEmail,
  SUPPRESSION_REASON_LABELS,
  type BlacklistedDomain,
  type BlacklistedDomainList,
  type BlacklistedEmail,
  type BlacklistedEmailList,
  type BlacklistItemError,
  type blacklistListQuerySchema,
  type CreateBlacklistedDomainsResult,
  type CreateBlacklistedEmailsResult,
  type removeEmailQuerySchema,
} from '@shared/schemas/blacklist';
import { blacklistedDomains, blacklistedEmails, prospects, type BlacklistedDomainRow, type BlacklistedEmailRow } from '../../db/schema';
import { toCsv } from '../../lib/csv';
import { notFound } from '../../lib/http-error';
import type { AuthContext, Deps } from '../../lib/route';
import { stopEnrolments } from './suppression';

export const MESSAGES = {
  emailNotFound: 'This email is not on the blacklist',
  domainNotFound: 'This domain is not on the blacklist',
  invalidEmail: 'Not a valid email address',
  invalidDomain: 'Not a valid domain (like example.com)',
} as const;

/** What the page shows as the source of an entry added by hand. */
export const MANUAL_DETAILS = 'Added by hand';

type ListQuery = z.output<typeof blacklistListQuerySchema>;

export const toEmailJson = (row: BlacklistedEmailRow): BlacklistedEmail => ({
  id: row.id,
  email: row.email,
  reason: row.reason,
  details: row.details,
  campaign_email_id: row.campaignEmailId,
  created_at: row.createdAt.toISOString(),
});

export const toDomainJson = (row: BlacklistedDomainRow): BlacklistedDomain => ({
  id: row.id,
  domain: row.domain,
  reason: row.reason,
  details: row.details,
  created_at: row.createdAt.toISOString(),
});

/** LIKE pattern for "contains", with the wildcards in the user's text taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listEmails({ db }: Deps, auth: AuthContext, q: ListQuery): Promise<BlacklistedEmailList> {
  const where = and(eq(blacklistedEmails.accountId, auth.account.id), q.search ? ilike(blacklistedEmails.email, containsPattern(q.search)) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(blacklistedEmails)
      .where(where)
      .orderBy(desc(blacklistedEmails.createdAt), desc(blacklistedEmails.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ n: count() }).from(blacklistedEmails).where(where),
  ]);
  return { data: rows.map(toEmailJson), meta: { page: q.page, per_page: q.per_page, total: total!.n } };
}

export async function listDomains({ db }: Deps, auth: AuthContext, q: ListQuery): Promise<BlacklistedDomainList> {
  const where = and(eq(blacklistedDomains.accountId, auth.account.id), q.search ? ilike(blacklistedDomains.domain, containsPattern(q.search)) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(blacklistedDomains)
      .where(where)
      .orderBy(desc(blacklistedDomains.createdAt), desc(blacklistedDomains.id))
      .limit(q.per_page)
      .offset((q.page - 1) * q.per_page),
    db.select({ n: count() }).from(blacklistedDomains).where(where),
  ]);
  return { data: rows.map(toDomainJson), meta: { page: q.page, per_page: q.per_page, total: total!.n } };
}

/** The valid, distinct values of a pasted list, with an error per invalid item and the repeats counted. */
function sortOut(values: string[], normalise: (raw: string) => string | null, invalid: string) {
  const valid = new Set<string>();
  const errors: BlacklistItemError[] = [];
  let repeats = 0;
  for (const raw of values) {
    if (raw.trim() === '') continue;
    const value = normalise(raw);
    if (!value) errors.push({ value: raw.slice(0, 200), error: invalid });
    else if (valid.has(value)) repeats++;
    else valid.add(value);
  }
  return { valid: [...valid], errors, repeats };
}

const INSERT_CHUNK = 1000;

/** create_blacklisted_emails: every valid address is added (reason manual); repeats and ones already listed are counted, not errors. */
export async function addEmails({ db }: Deps, auth: AuthContext, emails: string[], details = MANUAL_DETAILS): Promise<CreateBlacklistedEmailsResult> {
  const accountId = auth.account.id;
  const { valid, errors, repeats } = sortOut(emails, normaliseBlacklistEmail, MESSAGES.invalidEmail);
  const added = await db.transaction(async (tx) => {
    const rows: BlacklistedEmailRow[] = [];
    for (let i = 0; i < valid.length; i += INSERT_CHUNK) {
      const chunk = valid.slice(i, i + INSERT_CHUNK);
      rows.push(
        ...(await tx
          .insert(blacklistedEmails)
          .values(chunk.map((email) => ({ accountId, email, reason: 'manual' as const, details })))
          .onConflictDoNothing({ target: [blacklistedEmails.accountId, blacklistedEmails.email] })
          .returning()),
      );
    }
    for (const row of rows) await stopEnrolments(tx, accountId, { kind: 'email', email: row.email }, 'manual');
    return rows;
  });
  return { added: added.map(toEmailJson), duplicates: repeats + valid.length - added.length, errors };
}

/** domains/create_blacklisted_domains: the same for domains (a pasted "@acme.com", "www.acme.com" or URL is its domain). */
export async function addDomains({ db }: Deps, auth: AuthContext, domains: string[], details = MANUAL_DETAILS): Promise<CreateBlacklistedDomainsResult> {
  const accountId = auth.account.id;
  const { valid, errors, repeats } = sortOut(domains, normaliseBlacklistDomain, MESSAGES.invalidDomain);
  const added = await db.transaction(async (tx) => {
    const rows: BlacklistedDomainRow[] = [];
    for (let i = 0; i < valid.length; i += INSERT_CHUNK) {
      const chunk = valid.slice(i, i + INSERT_CHUNK);
      rows.push(
        ...(await tx
          .insert(blacklistedDomains)
          .values(chunk.map((domain) => ({ accountId, domain, reason: 'manual' as const, details })))
          .onConflictDoNothing({ target: [blacklistedDomains.accountId, blacklistedDomains.domain] })
          .returning()),
      );
    }
    for (const row of rows) await stopEnrolments(tx, accountId, { kind: 'domain', domain: row.domain }, 'manual');
    return rows;
  });
  return { added: added.map(toDomainJson), duplicates: repeats + valid.length - added.length, errors };
}

/** remove_email_from_blacklist: by id or by address; the address may be written again from then on. */
export async function removeEmail({ db }: Deps, auth: AuthContext, q: z.output<typeof removeEmailQuerySchema>): Promise<{ id: number }> {
  const match =
    q.id !== undefined ? eq(blacklistedEmails.id, q.id) : eq(blacklistedEmails.email, normaliseBlacklistEmail(q.email!) ?? q.email!.trim().toLowerCase());
  const [row] = await db
    .delete(blacklistedEmails)
    .where(and(eq(blacklistedEmails.accountId, auth.account.id), match))
    .returning({ id: blacklistedEmails.id });
  if (!row) throw notFound(MESSAGES.emailNotFound);
  return row;
}

export async function removeDomain({ db }: Deps, auth: AuthContext, id: number): Promise<{ id: number }> {
  const [row] = await db
    .delete(blacklistedDomains)
    .where(and(eq(blacklistedDomains.accountId, auth.account.id), eq(blacklistedDomains.id, id)))
    .returning({ id: blacklistedDomains.id });
  if (!row) throw notFound(MESSAGES.domainNotFound);
  return row;
}

export const BLACKLIST_CSV_HEADER = ['Type', 'Email or domain', 'Reason', 'Details', 'Added at', 'Prospect', 'Company'];

/**
 * campaign_emails/export_blacklisted_prospects: every entry of the account's list, emails first (with the
 * prospect of that address, when the account has one), then domains; newest first in each.
 */
export async function exportCsv({ db }: Deps, auth: AuthContext): Promise<string> {
  const accountId = auth.account.id;
  const emails = await db
    .select({ row: blacklistedEmails, name: prospects.fullName, company: prospects.company })
    .from(blacklistedEmails)
    .leftJoin(prospects, and(eq(prospects.accountId, accountId), sql`lower(${prospects.email}) = ${blacklistedEmails.email}`))
    .where(eq(blacklistedEmails.accountId, accountId))
    .orderBy(desc(blacklistedEmails.createdAt), desc(blacklistedEmails.id));
  const domains = await db
    .select()
    .from(blacklistedDomains)
    .where(eq(blacklistedDomains.accountId, accountId))
    .orderBy(desc(blacklistedDomains.createdAt), desc(blacklistedDomains.id));
  return toCsv(BLACKLIST_CSV_HEADER, [
    ...emails.map(({ row, name, company }) => ['Email', row.email, SUPPRESSION_REASON_LABELS[row.reason], row.details, row.createdAt, name, company]),
    ...domains.map((row) => ['Domain', row.domain, SUPPRESSION_REASON_LABELS[row.reason], row.details, row.createdAt, null, null]),
  ]);
}
