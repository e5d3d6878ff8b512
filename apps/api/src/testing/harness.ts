import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { holderIdForHost } from '@shared/brands';
import { v1 } from '@shared/constants';
import { buildApp, type AppOptions } from '../app';
import { loadConfig, type Config } from '../config';
import type { DbHandle } from '../db/client';
import type { SmsSender } from '../lib/sms';
import type { AppRoute } from '../lib/route';
import { smtpMailer, type Mail, type Mailer } from '../lib/mailer';
import type { OidcProvider } from '../lib/oidc';
import type { MailServices } from '../lib/mail';
import { findUserByEmail, toUserJson } from '../modules/auth/repository';
import { createTestDb, type DbKind } from './databases';
import { codeIn, linkIn, startMailCatcher, type MailCatcher } from './smtp';

/** The tests build their request paths with the routes' own helper. */
export { v1 };

export type AuthHeaders = { 'access-token': string; client: string; expiry: string; uid: string };

export type TestApp = {
  app: FastifyInstance;
  db: DbHandle;
  smtp: MailCatcher;
  sms: Array<{ to: string; text: string }>;
  /** Every mail handed to the mailer, recorded when handed (auth mails go out as queue jobs: drain t.app.jobs, or smtp.waitForMail, to see them). */
  handedOff: Mail[];
  /** The app's configuration (to build what the server builds: links, tokens). */
  config: Config;
  close(): Promise<void>;
};

let counter = 0;
export const uniqueEmail = (tag = 'user') => `${tag}-${Date.now().toString(36)}-${++counter}@example.com`;

/** The app on a fresh copy of the migrated database, mailing to a real SMTP server on loopback. */
export async function startTestApp(
  kind: DbKind,
  options: {
    env?: Record<string, string>;
    oidc?: OidcProvider | null;
    /** Instead of the recording double (t.sms). */
    sms?: SmsSender;
    /** An existing database (a restart on the same data); the caller closes it. */
    db?: DbHandle;
    /** Served besides the app's own routes. */
    extraRoutes?: AppRoute[];
    /** Mailbox connections and DNS (e.g. trusting a generated certificate). */
    mail?: Partial<MailServices>;
    /** The cable's clock (testing/cable.ts FakeClock) and LISTEN retry delay. */
    cable?: AppOptions['cable'];
    /** The time the routes that take one act at (AppOptions.clock). */
    clock?: () => Date;
  } = {},
): Promise<TestApp> {
  const db = options.db ?? (await createTestDb(kind));
  const smtp = await startMailCatcher();
  const sms: TestApp['sms'] = [];
  const smsSender: SmsSender = { send: async (to, text) => void sms.push({ to, text }) };
  const config = loadConfig({
    DATA_DIR: '/nonexistent-test-data',
    SMTP_URL: smtp.url,
    WEB_DIST: '/nonexistent-web-dist',
    EXTENSION_DIST: '/nonexistent-extension-dist',
    RATE_LIMIT_AUTH_MAX: '1000',
    RATE_LIMIT_PUBLIC_MAX: '1000',
    RATE_LIMIT_AUTH_IP_MAX: '1000',
    AUTH_MAIL_PER_ADDRESS_MAX: '50',
    AUTH_CODE_SECRET: 'test-auth-code-secret-0123456789abcdef',
    MAIL_CREDENTIALS_KEY: 'test-mail-credentials-key-0123456789abcdef',
    UNSUBSCRIBE_SECRET: 'test-unsubscribe-secret-0123456789abcdef',
    LOG_LEVEL: 'silent',
    // A drained queue must not wait in IDLE: tests that want IDLE call syncMailbox with their own idle time.
    INBOX_IDLE_SECONDS: '0',
    // Password hashing at scrypt's lowest accepted cost: the suite signs up thousands of users (auth.test.ts checks the default).
    PASSWORD_SCRYPT_N: '1024',
    // Insights computed on every request, whatever they cost on a loaded machine: the figures tests assert are exact
    // (insights/snapshots.test.ts sets 0 to walk the snapshots a big account is served from).
    INSIGHTS_INLINE_MS: '600000',
    ...options.env,
  });
  const handedOff: Mail[] = [];
  const smtpOut = smtpMailer(config.smtp!);
  const mailer: Mailer = { send: (mail) => (handedOff.push(mail), smtpOut.send(mail)) };
  const app = await buildApp({ config, db: db.db, logger: false, mailer, sms: options.sms ?? smsSender, oidc: options.oidc, mail: options.mail, extraRoutes: options.extraRoutes, cable: options.cable, clock: options.clock });
  await app.ready();
  return {
    app,
    db,
    smtp,
    sms,
    handedOff,
    config,
    close: async () => {
      await app.close();
      await smtp.close();
      if (!options.db) await db.close();
    },
  };
}

export function headersOf(res: LightMyRequestResponse): AuthHeaders {
  const h = res.headers;
  return { 'access-token': String(h['access-token']), client: String(h.client), expiry: String(h.expiry), uid: String(h.uid) };
}

export async function register(t: TestApp, email: string, password = 'secret-pass-1', extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: v1('/auth'),
    headers,
    payload: { email, password, password_confirmation: password, ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
  // The answer carries no user (it is the same for a taken email): read the row.
  const found = await findUserByEmail(t.db.db, holderIdForHost(headers.host), email);
  expect(found, `no user ${email} after sign-up`).not.toBeNull();
  return toUserJson(found!);
}

/** Follows the link of the confirmation mail, as the user's browser would. */
export async function confirmByLink(t: TestApp, email: string) {
  const mail = await t.smtp.waitForMail(email, (m) => m.text.includes('confirmation_token='));
  const link = new URL(linkIn(mail, /https?:\/\/[^\s"<>]+confirmation_token=[A-Za-z0-9_-]+/));
  return t.app.inject({ method: 'GET', url: link.pathname + link.search, headers: { host: link.host } });
}

export async function confirmationCode(t: TestApp, email: string) {
  return codeIn(await t.smtp.waitForMail(email, (m) => /code is \d{6}/.test(m.text)));
}

/** host: the brand's host (brands are separate tenants: sign in where the account signed up). */
export async function signIn(t: TestApp, email: string, password = 'secret-pass-1', host?: string): Promise<AuthHeaders> {
  const res = await t.app.inject({ method: 'POST', url: v1('/auth/sign_in'), headers: host ? { host } : {}, payload: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  return headersOf(res);
}

/**
 * A registered, confirmed and signed-in user. With host (e.g. brand3.localhost:3000) the account
 * belongs to that brand, and its headers carry that host so every request goes to its brand.
 */
export async function signedInUser(t: TestApp, tag = 'user', password = 'secret-pass-1', host?: string) {
  const email = uniqueEmail(tag);
  const user = await register(t, email, password, {}, host ? { host } : {});
  const confirmed = await confirmByLink(t, email);
  expect(confirmed.statusCode).toBe(302);
  const headers: AuthHeaders & { host?: string } = await signIn(t, email, password, host);
  if (host) headers.host = host;
  return { email, password, user, headers };
}
