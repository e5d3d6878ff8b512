/**
 * `node dist/api/make-template.mjs <folder>` (run by scripts/build-api.mjs): a PGlite database in <folder>,
 * migrated and closed. `npm start` on a new data folder copies it instead of running initdb.
 */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { openPglite } from './client';

const out = process.argv[2];
if (!out) throw new Error('usage: make-template <folder>');
// Migrated in memory, then written out as a data folder (a dump loaded into the folder, and closed).
const lite = await openPglite();
await lite.migrate();
const dump = await lite.client.dumpDataDir('none');
await lite.close();
fs.rmSync(out, { recursive: true, force: true });
const folder = await PGlite.create({ dataDir: out, loadDataDir: dump });
await folder.close();
