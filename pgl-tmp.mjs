import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
const buf = fs.readFileSync('/tmp/pgl.tar');
for (let i = 0; i < 4; i++) {
  const t = Date.now();
  const db = await PGlite.create({ loadDataDir: new Blob([buf]) });
  await db.query('select 1');
  console.log('open ms', Date.now() - t);
  await db.close();
}
const r=process.resourceUsage(); console.log('cpu user ms', r.userCPUTime/1000, 'sys', r.systemCPUTime/1000); process.exit(0);
