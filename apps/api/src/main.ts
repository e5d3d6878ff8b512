import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/lock';
import { DEMO_USER, seedDemo } from './modules/demo/seed';
import { unsubscribeSecret } from './modules/blacklist/unsubscribe-token';
import { codeSecret } from './modules/auth/codes';
import { credentialsBox } from './modules/mailboxes/credentials';
import { repoRoot } from './lib/paths';
import { ipDatabase } from './modules/tracking/ip-db';

/** Start: config → database (migrated) → app (with the demo seed) → HTTP; stops cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  let handle;
  try {
    handle = await openDatabase(config);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  await handle.migrate();
  // The demo account is built through the engine's own functions, with the app's reactions bound (modules/demo).
  const app = await buildApp({ config, db: handle.db, seed: config.seedDemo ? (deps) => seedDemo(deps.db) : undefined });
  // At start, so a data folder we cannot write shows now, not at the first sign-up.
  codeSecret(config);
  if (!config.tenancyGuard) app.log.warn('TENANCY_GUARD=off: statements are not checked against their account. This is for `npm run bench`; never set it in production.');
  if (!config.authCodeSecret && config.databaseUrl) {
    app.log.warn('AUTH_CODE_SECRET is not set: codes are keyed with a secret in this instance\'s data folder; several instances must share one AUTH_CODE_SECRET');
  }
  credentialsBox(config);
  if (!config.mailCredentialsKey && config.databaseUrl) {
    app.log.warn('MAIL_CREDENTIALS_KEY is not set: mailbox passwords are sealed with a key in this instance\'s data folder; several instances must share one MAIL_CREDENTIALS_KEY');
  }
  unsubscribeSecret(config);
  if (!config.unsubscribeSecret && config.databaseUrl) {
    app.log.warn('UNSUBSCRIBE_SECRET is not set: unsubscribe links are signed with a secret in this instance\'s data folder; several instances must share one UNSUBSCRIBE_SECRET, or a link sent by one fails on another');
  }
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    await app.close().catch(() => {});
    await handle.close().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    console.error(`Could not listen on ${config.host}:${config.port}: ${(err as Error).message}`);
    await handle.close();
    process.exit(1);
  }
  printBanner(config.port, config.seedDemo, config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`);
  // The visitors' IP tables (about 2 s to read, in slices between requests) are loaded once the server answers, so the
  // first page view of a tracked site does not wait for them.
  setTimeout(() => void ipDatabase().catch((err: unknown) => app.log.error({ err }, 'the IP-to-network tables could not be loaded')), 2000).unref();
}

function printBanner(port: number, seeded: boolean, database: string): void {
  const extDir = path.join(repoRoot, 'dist', 'extension');
  const unpacked = path.join(extDir, 'chrome-mv3');
  const zip = fs.existsSync(extDir) ? fs.readdirSync(extDir).find((f) => f.endsWith('.zip')) : undefined;
  const lines = [
    '',
    `  App:        http://localhost:${port}   (brands: http://brand1.localhost:${port} … brand9)`,
    `  Database:   ${database}`,
    seeded ? `  Demo:       ${DEMO_USER.email} / ${DEMO_USER.password}` : null,
    `  Extension:  ${fs.existsSync(unpacked) ? unpacked : `${unpacked} (not built: npm run build:ext)`}`,
    zip ? `  Zip:        ${path.join(extDir, zip)}` : null,
    '',
  ];
  console.log(lines.filter((l) => l !== null).join('\n'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
