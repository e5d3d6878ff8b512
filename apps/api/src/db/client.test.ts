import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject, describe, expect, it } from 'vitest';
import { openPglite } from './client';

/** `npm start` on a new data folder starts from the build's template instead of running initdb. */
describe('a PGlite data folder started from a template', () => {
  const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-tpl-'));
  const template = inject('pgliteTemplate'); // the migrated dump the API tests load too

  it('a new folder starts from the template (migrated), and keeps what is written across a restart', async () => {
    const dir = tmp();
    const first = await openPglite({ dataDir: dir, templateFile: template });
    expect((await first.client.query("select to_regclass('public.accounts') as t")).rows).toEqual([{ t: 'accounts' }]);
    await first.client.query("insert into accounts (name) values ('Kept') ");
    await first.close();
    // Not new any more: the template is not loaded over it.
    const again = await openPglite({ dataDir: dir, templateFile: template });
    expect((await again.client.query("select name from accounts where name = 'Kept'")).rows).toHaveLength(1);
    await again.close();
  });

  it('a template that does not load falls back to initdb; a missing template is no template', async () => {
    const dir = tmp();
    const broken = path.join(dir, 'broken.tar');
    fs.writeFileSync(broken, 'not a tarball');
    const lite = await openPglite({ dataDir: path.join(dir, 'a'), templateFile: broken });
    expect((await lite.client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    expect((await lite.client.query("select to_regclass('public.accounts') as t")).rows).toEqual([{ t: null }]);
    await lite.close();
    const none = await openPglite({ dataDir: path.join(dir, 'b'), templateFile: path.join(dir, 'missing.tar') });
    expect((await none.client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await none.close();
  });
});
