import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { MAIL_DIR } from './paths';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Every request to a non-loopback host is aborted, so third-party scripts never hang a test. */
export async function blockNonLoopback(context: BrowserContext) {
  await context.route(
    (url) => /^(https?|wss?):$/.test(url.protocol) && !(LOOPBACK.has(url.hostname) || url.hostname.endsWith('.localhost')),
    (route) => route.abort('blockedbyclient'),
  );
}

export const test = base.extend({
  context: async ({ context }, use) => {
    await blockNonLoopback(context);
    await use(context);
  },
});
export { expect };

export function uniqueEmail(label: string) {
  return `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

type Mail = { to: string[]; raw: string; text: string };

/** Decodes quoted-printable soft breaks and escapes, enough to read links and codes. */
function decode(raw: string) {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits for the newest mail to `to` received by the local SMTP server after `since`. */
export async function waitForMail(to: string, { since = 0, timeout = 15_000 } = {}): Promise<Mail> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const files = fs.existsSync(MAIL_DIR) ? fs.readdirSync(MAIL_DIR).sort().reverse() : [];
    for (const f of files) {
      if (!f.endsWith('.json') || Number(f.split('-')[0]) < since) continue;
      const mail = JSON.parse(fs.readFileSync(path.join(MAIL_DIR, f), 'utf8')) as { to: string[]; raw: string };
      if (mail.to.includes(to.toLowerCase())) return { ...mail, text: decode(mail.raw) };
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${to} arrived within ${timeout} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export function codeFrom(mail: Mail): string {
  const m = /code\D{0,60}?(\d{6})\b/i.exec(mail.text);
  if (!m) throw new Error(`No 6-digit code in the mail:\n${mail.text.slice(0, 2000)}`);
  return m[1]!;
}

export function linkFrom(mail: Mail, pathPart: string): string {
  const m = new RegExp(`https?://[^\\s"'<>]*${pathPart.replace(/[/.]/g, '\\$&')}[^\\s"'<>]*`).exec(mail.text);
  if (!m) throw new Error(`No link containing ${pathPart} in the mail`);
  return m[0].replace(/&amp;/g, '&');
}

/** A confirmed account made through the API (sign-up + the emailed code), ready to sign in. */
export async function createConfirmedUser(request: APIRequestContext, label: string) {
  const email = uniqueEmail(label);
  const password = 'Correct-horse-42';
  const since = Date.now();
  const res = await request.post('/api/v1/auth', { data: { email, password, password_confirmation: password } });
  if (!res.ok()) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  const code = codeFrom(await waitForMail(email, { since }));
  const verified = await request.post('/api/v1/verify_by_code', { data: { email, code } });
  if (!verified.ok()) throw new Error(`verification failed: ${verified.status()}`);
  return { email, password };
}

/** Signs in through the API and returns the four auth headers. */
export async function apiSignIn(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/api/v1/auth/sign_in', { data: { email, password } });
  if (res.status() !== 200) throw new Error(`sign-in failed: ${res.status()}`);
  const h = res.headers();
  return { 'access-token': h['access-token']!, client: h.client!, expiry: h.expiry!, uid: h.uid! };
}

/** A confirmed account whose onboarding is finished, so the cabinet and business information open. */
export async function createReadyUser(request: APIRequestContext, label: string) {
  const user = await createConfirmedUser(request, label);
  const headers = await apiSignIn(request, user.email, user.password);
  const done = await request.post('/api/v1/finish_onboarding', { headers });
  if (!done.ok()) throw new Error(`finish_onboarding failed: ${done.status()}`);
  return { ...user, headers };
}

/** Signs in through the sign-in page and waits for the cabinet. */
export async function signInThroughUi(page: Page, email: string, password: string) {
  await page.goto('/auth/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/cabinet/);
}
