import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSmtpServer } from '../../apps/api/src/testing/smtp';
import { E2E_PORT } from '../../playwright.config';
import { MAIL_DIR, MAIL_TEST_CA, MAIL_TEST_HOSTS, TMP_DIR } from './paths';
import { E2E_STRIPE_PRICES, startStripeServer } from './stripe';
import { E2E_UNSUBSCRIBE_SECRET } from './unsubscribe';
import { E2E_LINKEDIN, E2E_LINKEDIN_URL } from './linkedin';
import { E2E_CALENDLY, E2E_CALENDLY_URL, E2E_SALESFORCE, E2E_SALESFORCE_URL } from './crm2';
import { E2E_HUBSPOT, E2E_HUBSPOT_URL } from './hubspot';

/**
 * Starts a real SMTP server on loopback (mails land as files for the tests to read), a local
 * Stripe-format server (payments) and the built product on a fresh embedded database, then stops
 * them when the run ends.
 */
export default async function globalSetup() {
  fs.rmSync(TMP_DIR, { recursive: true, force: true });
  fs.mkdirSync(MAIL_DIR, { recursive: true });

  let counter = 0;
  const smtp = await startSmtpServer({
    onMessage({ to, raw }, answer) {
      const file = path.join(MAIL_DIR, `${Date.now()}-${++counter}.json`);
      // Written whole, then renamed: a test worker polling the folder never reads half a file.
      fs.writeFileSync(`${file}.part`, JSON.stringify({ to: to.map((a) => a.toLowerCase()), raw: raw.toString('utf8') }));
      fs.renameSync(`${file}.part`, file);
      answer.accept();
    },
  });

  // Payments: a local server speaking Stripe's wire format (API + a hosted Checkout page with a Pay button).
  const stripe = await startStripeServer({ prices: Object.values(E2E_STRIPE_PRICES) });

  const root = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
  const server: ChildProcess = spawn(process.execPath, [path.join(root, 'dist/api/main.mjs')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      // Links the server writes (emails, Stripe's return) come from configuration: brand 0's is where
      // the tests browse (localhost), so a return from Checkout lands in the same signed-in origin.
      BRAND_ORIGINS: `0=http://localhost:${E2E_PORT}`,
      DATA_DIR: path.join(TMP_DIR, 'data'),
      DATABASE_URL: '',
      SMTP_URL: smtp.url,
      RATE_LIMIT_AUTH_MAX: '1000',
      RATE_LIMIT_PUBLIC_MAX: '1000',
      RATE_LIMIT_AUTH_IP_MAX: '1000',
      AUTH_MAIL_PER_ADDRESS_MAX: '50',
      UNSUBSCRIBE_SECRET: E2E_UNSUBSCRIBE_SECRET,
      LOG_LEVEL: 'warn',
      // e2e/notifications.spec.ts's and e2e/webhooks.spec.ts's webhook receivers; e2e/mailboxes.spec.ts's SMTP and IMAP servers.
      // integrations.spec.ts's HubSpot too.
      GUARDED_FETCH_ALLOW_HOSTS: ['127.0.0.1:3199', '127.0.0.1:3197', `127.0.0.1:${E2E_HUBSPOT.port}`, `127.0.0.1:${E2E_SALESFORCE.port}`, `127.0.0.1:${E2E_CALENDLY.port}`, ...MAIL_TEST_HOSTS].join(','),
      // The mailbox test's SMTP server has a self-signed certificate the product must trust (and check).
      NODE_EXTRA_CA_CERTS: MAIL_TEST_CA,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.url,
      STRIPE_PRICE_STARTER: E2E_STRIPE_PRICES.Starter,
      STRIPE_PRICE_GROWTH: E2E_STRIPE_PRICES.Growth,
      STRIPE_PRICE_SCALE: E2E_STRIPE_PRICES.Scale,
      // linkedin.spec.ts's LinkedIn (OAuth, userinfo, Posts API), which that spec starts on its port.
      LINKEDIN_CLIENT_ID: E2E_LINKEDIN.clientId,
      LINKEDIN_CLIENT_SECRET: E2E_LINKEDIN.clientSecret,
      LINKEDIN_AUTH_BASE: E2E_LINKEDIN_URL,
      LINKEDIN_API_BASE: E2E_LINKEDIN_URL,
      // integrations.spec.ts's HubSpot (consent page, token, CRM v3), which that spec starts on its port.
      HUBSPOT_CLIENT_ID: E2E_HUBSPOT.clientId,
      HUBSPOT_CLIENT_SECRET: E2E_HUBSPOT.clientSecret,
      HUBSPOT_AUTH_URL: `${E2E_HUBSPOT_URL}/oauth/authorize`,
      HUBSPOT_API_BASE: E2E_HUBSPOT_URL,
      // calendar-crm.spec.ts's Salesforce and Calendly, which that spec starts on its ports (Calendly by personal
      // token: no OAuth app is configured, as on a server whose administrator set none).
      SALESFORCE_CLIENT_ID: E2E_SALESFORCE.clientId,
      SALESFORCE_CLIENT_SECRET: E2E_SALESFORCE.clientSecret,
      SALESFORCE_LOGIN_BASE: E2E_SALESFORCE_URL,
      CALENDLY_API_BASE: E2E_CALENDLY_URL,
    },
  });
  const log = fs.createWriteStream(path.join(TMP_DIR, 'server.log'));
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);

  // A first start makes the embedded database and seeds the demo; on a loaded machine that can pass a minute.
  const startMs = Number(process.env.E2E_START_TIMEOUT_MS ?? 60_000);
  const deadline = Date.now() + startMs;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited with ${server.exitCode}; see ${path.join(TMP_DIR, 'server.log')}`);
    try {
      const res = await fetch(`http://127.0.0.1:${E2E_PORT}/api/headers`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not answer within ${startMs / 1000} s (E2E_START_TIMEOUT_MS)`);
    await new Promise((r) => setTimeout(r, 200));
  }

  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
    await smtp.close();
    await stripe.close();
  };
}
