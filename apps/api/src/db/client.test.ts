import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
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

  it('a template folder (what the build writes) is copied: the new folder is migrated, and the template stays as it was', async () => {
    const dir = tmp();
    const folder = path.join(dir, 'template');
    const made = await PGlite.create({ dataDir: folder, loadDataDir: new Blob([fs.readFileSync(template)]) });
    await made.close();
    const lite = await openPglite({ dataDir: path.join(dir, 'data'), templateFile: folder });
    expect((await lite.client.query("select to_regclass('public.accounts') as t")).rows).toEqual([{ t: 'accounts' }]);
    await lite.client.query("insert into accounts (name) values ('Only here')");
    await lite.close();
    const other = await openPglite({ dataDir: path.join(dir, 'other'), templateFile: folder });
    expect((await other.client.query("select count(*)::int as n from accounts where name = 'Only here'")).rows).toEqual([{ n: 0 }]);
    await other.close();
  });

  it('a template folder that does not open falls back to initdb', async () => {
    const dir = tmp();
    const folder = path.join(dir, 'template');
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, 'PG_VERSION'), 'not a version\n');
    const lite = await openPglite({ dataDir: path.join(dir, 'data'), templateFile: folder });
    expect((await lite.client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    expect((await lite.client.query("select to_regclass('public.accounts') as t")).rows).toEqual([{ t: null }]);
    await lite.close();
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
