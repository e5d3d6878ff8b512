import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDb, DB_KINDS } from '../testing/databases';
import { openPostgres, type DbHandle } from './client';
import { writeEpoch } from './write-epoch';

// Two API instances on one PostgreSQL: what one writes must move the other's epoch (its cached persona
// pages are dropped), and while an instance cannot hear the other it caches nothing.
describe.skipIf(!DB_KINDS.includes('postgres'))('the write epoch across instances on PostgreSQL', () => {
  let a: DbHandle;
  let b: DbHandle;
  beforeAll(async () => {
    a = await createTestDb('postgres');
    const url = (a as DbHandle & { pool: { options: { connectionString: string } } }).pool.options.connectionString;
    b = await openPostgres(url, 2);
    await vi.waitFor(() => expect(writeEpoch(a.db)).not.toBeNull(), { timeout: 10_000 });
    await vi.waitFor(() => expect(writeEpoch(b.db)).not.toBeNull(), { timeout: 10_000 });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("moves on another instance's committed change to a persona table, not on its reads", async () => {
    const before = writeEpoch(a.db)!;
    await b.db.execute(sql`select count(*) from personas`);
    // Statement triggers fire even when no row matches: the change is announced at commit.
    await b.db.execute(sql`update personas set name = name where false`);
    await vi.waitFor(() => expect(writeEpoch(a.db)).toBeGreaterThan(before), { timeout: 10_000 });

    const afterTx = writeEpoch(a.db)!;
    await b.db.transaction(async (tx) => {
      await tx.execute(sql`delete from persona_prospects where false`);
    });
    await vi.waitFor(() => expect(writeEpoch(a.db)).toBeGreaterThan(afterTx), { timeout: 10_000 });
  });

  it("moves on another instance's change to what the inbox list counts: threads, their messages, prospects", async () => {
    for (const table of ['email_threads', 'email_thread_messages', 'prospects']) {
      const before = writeEpoch(a.db)!;
      await b.db.execute(sql.raw(`delete from ${table} where false`));
      await vi.waitFor(() => expect(writeEpoch(a.db), table).toBeGreaterThan(before), { timeout: 10_000 });
    }
  });

  it('moves at once on its own writes, and is null (no caching) while it cannot listen, until it listens again', async () => {
    const before = writeEpoch(a.db)!;
    await a.db.execute(sql`update messaging_settings set persona_id = persona_id where false`);
    expect(writeEpoch(a.db)).toBeGreaterThan(before);

    await b.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN app_changes' and pid <> pg_backend_pid()`);
    await vi.waitFor(() => expect(writeEpoch(a.db)).toBeNull(), { timeout: 10_000 });
    await vi.waitFor(() => expect(writeEpoch(a.db)).not.toBeNull(), { timeout: 10_000 });
    const relistened = writeEpoch(a.db)!;
    await b.db.execute(sql`update personas set name = name where false`);
    await vi.waitFor(() => expect(writeEpoch(a.db)).toBeGreaterThan(relistened), { timeout: 10_000 });
  });
});
