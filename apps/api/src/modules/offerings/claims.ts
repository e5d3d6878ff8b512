import { and, asc, eq } from 'drizzle-orm';
import { checkClaims, type ClaimSources } from '@shared/claims/check';
import type { ClaimFlag, ClaimsCheckResult, claimsCheckBodySchema } from '@shared/schemas/claims';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { accounts, emailThreadMessages, emailThreads, messagingSettings, offerings, prospects, userEmails, users, virtualEmployees, type OfferingRow } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import type { AuthContext, Deps } from '../../lib/route';

/**
 * What supports a draft's facts (docs/decisions.md "The claims check"): the product's approved claims first, then
 * the rest of what the user wrote about it (name, description, prices and pricing notes, proof), the messaging
 * settings the composer writes from (call to action, case studies), the sender, and the prospect's own data
 * (their row, and what they wrote in the thread).
 */
export type ClaimContext = {
  offerings: OfferingRow[];
  /** Every other supporting text (settings, sender, prospect). */
  facts: Array<string | number | null | undefined>;
};

const productFacts = (o: OfferingRow): Array<string | number | null> => [o.name, o.description, o.priceMin, o.priceMax, o.pricingNotes, o.proof, o.url];

/** A prospect row's own data as supporting texts (ids, timestamps and flags say nothing a draft could state). */
export function prospectFacts(p: Record<string, unknown> | null | undefined): string[] {
  if (!p) return [];
  const out: string[] = [];
  for (const [key, value] of Object.entries(p)) {
    if (key === 'id' || key === 'accountId' || key.endsWith('Id') || key.endsWith('At')) continue;
    if (typeof value === 'string' || typeof value === 'number') out.push(String(value));
    else if (Array.isArray(value)) out.push(...value.filter((v): v is string => typeof v === 'string'));
  }
  return out;
}

export function claimSourcesOf(context: ClaimContext): ClaimSources {
  return {
    claims: context.offerings.flatMap((o) => o.claims),
    facts: [...context.offerings.flatMap(productFacts), ...context.facts],
  };
}

/** The check on one text: its flags (empty: every fact in it is supported). */
export const checkText = (text: string, context: ClaimContext): ClaimFlag[] => checkClaims(text, claimSourcesOf(context));

/** The products a message may speak of: the one given, else every product of the account. */
export async function offeringsForCheck(db: Db, accountId: number, offeringId: number | null | undefined): Promise<OfferingRow[]> {
  if (offeringId) {
    const [one] = await db.select().from(offerings).where(and(eq(offerings.accountId, accountId), eq(offerings.id, offeringId)));
    if (!one) throw notFound('Offering not found');
    return [one];
  }
  return db.select().from(offerings).where(eq(offerings.accountId, accountId)).orderBy(asc(offerings.id));
}

/**
 * POST claims_check: the built-in composer's check before the user sends an answer. The thread names the prospect
 * (their row and their own messages support facts about them), the mailbox and agent who sign it.
 */
export async function claimsCheck(deps: Deps, auth: AuthContext, body: z.output<typeof claimsCheckBodySchema>): Promise<ClaimsCheckResult> {
  return claimsCheckIn(deps.db, auth.account.id, body, auth.user.id);
}

/** The check in an account (the user who writes, when a user does; the agent's automatic answer has none). */
export async function claimsCheckIn(db: Db, accountId: number, body: z.output<typeof claimsCheckBodySchema>, userId: number | null = null): Promise<ClaimsCheckResult> {
  const facts: ClaimContext['facts'] = [];
  let prospectId = body.prospect_id ?? null;
  if (body.email_thread_id) {
    const [thread] = await db.select().from(emailThreads).where(and(eq(emailThreads.accountId, accountId), eq(emailThreads.id, body.email_thread_id)));
    if (!thread) throw notFound('Thread not found');
    prospectId ??= thread.prospectId;
    facts.push(thread.subject);
    const inbound = await db
      .select({ text: emailThreadMessages.text, fromName: emailThreadMessages.fromName })
      .from(emailThreadMessages)
      .where(and(eq(emailThreadMessages.accountId, accountId), eq(emailThreadMessages.threadId, thread.id), eq(emailThreadMessages.direction, 'inbound')));
    for (const m of inbound) facts.push(m.text, m.fromName);
    if (thread.userEmailId) {
      const [mailbox] = await db.select({ senderName: userEmails.senderName }).from(userEmails).where(and(eq(userEmails.accountId, accountId), eq(userEmails.id, thread.userEmailId)));
      facts.push(mailbox?.senderName);
    }
    if (thread.virtualEmployeeId) {
      const [employee] = await db
        .select({ name: virtualEmployees.name, signature: virtualEmployees.signature })
        .from(virtualEmployees)
        .where(and(eq(virtualEmployees.accountId, accountId), eq(virtualEmployees.id, thread.virtualEmployeeId)));
      facts.push(employee?.name, employee?.signature);
    }
  }
  if (prospectId) {
    const [prospect] = await db.select().from(prospects).where(and(eq(prospects.accountId, accountId), eq(prospects.id, prospectId)));
    if (!prospect && body.prospect_id) throw notFound('Prospect not found');
    facts.push(...prospectFacts(prospect));
  }
  const [account] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId));
  const [user] = userId ? await db.select({ name: users.name }).from(users).where(and(eq(users.id, userId), eq(users.accountId, accountId))) : [];
  facts.push(account?.name, user?.name);
  const settings = await db
    .select({ callToAction: messagingSettings.callToAction, caseStudies: messagingSettings.caseStudies, signature: messagingSettings.signature })
    .from(messagingSettings)
    .where(eq(messagingSettings.accountId, accountId));
  for (const s of settings) facts.push(s.callToAction, s.signature, ...s.caseStudies.flatMap((c) => [c.title, c.summary]));
  const products = await offeringsForCheck(db, accountId, body.offering_id);
  const plain = body.body.replace(/<br\s*\/?>|<\/p>/gi, '\n').replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&');
  const flags = checkText(plain, { offerings: products, facts });
  return { flags, claims_compared: products.reduce((n, o) => n + o.claims.length, 0) };
}
