import { expect } from 'vitest';
import { emailThreadMessages, emailThreads, prospects } from '../../db/schema';
import { v1, type AuthHeaders, type TestApp } from '../../testing/harness';
import type { HubSpotTestServer } from '../../testing/vendors/hubspot';

/** Vitest-side helpers of the integration tests: a prospect's reply written straight into the inbox tables, and connecting HubSpot through the contract server. */

let seq = 0;

export async function seedReply(
  t: TestApp,
  accountId: number,
  prospect: { email?: string; firstName?: string | null; lastName?: string | null; company?: string | null; title?: string | null } = {},
): Promise<{ replyId: number; prospectId: number; threadId: number; messageId: string; email: string }> {
  const n = ++seq;
  const email = prospect.email ?? `prospect${n}-${Date.now().toString(36)}@buyer.example`;
  const [p] = await t.db.db
    .insert(prospects)
    .values({
      accountId,
      email,
      source: 'manual',
      fullName: [prospect.firstName ?? 'Ada', prospect.lastName ?? 'Lovelace'].filter(Boolean).join(' '),
      firstName: prospect.firstName === undefined ? 'Ada' : prospect.firstName,
      lastName: prospect.lastName === undefined ? 'Lovelace' : prospect.lastName,
      company: prospect.company === undefined ? 'Analytical Engines' : prospect.company,
      title: prospect.title === undefined ? 'CTO' : prospect.title,
    })
    .returning();
  const at = new Date('2031-03-03T10:00:00Z');
  const [thread] = await t.db.db.insert(emailThreads).values({ accountId, prospectId: p!.id, subject: 'Quick question', prospectEmail: email, lastMessageAt: at }).returning();
  const messageId = `<reply-${n}-${Date.now()}@buyer.example>`;
  const [reply] = await t.db.db
    .insert(emailThreadMessages)
    .values({ accountId, threadId: thread!.id, direction: 'inbound', kind: 'human', messageId, fromEmail: email, fromName: 'Ada Lovelace', subject: 'Re: Quick question', text: 'Yes, let us talk next week.', sentAt: at })
    .returning();
  return { replyId: reply!.id, prospectId: p!.id, threadId: thread!.id, messageId, email };
}

/** POST integrations → the contract server's consent page → Approve → the callback (with this browser's nonce cookie). */
export async function connectHubSpot(t: TestApp, headers: AuthHeaders, hubspot: HubSpotTestServer, host?: string): Promise<{ location: string }> {
  const start = await t.app.inject({ method: 'POST', url: v1('/integrations'), headers: { ...headers, ...(host ? { host } : {}) }, payload: { provider: 'hubspot' } });
  expect(start.statusCode, start.body).toBe(200);
  const cookie = String(start.headers['set-cookie']).split(';')[0]!;
  const authorize = new URL(start.json<{ data: { authorize_url: string } }>().data.authorize_url);
  const approve = new URL('/oauth/authorize/approve', hubspot.url);
  approve.search = authorize.search;
  const consent = await fetch(approve, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get('location')!);
  const callback = await t.app.inject({ method: 'GET', url: back.pathname + back.search, headers: { cookie, ...(host ? { host } : {}) } });
  expect(callback.statusCode, callback.body).toBe(302);
  return { location: String(callback.headers.location) };
}
