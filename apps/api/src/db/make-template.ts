/**
 * `node dist/api/make-template.mjs <file>` (run by scripts/build-api.mjs): an in-memory PGlite database,
 * migrated, dumped to <file>. `npm start` on a new data folder loads it instead of running initdb.
 */
import fs from 'node:fs';
import { openPglite } from './client';

const out = process.argv[2];
if (!out) throw new Error('usage: make-template <file>');
const lite = await openPglite();
await lite.migrate();
const dump = await lite.client.dumpDataDir('none');
await lite.close();
fs.writeFileSync(out, Buffer.from(await dump.arrayBuffer()));
