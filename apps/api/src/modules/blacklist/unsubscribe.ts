import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { getBrand, type HolderConfig } from '@shared/brands';
import { inAccount } from '../../db/tenancy';
import type { Db } from '../../db/client';
import { accounts, blacklistedEmails, prospects } from '../../db/schema';
import type { RequestBrand } from '../../lib/brand-request';
import type { Deps } from '../../lib/route';
import { contentSecurityPolicy } from '../../lib/csp';
import { recordActivity } from '../activities/service';
import { suppress } from './suppression';
import { unsubscribePageHtml, type UnsubscribePageState } from './unsubscribe-page';
import { verifyUnsubscribeToken, type UnsubscribeClaims } from './unsubscribe-token';

type Ctx = { reply: FastifyReply; query: { token?: string }; deps: Deps; brand: RequestBrand; body?: unknown };

/** Where the suppression came from, as the blacklist page shows it. */
export const UNSUBSCRIBE_DETAILS = { page: 'Unsubscribe link', oneClick: 'One-click unsubscribe from the mail program' } as const;

function sendPage(reply: FastifyReply, brand: HolderConfig, status: number, state: UnsubscribePageState) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', contentSecurityPolicy(brand))
    // The token is in the URL: never hand it on to another site.
    .header('referrer-policy', 'no-referrer')
    .header('x-frame-options', 'DENY')
    .header('x-robots-tag', 'noindex, nofollow')
    .send(unsubscribePageHtml(brand, state));
}

/**
 * The public routes below read and write only the account their signed token names: that work runs in
 * that account's tenancy scope (db/tenancy.ts), so nothing else is within reach.
 */
async function accountOf(db: Db, claims: UnsubscribeClaims) {
  const [account] = await db.select({ id: accounts.id, name: accounts.name, holderId: accounts.holderId }).from(accounts).where(eq(accounts.id, claims.accountId));
  return account ?? null;
}

/** GET: the page with one button (or "already unsubscribed"); nothing changes on a GET (link scanners open links). */
export async function showUnsubscribePage({ reply, query, deps, brand }: Ctx) {
  const claims = verifyUnsubscribeToken(deps.config, query.token);
  if (!claims) return sendPage(reply, brand.brand, 400, { kind: 'invalid' });
  const found = await inAccount(claims.accountId, null, async () => {
    const account = await accountOf(deps.db, claims);
    if (!account) return null;
    const [listed] = await deps.db
      .select({ id: blacklistedEmails.id })
      .from(blacklistedEmails)
      .where(and(eq(blacklistedEmails.accountId, account.id), eq(blacklistedEmails.email, claims.email)));
    return { account, listed };
  });
  if (!found) return sendPage(reply, brand.brand, 200, { kind: 'gone' });
  const { account, listed } = found;
  const accountBrand = getBrand(account.holderId);
  return sendPage(reply, accountBrand, 200, { kind: listed ? 'done' : 'confirm', email: claims.email, sender: account.name });
}

/**
 * POST (the page's button, or a mail program's RFC 8058 one-click with `List-Unsubscribe=One-Click`):
 * the address goes on the account's blacklist (reason unsubscribed) and its enrolments stop, in one
 * transaction, with an activity entry; a repeat changes nothing and answers the same 200.
 */
export async function unsubscribeByLink({ reply, query, deps, brand, body }: Ctx) {
  const claims = verifyUnsubscribeToken(deps.config, query.token);
  if (!claims) return sendPage(reply, brand.brand, 400, { kind: 'invalid' });
  const oneClick = typeof body === 'string' && /(^|&)List-Unsubscribe=One-Click(&|$)/.test(body.trim());
  const account = await inAccount(claims.accountId, null, () => deps.db.transaction(async (tx) => {
    const found = await accountOf(tx, claims);
    if (!found) return null;
    const { added } = await suppress(tx, found.id, claims.email, 'unsubscribed', oneClick ? UNSUBSCRIBE_DETAILS.oneClick : UNSUBSCRIBE_DETAILS.page, {
      campaignEmailId: claims.campaignEmailId,
    });
    if (added) {
      const [prospect] = await tx
        .select({ id: prospects.id })
        .from(prospects)
        .where(and(eq(prospects.accountId, found.id), sql`lower(${prospects.email}) = ${claims.email}`))
        .limit(1);
      await recordActivity(tx, {
        accountId: found.id,
        actorType: 'system',
        verb: 'email_unsubscribed',
        channel: 'email',
        prospectId: prospect?.id ?? null,
        payload: { email: claims.email, campaign_email_id: claims.campaignEmailId, one_click: oneClick },
      });
    }
    return found;
  }));
  if (!account) return sendPage(reply, brand.brand, 200, { kind: 'gone' });
  return sendPage(reply, getBrand(account.holderId), 200, { kind: 'done', email: claims.email, sender: account.name });
}
