import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type DbHandle } from './client';
import { writeEpoch } from './write-epoch';

describe('the embedded database write epoch', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openPglite();
    await handle.db.execute(sql`create table epoch_probe (id int primary key, v text)`);
  });
  afterAll(() => handle.close());

  const epoch = () => writeEpoch(handle.db)!;

  it('stands still on reads and moves after every statement that may write', async () => {
    expect(epoch()).toEqual(expect.any(Number));
    let before = epoch();
    await handle.db.execute(sql`select * from epoch_probe`);
    await handle.db.execute(sql`/* a comment */ select count(*) from epoch_probe`);
    expect(epoch()).toBe(before);

    await handle.db.execute(sql`insert into epoch_probe values (1, 'a')`);
    expect(epoch()).toBeGreaterThan(before);
    before = epoch();
    await handle.db.execute(sql`with x as (update epoch_probe set v = 'b' returning id) select * from x`);
    expect(epoch()).toBeGreaterThan(before);
    before = epoch();
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`delete from epoch_probe where id = 1`);
    });
    expect(epoch()).toBeGreaterThan(before);
  });

  it('moves after a failed write too', async () => {
    const before = epoch();
    await expect(handle.db.execute(sql`insert into epoch_probe values (null, 'x')`)).rejects.toThrow();
    expect(epoch()).toBeGreaterThan(before);
  });

  it('PostgreSQL has none: other instances write too', () => {
    expect(writeEpoch({})).toBeNull();
  });
});
