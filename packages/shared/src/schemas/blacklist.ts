import { z } from 'zod';
import { dbId, dbIdParam, int32, queryInt, text } from './primitives';
import { pageMetaSchema } from './personas';

/**
 * The blacklist (suppression list) of an account: emails and domains no agent may write to
 * (/cabinet/blacklist; spec §7 blacklisted_emails, create_blacklisted_emails, remove_email_from_blacklist,
 * domains/blacklisted_domains, domains/create_blacklisted_domains, domains/{id}/remove_domain_from_blacklist,
 * campaign_emails/export_blacklisted_prospects).
 */

/**
 * How an entry got on the list: by hand (or a file), an unsubscribe, a hard bounce, a sequence the user stopped, a
 * spam complaint (ARF). Only who must never be contacted: a reply is not one (a prospect in conversation is kept out
 * of automatic enrolment by prospects.in_conversation_since instead; issue 25, docs/decisions.md "The blacklist means do-not-contact").
 */
/** crm: imported from a connected CRM (customers and open deals are never cold-emailed; details names the CRM and list). */
export const SUPPRESSION_REASONS = ['manual', 'unsubscribed', 'hard_bounce', 'stopped', 'complained', 'crm'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

export const SUPPRESSION_REASON_LABELS: Record<SuppressionReason, string> = {
  manual: 'Manual',
  unsubscribed: 'Unsubscribed',
  hard_bounce: 'Hard bounce',
  stopped: 'Stopped',
  complained: 'Spam complaint',
  crm: 'From your CRM',
};

/** At most this many addresses or domains in one create call (the page sends a longer paste in parts). */
export const BLACKLIST_BULK_MAX = 5000;
export const BLACKLIST_PER_PAGE_MAX = 100;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A host name: labels of letters, digits and hyphens (not at either end), at least two labels, a letter TLD. */
const DOMAIN_SHAPE = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/;

/** An address as stored: trimmed, lowercased, and an address (one @, a dot in the domain, no spaces); else null. */
export function normaliseBlacklistEmail(raw: string): string | null {
  const email = raw.trim().replace(/^mailto:/i, '').toLowerCase();
  if (email.length > 254 || !EMAIL_SHAPE.test(email)) return null;
  const domain = email.slice(email.lastIndexOf('@') + 1);
  return normaliseBlacklistDomain(domain) === domain ? email : null;
}

/**
 * A domain as stored: lowercased, without a leading "@", "www.", a scheme or path (a pasted URL works),
 * or a trailing dot; else null when it is not a host name.
 */
export function normaliseBlacklistDomain(raw: string): string | null {
  let d = raw.trim().toLowerCase();
  d = d.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/[/?#].*$/, '').replace(/^@/, '').replace(/^\*\./, '').replace(/^www\./, '').replace(/\.$/, '');
  if (d.includes('@')) d = d.slice(d.lastIndexOf('@') + 1);
  return DOMAIN_SHAPE.test(d) ? d : null;
}

export const blacklistListQuerySchema = z.strictObject({
  /** The address or domain contains this (any case). */
  search: text().trim().max(254, { error: 'Search must be at most 254 characters' }).optional().default(''),
  page: queryInt().min(1).max(100000).optional().default(1),
  per_page: queryInt().min(1).max(BLACKLIST_PER_PAGE_MAX).optional().default(25),
});
export type BlacklistListQuery = z.input<typeof blacklistListQuerySchema>;

export const blacklistedEmailSchema = z.object({
  id: int32(),
  email: text(),
  reason: z.enum(SUPPRESSION_REASONS),
  details: text().nullable(),
  campaign_email_id: int32().nullable(),
  created_at: text(),
});
export type BlacklistedEmail = z.infer<typeof blacklistedEmailSchema>;

export const blacklistedDomainSchema = z.object({
  id: int32(),
  domain: text(),
  reason: z.enum(SUPPRESSION_REASONS),
  details: text().nullable(),
  created_at: text(),
});
export type BlacklistedDomain = z.infer<typeof blacklistedDomainSchema>;

export const blacklistedEmailListSchema = z.object({ data: z.array(blacklistedEmailSchema), meta: pageMetaSchema });
export type BlacklistedEmailList = z.infer<typeof blacklistedEmailListSchema>;
export const blacklistedDomainListSchema = z.object({ data: z.array(blacklistedDomainSchema), meta: pageMetaSchema });
export type BlacklistedDomainList = z.infer<typeof blacklistedDomainListSchema>;

const entries = (what: string) =>
  z
    .array(text({ error: `Each ${what} must be text` }).max(1000, { error: `Each ${what} must be at most 1000 characters` }), { error: `${what}s must be a list` })
    .min(1, { error: `Give at least one ${what}` })
    .max(BLACKLIST_BULK_MAX, { error: `Give at most ${BLACKLIST_BULK_MAX} ${what}s at a time` });

/** POST create_blacklisted_emails: many at once; each invalid one is reported, the rest are added. */
export const createBlacklistedEmailsBodySchema = z.strictObject({ emails: entries('email') });
export type CreateBlacklistedEmailsBody = z.input<typeof createBlacklistedEmailsBodySchema>;
/** POST domains/create_blacklisted_domains. */
export const createBlacklistedDomainsBodySchema = z.strictObject({ domains: entries('domain') });
export type CreateBlacklistedDomainsBody = z.input<typeof createBlacklistedDomainsBodySchema>;

/** One refused item: what was sent (cut to 200 characters) and why. */
export const blacklistItemErrorSchema = z.object({ value: text(), error: text() });
export type BlacklistItemError = z.infer<typeof blacklistItemErrorSchema>;

/** added: the new entries; duplicates: already on the list or repeated in the request (ignored). */
export const createBlacklistedEmailsResponseSchema = z.object({
  data: z.object({ added: z.array(blacklistedEmailSchema), duplicates: int32(), errors: z.array(blacklistItemErrorSchema) }),
});
export type CreateBlacklistedEmailsResult = z.infer<typeof createBlacklistedEmailsResponseSchema>['data'];
export const createBlacklistedDomainsResponseSchema = z.object({
  data: z.object({ added: z.array(blacklistedDomainSchema), duplicates: int32(), errors: z.array(blacklistItemErrorSchema) }),
});
export type CreateBlacklistedDomainsResult = z.infer<typeof createBlacklistedDomainsResponseSchema>['data'];

/** DELETE remove_email_from_blacklist?id=… (or ?email=…): the spec names no path parameter. */
export const removeEmailQuerySchema = z
  .strictObject({ id: dbIdParam('id').optional(), email: text().max(1000).optional() })
  .refine((q) => (q.id === undefined) !== (q.email === undefined), { error: 'Give either id or email' });
export type RemoveEmailQuery = z.input<typeof removeEmailQuerySchema>;
export const removedEntrySchema = z.object({ data: z.object({ id: dbId() }) });
