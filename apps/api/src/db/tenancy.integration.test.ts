import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dbId, dbIdParam } from '@shared/schemas/primitives';
import { defineJob, JobQueue } from '../lib/jobs/queue';
import { defineRoute, type AppRoute, type Deps } from '../lib/route';
import { DB_KINDS } from '../testing/databases';
import { signedInUser, startTestApp, v1, type TestApp } from '../testing/harness';
import { createPersona } from '../testing/profiles';
import { personas, users } from './schema';
import { inAccount, TenancyViolation } from './tenancy';

/**
 * The guard on a real database, through the same registry every route goes through: a handler that
 * forgets its account, or a public one that reaches for account rows, fails instead of leaking.
 */
const careless = defineRoute({
  method: 'GET',
  url: v1('/test-tenancy/careless/:id'),
  access: 'user',
  owner: 'account',
  role: 'member',
  summary: 'test: reads a persona by id alone',
  schema: { params: z.object({ id: dbIdParam() }) },
  handler: async ({ deps, params }) => ({ data: await deps.db.select().from(personas).where(eq(personas.id, params.id)) }),
});
const careful = defineRoute({
  method: 'GET',
  url: v1('/test-tenancy/careful'),
  access: 'user',
  owner: 'account',
  role: 'member',
  summary: 'test: reads the account’s personas',
  schema: {},
  handler: async ({ deps, auth }) => ({ data: await deps.db.select({ id: personas.id }).from(personas).where(eq(personas.accountId, auth.account.id)) }),
});
const publicPeek = defineRoute({
  method: 'GET',
  url: v1('/test-tenancy/public-peek'),
  access: 'public',
  owner: 'none',
  summary: 'test: a public route counting users',
  schema: {},
  handler: async ({ deps }) => ({ data: (await deps.db.select({ id: users.id }).from(users)).length }),
});
const systemPeek = defineRoute({
  method: 'GET',
  url: v1('/test-tenancy/system-peek'),
  access: 'public',
  owner: 'none',
  systemScope: 'test: counts users across accounts on purpose',
  summary: 'test: a declared cross-account look-up',
  schema: {},
  handler: async ({ deps }) => ({ data: (await deps.db.select({ id: users.id }).from(users)).length }),
});
const extraRoutes: AppRoute[] = [careless, careful, publicPeek, systemPeek];

describe.each(DB_KINDS)('the tenancy guard on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { extraRoutes });
  });
  afterAll(() => t.close());

  it('refuses a handler that reads by id alone, even its own row, and serves one that binds its account', async () => {
    const a = await signedInUser(t, 'tenant-a');
    const b = await signedInUser(t, 'tenant-b');
    const mine = await createPersona(t, a.headers, 'Mine');
    for (const who of [a, b]) {
      const res = await t.app.inject({ method: 'GET', url: v1(`/test-tenancy/careless/${mine.id}`), headers: who.headers });
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('Mine');
    }
    const ok = await t.app.inject({ method: 'GET', url: v1('/test-tenancy/careful'), headers: a.headers });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ data: Array<{ id: number }> }>().data.map((p) => p.id)).toContain(mine.id);
    const other = await t.app.inject({ method: 'GET', url: v1('/test-tenancy/careful'), headers: b.headers });
    expect(other.json<{ data: unknown[] }>().data).toEqual([]);
  });

  it('keeps a public route off account rows unless it declares a system scope', async () => {
    expect((await t.app.inject({ method: 'GET', url: v1('/test-tenancy/public-peek') })).statusCode).toBe(500);
    const declared = await t.app.inject({ method: 'GET', url: v1('/test-tenancy/system-peek') });
    expect(declared.statusCode).toBe(200);
    expect(declared.json<{ data: number }>().data).toBeGreaterThan(0);
  });

  it('checks statements inside transactions too', async () => {
    const a = await signedInUser(t, 'tenant-tx');
    const refused = await inAccount(a.user.account_id, a.user.id, () => t.db.db.transaction(async (tx) => tx.select().from(personas))).catch((e: unknown) => e);
    expect((refused as { cause?: unknown }).cause).toBeInstanceOf(TenancyViolation);
    await expect(inAccount(a.user.account_id, a.user.id, () => t.db.db.transaction(async (tx) => tx.select().from(personas).where(eq(personas.accountId, a.user.account_id))))).resolves.toEqual([]);
  });

  it('runs a job in the account its definition names: another account’s row is out of reach', async () => {
    const a = await signedInUser(t, 'job-a');
    const b = await signedInUser(t, 'job-b');
    const theirs = await createPersona(t, b.headers, 'Theirs');
    const seen: string[] = [];
    const job = defineJob<{ account_id: number; persona_id: number }, Deps>({
      name: 'test-tenancy-peek',
      payload: z.object({ account_id: dbId(), persona_id: dbId() }),
      scope: (_deps, p) => p.account_id,
      retryLimit: 0,
      handler: async (deps, p) => {
        const rows = await deps.db.select().from(personas).where(eq(personas.accountId, p.account_id));
        seen.push(...rows.map((r) => r.name));
        // Reading B's persona by id from A's job: refused.
        await deps.db.select().from(personas).where(eq(personas.id, p.persona_id));
      },
    });
    const queue = new JobQueue<Deps>(t.db.db, [job], { pollIntervalMs: 60_000, log: { error: () => {}, warn: () => {} } });
    await queue.start({ db: t.db.db } as Deps);
    try {
      const id = await queue.send(job, { account_id: a.user.account_id, persona_id: theirs.id });
      await queue.drain();
      expect(seen).not.toContain('Theirs');
      expect((await queue.state(job, id!))?.state).toBe('failed');
    } finally {
      await queue.stop();
    }
  });
});
