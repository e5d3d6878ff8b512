import { expect } from 'vitest';
import type { UserEmail } from '@shared/schemas/user-emails';
import { userCredentials, userEmails } from '../../db/schema';
import { v1, type signedInUser, type TestApp } from '../../testing/harness';
import { accountIdOf } from '../messaging/ownership.test-helpers';
import { credentialsBox } from './credentials';
import { toUserEmailJson } from './service';

/**
 * Ownership probes for the mailbox routes (spread into routes.test.ts): user B can neither see, change,
 * test, pause nor delete user A's mailboxes, nor see A's credentials or domains. A's mailbox is written
 * straight into the database (no mail server is needed to prove tenancy).
 */

type Person = Awaited<ReturnType<typeof signedInUser>>;
type Probe = (t: TestApp, a: Person, b: Person) => Promise<void>;

let seq = 0;

export async function mailboxOf(t: TestApp, p: Person, domain = `a-secret-${++seq}.example`): Promise<UserEmail> {
  const accountId = await accountIdOf(t, p);
  const [row] = await t.db.db
    .insert(userEmails)
    .values({
      accountId,
      email: `sender@${domain}`,
      domain,
      senderName: 'A Sender',
      smtpHost: 'smtp.a-secret.example',
      smtpPort: 587,
      smtpSecurity: 'starttls',
      smtpUsername: `sender@${domain}`,
      imapHost: 'imap.a-secret.example',
      imapPort: 993,
      imapSecurity: 'tls',
      imapUsername: `sender@${domain}`,
      dailyLimit: 40,
      hourlyLimit: 10,
      minGapSeconds: 120,
    })
    .returning();
  const box = credentialsBox({ mailCredentialsKey: 'test-mail-credentials-key-0123456789abcdef', dataDir: '/nonexistent-test-data' });
  for (const kind of ['smtp_password', 'imap_password'] as const) {
    await t.db.db.insert(userCredentials).values({ accountId, userEmailId: row!.id, kind, secret: box.seal('a-secret-password', `user_credentials:${accountId}:${row!.id}:${kind}`) });
  }
  return toUserEmailJson(row!, null);
}

async function mailboxesOf(t: TestApp, p: Person): Promise<UserEmail[]> {
  const res = await t.app.inject({ method: 'GET', url: v1('/user_emails'), headers: p.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: UserEmail[] }>().data;
}

const unchanged = async (t: TestApp, a: Person, mailbox: UserEmail) => {
  const mine = (await mailboxesOf(t, a)).find((m) => m.id === mailbox.id);
  expect(mine).toBeDefined();
  expect({ sender_name: mine!.sender_name, status: mine!.status }).toEqual({ sender_name: mailbox.sender_name, status: mailbox.status });
};

const touching = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', suffix = '', payload?: Record<string, unknown>): Probe => async (t, a, b) => {
  const mailbox = await mailboxOf(t, a);
  const res = await t.app.inject({ method, url: v1(`/user_emails/${mailbox.id}${suffix}`), headers: b.headers, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBe(404);
  expect(res.body).not.toContain(mailbox.email);
  await unchanged(t, a, mailbox);
};

export const userEmailOwnershipProbes: Record<string, Probe> = {
  'GET /api/v1/user_emails': async (t, a, b) => {
    const mailbox = await mailboxOf(t, a);
    const res = await t.app.inject({ method: 'GET', url: v1('/user_emails'), headers: b.headers });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(mailbox.email);
  },
  'POST /api/v1/user_emails': async (t, a, b) => {
    const mailbox = await mailboxOf(t, a);
    // B connecting the same address (it fails its connection test here) neither sees nor touches A's.
    const res = await t.app.inject({
      method: 'POST',
      url: v1('/user_emails'),
      headers: b.headers,
      payload: {
        email: mailbox.email, sender_name: 'B', smtp_host: '10.0.0.1', smtp_port: 587, smtp_security: 'starttls', smtp_username: 'b', smtp_password: 'b',
        imap_host: '10.0.0.1', imap_port: 993, imap_security: 'tls', imap_username: 'b', imap_password: 'b', daily_limit: 10, hourly_limit: 5, min_gap_seconds: 60,
      },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.body).not.toContain('already connected');
    await unchanged(t, a, mailbox);
  },
  'GET /api/v1/user_emails/capacity': async (t, a, b) => {
    const mailbox = await mailboxOf(t, a);
    const mine = await t.app.inject({ method: 'GET', url: v1('/user_emails/capacity'), headers: a.headers });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json<{ data: { mailboxes: Array<{ user_email_id: number }> } }>().data.mailboxes.map((m) => m.user_email_id)).toContain(mailbox.id);
    const theirs = await t.app.inject({ method: 'GET', url: v1('/user_emails/capacity'), headers: b.headers });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body).not.toContain(mailbox.email);
    expect(theirs.json<{ data: { mailboxes: unknown[] } }>().data.mailboxes).toEqual([]);
  },
  'GET /api/v1/user_emails/:id': touching('GET'),
  'PUT /api/v1/user_emails/:id': touching('PUT', '', { sender_name: 'Taken over' }),
  'DELETE /api/v1/user_emails/:id': touching('DELETE'),
  'POST /api/v1/user_emails/:id/pause': touching('POST', '/pause'),
  'POST /api/v1/user_emails/:id/resume': touching('POST', '/resume'),
  'POST /api/v1/user_emails/:id/test': touching('POST', '/test'),
  'GET /api/v1/user_credentials': async (t, a, b) => {
    const mailbox = await mailboxOf(t, a);
    const res = await t.app.inject({ method: 'GET', url: v1('/user_credentials'), headers: b.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((c: { user_email_id: number }) => c.user_email_id)).not.toContain(mailbox.id);
    expect(res.body).not.toContain(mailbox.email);
  },
  'POST /api/v1/user_emails/oauth/:provider': async (t, a, b) => {
    const mailbox = await mailboxOf(t, a);
    // The signed state is bound to the caller's own account and user (oauth.test.ts proves an altered one is refused).
    const res = await t.app.inject({ method: 'POST', url: v1('/user_emails/oauth/google'), headers: b.headers });
    if (res.statusCode === 200) {
      const state = new URL(res.json<{ data: { authorization_url: string } }>().data.authorization_url).searchParams.get('state')!;
      const claims = JSON.parse(Buffer.from(state.split('.')[0]!, 'base64url').toString()) as { accountId: number; userId: number };
      expect(claims.accountId).toBe(await accountIdOf(t, b));
    } else {
      expect(res.statusCode, res.body).toBe(404);
    }
    expect(res.body).not.toContain(mailbox.email);
    await unchanged(t, a, mailbox);
  },
  'GET /api/v1/domains': async (t, a, b) => {
    const mailbox = await mailboxOf(t, a);
    const res = await t.app.inject({ method: 'GET', url: v1('/domains'), headers: b.headers });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(mailbox.domain);
  },
};
