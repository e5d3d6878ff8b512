import { and, eq, inArray, sql } from 'drizzle-orm';
import { normaliseBlacklistDomain, type SuppressionReason } from '@shared/schemas/blacklist';
import type { Db } from '../../db/client';
import { blacklistedDomains, blacklistedEmails, type BlacklistedEmailRow } from '../../db/schema';
import { publish } from '../../lib/events';

/**
 * THE suppression check and write that enrolment and sending call (ARCHITECTURE: "one module that
 * enrolment and sending both ask, the second time inside the send's transaction"). Pass the
 * transaction as `db` to check or write inside it.
 */

/** What was suppressed: one address, or every address of a domain (and its subdomains). */
export type SuppressionTarget = { kind: 'email'; email: string } | { kind: 'domain'; domain: string };

/**
 * Tells the engine that an address or a domain is on the list (event `address_suppressed`, published in the
 * transaction that puts it there: by hand, a file, an unsubscribe link, a bounce…). The campaigns stop its
 * enrolments in that transaction (src/reactions.ts), so the stop commits with the suppression or not at all.
 */
export async function stopEnrolments(tx: Db, accountId: number, target: SuppressionTarget, reason: SuppressionReason): Promise<void> {
  await publish(tx, accountId, 'address_suppressed', { target, reason });
}

/** The domain of an address and each parent that can be a registered domain: a.b.acme.com → a.b.acme.com, b.acme.com, acme.com. */
export function domainsOf(email: string): string[] {
  const domain = normaliseBlacklistDomain(email.slice(email.lastIndexOf('@') + 1));
  if (!domain) return [];
  const labels = domain.split('.');
  const out: string[] = [];
  for (let i = 0; i <= labels.length - 2; i++) out.push(labels.slice(i).join('.'));
  return out;
}

export type Suppression = { kind: 'email' | 'domain'; value: string; reason: SuppressionReason };

/** Why this address may not be written to (its own entry first, else its domain's), or null. */
export async function suppressionOf(db: Db, accountId: number, email: string): Promise<Suppression | null> {
  const address = email.trim().toLowerCase();
  const [own] = await db
    .select({ value: blacklistedEmails.email, reason: blacklistedEmails.reason })
    .from(blacklistedEmails)
    .where(and(eq(blacklistedEmails.accountId, accountId), eq(blacklistedEmails.email, address)))
    .limit(1);
  if (own) return { kind: 'email', ...own };
  const domains = domainsOf(address);
  if (domains.length === 0) return null;
  const [byDomain] = await db
    .select({ value: blacklistedDomains.domain, reason: blacklistedDomains.reason })
    .from(blacklistedDomains)
    .where(and(eq(blacklistedDomains.accountId, accountId), inArray(blacklistedDomains.domain, domains)))
    .orderBy(sql`length(${blacklistedDomains.domain})`)
    .limit(1);
  return byDomain ? { kind: 'domain', ...byDomain } : null;
}

/** Every entry that covers this address: its own and its domains' (a "replied" entry does not hide a domain blacklisted later). */
export async function suppressionsOf(db: Db, accountId: number, email: string): Promise<Suppression[]> {
  const address = email.trim().toLowerCase();
  const own = await db
    .select({ value: blacklistedEmails.email, reason: blacklistedEmails.reason })
    .from(blacklistedEmails)
    .where(and(eq(blacklistedEmails.accountId, accountId), eq(blacklistedEmails.email, address)));
  const domains = domainsOf(address);
  const byDomain = domains.length
    ? await db
        .select({ value: blacklistedDomains.domain, reason: blacklistedDomains.reason })
        .from(blacklistedDomains)
        .where(and(eq(blacklistedDomains.accountId, accountId), inArray(blacklistedDomains.domain, domains)))
    : [];
  return [...own.map((o) => ({ kind: 'email' as const, ...o })), ...byDomain.map((d) => ({ kind: 'domain' as const, ...d }))];
}

/** True when the account must not write to this address (its own entry, or its domain's). */
export async function isSuppressed(db: Db, accountId: number, email: string): Promise<boolean> {
  return (await suppressionOf(db, accountId, email)) !== null;
}

/**
 * Puts an address on the account's list and stops its enrolments, in one transaction; idempotent: an
 * address already there keeps its first reason and date (added: false), and its enrolments are stopped
 * again (harmless). Used by the unsubscribe link and, next, by bounces, stops and replies.
 */
export async function suppress(
  db: Db,
  accountId: number,
  email: string,
  reason: SuppressionReason,
  details: string | null = null,
  options: { campaignEmailId?: number | null } = {},
): Promise<{ entry: BlacklistedEmailRow; added: boolean }> {
  const address = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(blacklistedEmails)
      .values({ accountId, email: address, reason, details, campaignEmailId: options.campaignEmailId ?? null })
      .onConflictDoNothing({ target: [blacklistedEmails.accountId, blacklistedEmails.email] })
      .returning();
    let entry = inserted;
    if (!entry) {
      [entry] = await tx
        .select()
        .from(blacklistedEmails)
        .where(and(eq(blacklistedEmails.accountId, accountId), eq(blacklistedEmails.email, address)));
    }
    await stopEnrolments(tx, accountId, { kind: 'email', email: address }, reason);
    return { entry: entry!, added: inserted !== undefined };
  });
}
