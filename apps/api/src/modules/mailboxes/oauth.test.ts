import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { MailOAuthProviderInfo, UserCredential, UserEmail } from '@shared/schemas/user-emails';
import { activities, notifications, userCredentials, userEmails } from '../../db/schema';
import { inAccount } from '../../db/tenancy';
import { imapConnector } from '../../lib/mail/imap';
import { smtpConnector } from '../../lib/mail/smtp';
import { DB_KINDS, PGLITE_PASS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type AuthHeaders, type TestApp } from '../../testing/harness';
import { startHoodiecrow, startRecordingSmtpServer, TEST_CERT } from '../../testing/mail-servers';
import { startOidcServer } from '../../testing/oidc-server';
import { accountIdOf } from '../messaging/ownership.test-helpers';
import { dispatcherFor } from '../notifications/dispatch';
import { lookUpSentMessage } from '../sending/sent-folder';
import { sendFromMailbox, type OutgoingMessage } from '../sending/smtp-send';
import { loadConfig } from '../../config';
import { UnsecuredJWT } from 'jose';
import { identityOf, MAIL_OAUTH_SCOPES, pkceVerifier, signState, verifyState } from './oauth';

const ALLOW = ['localhost', '127.0.0.1'];
const mailOptions = { allowHosts: ALLOW, tls: { ca: TEST_CERT.cert } };
const CLIENT = { id: 'mail-client-id', secret: 'mail-client-secret' };
/** What a token looks like on the test provider: never in an answer, never in the database in clear. */
const TOKEN_PATTERN = /\b(at|rt)-[0-9a-f]{24}\b/;
const HOUR = 3_600_000;

describe.runIf(PGLITE_PASS)('mail OAuth configuration and state', () => {
  const keys = { mailCredentialsKey: 'k'.repeat(40), dataDir: '/nonexistent' };

  it('enables a provider only with both client id and secret, with its default servers, and checks overrides', () => {
    expect(loadConfig({ GOOGLE_MAIL_CLIENT_ID: 'id' }).mailOAuth).toEqual({ google: null, microsoft: null });
    const cfg = loadConfig({ MICROSOFT_MAIL_CLIENT_ID: 'id', MICROSOFT_MAIL_CLIENT_SECRET: 's' }).mailOAuth;
    expect(cfg.google).toBeNull();
    expect(cfg.microsoft).toMatchObject({
      tokenUrl: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
      smtp: { host: 'smtp.office365.com', port: 587, security: 'starttls' },
      imap: { host: 'outlook.office365.com', port: 993, security: 'tls' },
    });
    expect(() => loadConfig({ GOOGLE_MAIL_CLIENT_ID: 'id', GOOGLE_MAIL_CLIENT_SECRET: 's', GOOGLE_MAIL_SMTP: 'smtp.gmail.com:465' })).toThrow(/host:port:security/);
    expect(() => loadConfig({ GOOGLE_MAIL_CLIENT_ID: 'id', GOOGLE_MAIL_CLIENT_SECRET: 's', GOOGLE_MAIL_TOKEN_URL: 'ftp://x' })).toThrow(/http\(s\) URL/);
  });

  it('a state opens only as signed, with this server key; the PKCE verifier is RFC 7636-sized', () => {
    const state = { accountId: 1, userId: 2, holderId: 0, provider: 'google' as const, nonce: 'n', expiresAt: 1 };
    const signed = signState(keys, state);
    expect(verifyState(keys, signed)).toEqual(state);
    expect(verifyState({ ...keys, mailCredentialsKey: 'j'.repeat(40) }, signed)).toBeNull();
    expect(verifyState(keys, `${signed}.x`)).toBeNull();
    expect(verifyState(keys, `${signed.split('.')[0]}.${'A'.repeat(43)}`)).toBeNull();
    expect(verifyState(keys, `${Buffer.from(JSON.stringify({ ...state, accountId: 3 })).toString('base64url')}.${signed.split('.')[1]}`)).toBeNull();
    expect(pkceVerifier(keys, 'n')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("reads the mailbox's address from the id_token: email, else Microsoft's preferred_username; never for another client or an unverified email", () => {
    const cfg = { clientId: 'me' } as Parameters<typeof identityOf>[0];
    const token = (claims: Record<string, unknown>) => new UnsecuredJWT(claims).encode();
    expect(identityOf(cfg, token({ aud: 'me', email: 'Ada@Gmail.test', email_verified: true, name: 'Ada' }))).toEqual({ email: 'ada@gmail.test', name: 'Ada' });
    expect(identityOf(cfg, token({ aud: 'me', preferred_username: 'bob@contoso.test' }))).toEqual({ email: 'bob@contoso.test', name: null });
    expect(identityOf(cfg, token({ aud: 'someone-else', email: 'ada@gmail.test' })).email).toBeNull();
    expect(identityOf(cfg, token({ aud: 'me', email: 'ada@gmail.test', email_verified: false })).email).toBeNull();
    expect(identityOf(cfg, null).email).toBeNull();
  });
});

describe.each(DB_KINDS)('mailboxes connected by OAuth (XOAUTH2) (%s)', (kind) => {
  let t: TestApp;
  let provider: Awaited<ReturnType<typeof startOidcServer>>;
  let smtp: Awaited<ReturnType<typeof startRecordingSmtpServer>>;
  let imap: Awaited<ReturnType<typeof startHoodiecrow>>;
  const smtpOut = smtpConnector(mailOptions);
  const imapIn = imapConnector(mailOptions);

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
        MICROSOFT_MAIL_CLIENT_ID: 'ms-client-id',
        MICROSOFT_MAIL_CLIENT_SECRET: 'ms-client-secret',
      },
      mail: { smtp: smtpOut, imap: imapIn },
    });
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([provider.close(), smtp.close(), imap.close()]);
  });

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url: v1(url), headers, ...(payload ? { payload } : {}) });

  /** "Connect with Google" up to the provider's redirect back: the callback URL and the browser's cookie. */
  async function consent(headers: AuthHeaders, email: string) {
    provider.state.currentUser = { sub: `sub-${email}`, email, email_verified: true, name: 'Ada Gmail' };
    const start = await inject('POST', '/user_emails/oauth/google', headers);
    expect(start.statusCode, start.body).toBe(200);
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    const answer = await fetch(start.json<{ data: { authorization_url: string } }>().data.authorization_url, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    const back = new URL(answer.headers.get('location')!);
    return { back, cookie };
  }

  async function callback(back: URL, cookie: string | null) {
    return t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: cookie ? { cookie } : {} });
  }

  async function connect(headers: AuthHeaders, email: string) {
    const { back, cookie } = await consent(headers, email);
    const res = await callback(back, cookie);
    expect(res.statusCode, res.body).toBe(302);
    return new URL(String(res.headers.location));
  }

  const mailboxes = async (headers: AuthHeaders) => (await inject('GET', '/user_emails', headers)).json<{ data: UserEmail[] }>().data;

  let seq = 0;
  const message = (to: string): OutgoingMessage => ({
    to,
    subject: 'Hello',
    text: 'Hi',
    messageId: `<oauth-${++seq}.${Date.now()}@gmail.test>`,
    date: new Date(),
    unsubscribe: { url: 'https://app.example.com/unsubscribe?token=a.b', mailto: 'mailto:ada@gmail.test?subject=unsubscribe' },
  });
  const sendAt = async (accountId: number, id: number, now: Date) => {
    const [row] = await t.db.db.select().from(userEmails).where(eq(userEmails.id, id));
    return inAccount(accountId, null, () => sendFromMailbox({ db: t.db.db, config: t.config, mail: { smtp: smtpOut } }, row!, message(`ann-${seq}@acme.example`), { attempt: 1, now }));
  };

  it('offers only the configured providers; an app without client ids offers none and refuses to start', async () => {
    const u = await signedInUser(t, 'oaprov');
    const res = await inject('GET', '/user_emails/oauth_providers', u.headers);
    expect(res.json<{ data: MailOAuthProviderInfo[] }>().data).toEqual([
      { provider: 'google', label: 'Google' },
      { provider: 'microsoft', label: 'Microsoft' },
    ]);
    const ms = await inject('POST', '/user_emails/oauth/microsoft', u.headers);
    const url = new URL(ms.json<{ data: { authorization_url: string } }>().data.authorization_url);
    expect(url.origin + url.pathname).toBe('https://login.microsoftonline.com/common/oauth2/v2.0/authorize');
    expect(url.searchParams.get('scope')).toBe('https://outlook.office.com/SMTP.Send https://outlook.office.com/IMAP.AccessAsUser.All offline_access openid email');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect((await inject('POST', '/user_emails/oauth/yahoo', u.headers)).statusCode).toBe(422);

    const bare = await startTestApp(kind);
    try {
      const v = await signedInUser(bare, 'oanone');
      expect((await bare.app.inject({ method: 'GET', url: v1('/user_emails/oauth_providers'), headers: v.headers })).json()).toEqual({ data: [] });
      expect((await bare.app.inject({ method: 'POST', url: v1('/user_emails/oauth/google'), headers: v.headers })).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });

  it('connects a Google mailbox end to end: consent with PKCE, tokens sealed, servers set, tested step by step with XOAUTH2', async () => {
    const u = await signedInUser(t, 'oaconnect');
    const { back, cookie } = await consent(u.headers, 'ada@gmail.test');
    const asked = provider.state.lastAuthorization!;
    expect(asked).toMatchObject({
      client_id: CLIENT.id,
      scope: MAIL_OAUTH_SCOPES.google,
      response_type: 'code',
      code_challenge_method: 'S256',
      access_type: 'offline',
      redirect_uri: `${t.config.publicOrigins[0]}/api/v1/user_emails/oauth/callback`,
    });
    expect(asked.scope).toBe('https://mail.google.com/ openid email');
    const res = await callback(back, cookie);
    expect(res.statusCode, res.body).toBe(302);
    const landed = new URL(String(res.headers.location));
    expect(landed.origin + landed.pathname).toBe(`${t.config.publicOrigins[0]}/cabinet/mailboxes`);
    expect(landed.searchParams.get('mailbox_oauth')).toBe('connected');

    const [mailbox] = await mailboxes(u.headers);
    expect(mailbox).toMatchObject({
      id: Number(landed.searchParams.get('user_email_id')),
      email: 'ada@gmail.test',
      sender_name: 'Ada Gmail',
      auth_method: 'xoauth2',
      oauth_provider: 'google',
      smtp_host: 'localhost',
      smtp_port: smtp.port,
      smtp_security: 'tls',
      smtp_username: 'ada@gmail.test',
      imap_port: imap.port,
      imap_username: 'ada@gmail.test',
      status: 'active',
      sent_folder: 'Outbox of mine',
      dkim_selector: 'google',
    });
    expect(mailbox!.last_test!.steps.map((s) => [s.step, s.status])).toEqual([
      ['smtp_connect', 'passed'],
      ['smtp_tls', 'passed'],
      ['smtp_auth', 'passed'],
      ['imap_connect', 'passed'],
      ['imap_tls', 'skipped'],
      ['imap_login', 'passed'],
      ['imap_folders', 'passed'],
      ['imap_sent_folder', 'passed'],
    ]);
    // The SMTP server saw the access token the provider issued, over XOAUTH2.
    const issued = provider.latestAccessToken('ada@gmail.test')!;
    expect(smtp.tokensSeen).toContain(issued);

    const creds = (await inject('GET', '/user_credentials', u.headers)).json<{ data: UserCredential[] }>().data;
    expect(creds.map((c) => [c.kind, c.state])).toEqual([
      ['oauth_access_token', 'valid'],
      ['oauth_refresh_token', 'valid'],
    ]);
    expect(new Date(creds[0]!.expires_at!).getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);

    // Sealed at rest: no token in clear anywhere in the table.
    const dump = await t.db.db.execute(sql`select string_agg(t::text, ' ') as all from user_credentials t`);
    const all = String((dump as unknown as { rows: Array<{ all: string }> }).rows[0]!.all);
    expect(all).toContain('v1.');
    expect(all).not.toMatch(TOKEN_PATTERN);
    expect(all).not.toContain(issued);

    // Never in any answer of the mailbox routes.
    const id = mailbox!.id;
    const answers = await Promise.all([
      inject('GET', '/user_emails', u.headers),
      inject('GET', `/user_emails/${id}`, u.headers),
      inject('GET', '/user_credentials', u.headers),
      inject('POST', `/user_emails/${id}/test`, u.headers),
      inject('PUT', `/user_emails/${id}`, u.headers, { daily_limit: 30 }),
      inject('GET', '/user_emails/capacity', u.headers),
      inject('GET', '/activities', u.headers),
    ]);
    for (const a of answers) {
      expect(a.statusCode, a.body).toBeLessThan(500);
      expect(a.body).not.toMatch(TOKEN_PATTERN);
    }
    expect(answers[3]!.json<{ data: { test: { ok: boolean } } }>().data.test.ok).toBe(true);

    // A password cannot be set on an OAuth mailbox.
    const pw = await inject('PUT', `/user_emails/${id}`, u.headers, { smtp_password: 'x' });
    expect(pw.statusCode).toBe(422);

    // The Sent-folder reconciliation signs in to IMAP with the token too.
    const [row] = await t.db.db.select().from(userEmails).where(eq(userEmails.id, id));
    const accountId = await accountIdOf(t, u);
    const found = await inAccount(accountId, null, () => lookUpSentMessage({ db: t.db.db, config: t.config, mail: { imap: imapIn } }, row!, '<nowhere@gmail.test>'));
    expect(found.status).toBe('not_found');
  });

  it('refuses an altered state, a callback in another browser, and a refused consent; nothing is saved', async () => {
    const u = await signedInUser(t, 'oastate');
    const before = provider.state.tokenRequests;

    const { back, cookie } = await consent(u.headers, 'eve@gmail.test');
    const state = back.searchParams.get('state')!;
    const [body, mac] = state.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString()) as Record<string, unknown>;
    const forged = new URL(back);
    forged.searchParams.set('state', `${Buffer.from(JSON.stringify({ ...claims, accountId: Number(claims.accountId) + 1 })).toString('base64url')}.${mac}`);
    const altered = await callback(forged, cookie);
    expect(altered.statusCode).toBe(400);
    expect(altered.json().errors[0]).toMatch(/altered/);

    const otherBrowser = await callback(back, null);
    expect(otherBrowser.statusCode).toBe(302);
    expect(new URL(String(otherBrowser.headers.location)).searchParams.get('mailbox_oauth_error')).toBe('state_mismatch');

    const denied = new URL(back);
    denied.searchParams.delete('code');
    denied.searchParams.set('error', 'access_denied');
    const refused = await callback(denied, cookie);
    expect(new URL(String(refused.headers.location)).searchParams.get('mailbox_oauth_error')).toBe('access_denied');

    expect(provider.state.tokenRequests).toBe(before);
    expect(await mailboxes(u.headers)).toEqual([]);
  });

  it('renews an expired access token once before a send (two sends at once share one refresh) and sends with the new one', async () => {
    const u = await signedInUser(t, 'oarefresh');
    const accountId = await accountIdOf(t, u);
    const landed = await connect(u.headers, 'ren@gmail.test');
    const id = Number(landed.searchParams.get('user_email_id'));
    const first = provider.latestAccessToken('ren@gmail.test')!;

    // Still fresh: no refresh.
    const refreshesBefore = provider.state.refreshRequests;
    expect(await sendAt(accountId, id, new Date())).toMatchObject({ status: 'sent' });
    expect(provider.state.refreshRequests).toBe(refreshesBefore);
    expect(smtp.tokensSeen.at(-1)).toBe(first);

    // Two hours on, the token has expired (the provider no longer takes it).
    provider.expireAccessTokens();
    const later = new Date(Date.now() + 2 * HOUR);
    const [a, b] = await Promise.all([sendAt(accountId, id, later), sendAt(accountId, id, later)]);
    expect(a).toMatchObject({ status: 'sent' });
    expect(b).toMatchObject({ status: 'sent' });
    expect(provider.state.refreshRequests).toBe(refreshesBefore + 1);
    const renewed = provider.latestAccessToken('ren@gmail.test')!;
    expect(renewed).not.toBe(first);
    expect(smtp.tokensSeen.slice(-2)).toEqual([renewed, renewed]);
    const [access] = await t.db.db
      .select()
      .from(userCredentials)
      .where(and(eq(userCredentials.userEmailId, id), eq(userCredentials.kind, 'oauth_access_token')));
    expect(access!.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    expect(access!.secret).not.toContain(renewed);
  });

  it('a revoked grant marks the mailbox failing with "Google access was revoked: reconnect" and notifies; connecting again restores it', async () => {
    const u = await signedInUser(t, 'oarevoke');
    const accountId = await accountIdOf(t, u);
    const landed = await connect(u.headers, 'rev@gmail.test');
    const id = Number(landed.searchParams.get('user_email_id'));

    provider.revokeAll();
    const outcome = await sendAt(accountId, id, new Date(Date.now() + 2 * HOUR));
    expect(outcome).toMatchObject({ status: 'mailbox_held', mailboxStatus: 'failing', reason: 'Google access was revoked: reconnect' });
    const [mailbox] = await mailboxes(u.headers);
    expect(mailbox).toMatchObject({ status: 'failing', status_reason: 'Google access was revoked: reconnect' });
    const creds = (await inject('GET', '/user_credentials', u.headers)).json<{ data: UserCredential[] }>().data;
    expect(creds.map((c) => [c.kind, c.state, c.error])).toEqual([
      ['oauth_access_token', 'invalid', 'Google access was revoked: reconnect'],
      ['oauth_refresh_token', 'invalid', 'Google access was revoked: reconnect'],
    ]);
    const failing = await t.db.db
      .select()
      .from(activities)
      .where(and(eq(activities.accountId, accountId), eq(activities.verb, 'mailbox_failing')));
    expect(failing.map((f) => (f.payload as { reason: string }).reason)).toEqual(['Google access was revoked: reconnect']);
    await dispatcherFor(t.db.db)!.settle();
    const notes = await t.db.db.select().from(notifications).where(eq(notifications.accountId, accountId));
    expect(notes.map((n) => [n.event, n.title, n.body])).toContainEqual([
      'mailbox_failing',
      'rev@gmail.test stopped sending',
      'Google access was revoked: reconnect. Nothing is sent from it until it is resumed.',
    ]);
    // A second send does not ask the provider again: the mailbox is held.
    const refreshes = provider.state.refreshRequests;
    expect(await sendAt(accountId, id, new Date(Date.now() + 3 * HOUR))).toMatchObject({ status: 'mailbox_held' });
    expect(provider.state.refreshRequests).toBe(refreshes);

    // Reconnecting the same address gives the same mailbox new tokens, and it sends again.
    const again = await connect(u.headers, 'rev@gmail.test');
    expect(again.searchParams.get('mailbox_oauth')).toBe('connected');
    expect(Number(again.searchParams.get('user_email_id'))).toBe(id);
    expect((await mailboxes(u.headers))[0]).toMatchObject({ id, status: 'active', status_reason: null });
    expect(await sendAt(accountId, id, new Date())).toMatchObject({ status: 'sent' });
  });
});
