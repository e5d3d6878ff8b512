import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client';
import type { DbKind } from './databases';
import { bundleApiChild } from './api-child';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The databases this project's files run on (testing/databases.ts DB_KINDS). */
    dbKinds: DbKind[];
    /** A dumped, migrated PGlite database; each test file loads its own copy. */
    pgliteTemplate: string;
    /** The bundled second API process (testing/api-child.ts), in the PostgreSQL pass; null: run it from source. */
    apiChild: string | null;
    /** When TEST_DATABASE_URL is set: the server URL and a migrated template database to copy per file. */
    postgres: { url: string; template: string } | null;
  }
}

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/**
 * Migrate once; test files copy the result (about 0.4 s) instead of migrating each time. The API suite is two
 * projects (vitest.config.ts): `api` runs every file on PGlite, `api-postgres` the database files on
 * TEST_DATABASE_URL's server. Files that need PostgreSQL beside PGlite's pass check DB_KINDS.
 */
export default async function setup(project: TestProject) {
  const onPostgres = project.name === 'api-postgres';
  project.provide('dbKinds', onPostgres ? ['postgres'] : ['pglite']);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-test-'));
  const template = path.join(dir, 'pglite-template.tar');
  // The PostgreSQL pass still loads PGlite for the odd test that compares the two (a few kilobytes of work).
  const lite = await openPglite();
  await lite.migrate();
  const dump = await lite.client.dumpDataDir('none');
  fs.writeFileSync(template, Buffer.from(await dump.arrayBuffer()));
  await lite.close();
  project.provide('pgliteTemplate', template);

  // Only the PostgreSQL pass starts second API processes (two processes cannot share a PGlite database).
  const childDir = onPostgres ? await bundleApiChild() : null;
  project.provide('apiChild', childDir);

  const url = onPostgres ? process.env.TEST_DATABASE_URL : undefined;
  let admin: pg.Client | null = null;
  let templateDb: string | null = null;
  if (url) {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    templateDb = `api_tpl_${process.pid}_${Date.now()}`;
    await admin.query(`create database ${templateDb}`);
    const handle = await openPostgres(withDatabase(url, templateDb), 1);
    await handle.migrate();
    await handle.close();
    project.provide('postgres', { url, template: templateDb });
  } else {
    project.provide('postgres', null);
  }

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (childDir) fs.rmSync(path.dirname(childDir), { recursive: true, force: true });
    if (admin && templateDb) {
      await admin.query(`drop database if exists ${templateDb} with (force)`);
      await admin.end();
    }
  };
}
