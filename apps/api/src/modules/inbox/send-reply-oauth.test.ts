import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import type { EmailThreadMessage } from '@shared/schemas/email-threads';
import type { UserEmail } from '@shared/schemas/user-emails';
import { emailThreadMessages } from '../../db/schema';
import { imapConnector } from '../../lib/mail/imap';
import { smtpConnector } from '../../lib/mail/smtp';
import { DB_KINDS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type TestApp } from '../../testing/harness';
import { startHoodiecrow, startRecordingSmtpServer, TEST_CERT } from '../../testing/mail-servers';
import { startOidcServer } from '../../testing/oidc-server';
import { threadOf } from './ownership.test-helpers';

const ALLOW = ['localhost', '127.0.0.1'];
const mailOptions = { allowHosts: ALLOW, tls: { ca: TEST_CERT.cert } };
const CLIENT = { id: 'mail-client-id', secret: 'mail-client-secret' };

/** send_reply through a mailbox connected with Google (XOAUTH2): the same sign-in as the engine; Gmail files Sent itself. */
describe.each(DB_KINDS)('answering from an OAuth mailbox (%s)', (kind) => {
  let t: TestApp;
  let provider: Awaited<ReturnType<typeof startOidcServer>>;
  let smtp: Awaited<ReturnType<typeof startRecordingSmtpServer>>;
  let imap: Awaited<ReturnType<typeof startHoodiecrow>>;

  beforeAll(async () => {
    provider = await startOidcServer(CLIENT);
    smtp = await startRecordingSmtpServer({ security: 'tls', checkAccessToken: (user, token) => provider.accessTokenValid(user, token) });
    imap = await startHoodiecrow({ xoauth2: {} });
    provider.state.onAccessToken = (email, token) => imap.setAccessToken(email, token);
    t = await startTestApp(kind, {
      env: {
        GUARDED_FETCH_ALLOW_HOSTS: ALLOW.join(','),
        GOOGLE_MAIL_CLIENT_ID: CLIENT.id,
        GOOGLE_MAIL_CLIENT_SECRET: CLIENT.secret,
        GOOGLE_MAIL_AUTH_URL: `${provider.issuer}/authorize`,
        GOOGLE_MAIL_TOKEN_URL: `${provider.issuer}/token`,
        GOOGLE_MAIL_SMTP: `localhost:${smtp.port}:tls`,
        GOOGLE_MAIL_IMAP: `127.0.0.1:${imap.port}:none`,
      },
      mail: { smtp: smtpConnector(mailOptions), imap: imapConnector(mailOptions) },
    });
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([provider?.close(), smtp?.close(), imap?.close()]);
  });

  it('signs in with the access token, sends with the threading headers and leaves the Sent folder to the provider', async () => {
    const u = await signedInUser(t, 'oauth-inbox');
    provider.state.currentUser = { sub: 'sub-ada@gmail.test', email: 'ada@gmail.test', email_verified: true, name: 'Ada Gmail' };
    const start = await t.app.inject({ method: 'POST', url: v1('/user_emails/oauth/google'), headers: u.headers });
    expect(start.statusCode, start.body).toBe(200);
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    const answer = await fetch(start.json<{ data: { authorization_url: string } }>().data.authorization_url, { redirect: 'manual' });
    const back = new URL(answer.headers.get('location')!);
    expect((await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } })).statusCode).toBe(302);
    const mailbox = (await t.app.inject({ method: 'GET', url: v1('/user_emails'), headers: u.headers })).json<{ data: UserEmail[] }>().data.find((m) => m.email === 'ada@gmail.test')!;
    expect(mailbox.status).toBe('active');

    const fixture = await threadOf(t, u, { mailbox, subject: 'Your pipeline' });
    const before = smtp.received.length;
    const res = await t.app.inject({ method: 'POST', url: v1(`/email_threads/${fixture.threadId}/send_reply`), headers: u.headers, payload: { body: 'Thanks, here is more.' } });
    expect(res.statusCode, res.body).toBe(200);
    const stored = res.json<{ data: EmailThreadMessage }>().data;
    const received = smtp.received.slice(before);
    expect(received).toHaveLength(1);
    expect(received[0]!.user).toBe('ada@gmail.test');
    const mail = await simpleParser(received[0]!.raw);
    expect({ subject: mail.subject, inReplyTo: mail.inReplyTo }).toEqual({ subject: 'Re: Your pipeline', inReplyTo: fixture.replyMessageId });
    expect(mail.messageId).toMatch(/@gmail\.test>$/);
    const [row] = await t.db.db.select().from(emailThreadMessages).where(eq(emailThreadMessages.id, stored.id));
    expect(row?.details).toMatchObject({ source: 'inbox', sent_folder: 'provider' });
  });
});
