import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { RECIPIENT_PROVIDER_TTL_DAYS } from '@shared/constants';
import type { RecipientProvider } from '@shared/schemas/insights';
import { text } from '@shared/schemas/primitives';
import type { Db } from '../../db/client';
import { recipientDomains } from '../../db/schema';
import { defineJob } from '../../lib/jobs/queue';
import type { DnsResolver } from '../../lib/mail';
import type { Deps } from '../../lib/route';

/**
 * Recipient providers (issue 26): which mailbox provider or security gateway receives a domain's mail, read from the
 * host of its preferred MX record. Placement estimated from real traffic: the insights group the recipients by it
 * and show per group the bounce codes, the reply rate and the share that never answers (no seed tests).
 * The suffixes are the providers' documented MX hosts (Google's aspmx.l.google.com and smtp.google.com, Microsoft
 * 365's <tenant>.mail.protection.outlook.com, Outlook.com's olc.protection.outlook.com, Yahoo's yahoodns.net,
 * iCloud's mail.icloud.com, Proofpoint's pphosted.com / ppe-hosted.com, Mimecast's mimecast.com, Barracuda's
 * barracudanetworks.com, Cisco Secure Email's iphmx.com).
 */
const SUFFIXES: Array<[Exclude<RecipientProvider, 'other' | 'no_mx' | 'pending'>, string[]]> = [
  ['google', ['google.com', 'googlemail.com']],
  ['microsoft', ['protection.outlook.com', 'outlook.com', 'hotmail.com', 'msn.com']],
  ['yahoo', ['yahoodns.net', 'yahoo.com', 'aol.com']],
  ['apple', ['icloud.com', 'me.com']],
  ['proofpoint', ['pphosted.com', 'ppe-hosted.com', 'proofpoint.com']],
  ['mimecast', ['mimecast.com', 'mimecast.co.za', 'mimecast-offshore.com']],
  ['barracuda', ['barracudanetworks.com', 'barracuda.com']],
  ['cisco', ['iphmx.com']],
];

/** The provider an MX host belongs to (null host: the domain has no MX). */
export function providerOfMx(host: string | null): Exclude<RecipientProvider, 'pending'> {
  if (!host) return 'no_mx';
  const h = host.toLowerCase().replace(/\.$/, '');
  for (const [provider, suffixes] of SUFFIXES) if (suffixes.some((s) => h === s || h.endsWith(`.${s}`))) return provider;
  return 'other';
}

/** How many domains one run of the job looks up (a run is short; the next run takes the rest). */
export const LOOKUPS_PER_RUN = 200;
const TTL_MS = RECIPIENT_PROVIDER_TTL_DAYS * 86_400_000;

/** Of these domains, the ones with no provider, or one older than the TTL. */
export async function domainsToLookUp(db: Db, domains: string[], now: Date): Promise<string[]> {
  const unique = [...new Set(domains.map((d) => d.toLowerCase()).filter(Boolean))];
  if (!unique.length) return [];
  const known = await db
    .select({ domain: recipientDomains.domain, checkedAt: recipientDomains.checkedAt })
    .from(recipientDomains)
    .where(inArray(recipientDomains.domain, unique));
  const fresh = new Set(known.filter((k) => now.getTime() - k.checkedAt.getTime() < TTL_MS).map((k) => k.domain));
  return unique.filter((d) => !fresh.has(d));
}

/**
 * Looks the domains up (their MX, through the configured resolvers) and stores each one's provider. A look-up that
 * fails (a timeout, SERVFAIL) leaves that domain as it was, for the next run. Answers how many were stored.
 */
export async function lookUpProviders(db: Db, dns: DnsResolver, domains: string[], now: Date): Promise<number> {
  const rows: Array<typeof recipientDomains.$inferInsert> = [];
  await Promise.all(
    domains.slice(0, LOOKUPS_PER_RUN).map(async (domain) => {
      try {
        const mx = await dns.mx(domain);
        const host = mx[0]?.exchange?.toLowerCase().replace(/\.$/, '') || null;
        rows.push({ domain, provider: providerOfMx(host), mx: host, checkedAt: now });
      } catch {
        // Left for the next run.
      }
    }),
  );
  if (!rows.length) return 0;
  await db
    .insert(recipientDomains)
    .values(rows)
    .onConflictDoUpdate({ target: recipientDomains.domain, set: { provider: sql`excluded.provider`, mx: sql`excluded.mx`, checkedAt: sql`excluded.checked_at` } });
  return rows.length;
}

const payload = z.object({ domains: z.array(text().min(1).max(255)).max(LOOKUPS_PER_RUN) });

/**
 * Job `recipient-providers`: looks up the domains an insights request found without a provider (the request never
 * waits on DNS; its figures count them as pending until this ran). Domains are public facts, no account's rows.
 */
export const recipientProvidersJob = defineJob<z.output<typeof payload>, Deps>({
  name: 'recipient-providers',
  payload,
  scope: { system: 'recipient domains and their MX providers are public DNS facts shared by every account' },
  retryLimit: 2,
  concurrency: 1,
  handler: async (deps, data) => {
    const now = new Date();
    const todo = await domainsToLookUp(deps.db, data.domains, now);
    return { looked_up: await lookUpProviders(deps.db, deps.mail.dns, todo, now) };
  },
});

/** Asks for the look-up of these domains (one job per distinct set and hour: a page reloaded does not repeat it). */
export async function requestLookups(deps: Pick<Deps, 'jobs'>, domains: string[], now: Date): Promise<void> {
  const todo = [...new Set(domains)].sort().slice(0, LOOKUPS_PER_RUN);
  if (!todo.length) return;
  const hour = Math.floor(now.getTime() / 3_600_000);
  await deps.jobs.send(recipientProvidersJob, { domains: todo }, { key: `${hour}:${todo.join(',').slice(0, 2000)}` });
}
