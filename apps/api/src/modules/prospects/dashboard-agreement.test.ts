import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneralStatistics } from '@shared/schemas/dashboard';
import type { Persona } from '@shared/schemas/personas';
import { DEMO_USER, seedDemo } from '../demo/seed';
import { DB_KINDS } from '../../testing/databases';
import { signIn, startTestApp, v1, type AuthHeaders, type TestApp } from '../../testing/harness';

type Page<T> = { data: T[]; meta: { total: number } };

/** The dashboard's prospect and persona figures are the prospects and personas pages' totals, on the demo data. */
describe.each(DB_KINDS)('dashboard counts agree with the prospects and personas pages on %s', (kind) => {
  let t: TestApp;
  let headers: AuthHeaders;
  beforeAll(async () => {
    t = await startTestApp(kind);
    expect(await seedDemo(t.db.db)).toBe(true);
    headers = await signIn(t, DEMO_USER.email, DEMO_USER.password);
  });
  afterAll(() => t.close());

  const stats = async () => {
    const res = await t.app.inject({ method: 'GET', url: v1('/dashboard_general_statistics?period=month'), headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: GeneralStatistics }>().data;
  };
  const prospectsTotal = async (body: object = {}) => {
    const res = await t.app.inject({ method: 'POST', url: v1('/prospects/search'), headers, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page<unknown>>().meta.total;
  };
  const personas = async () => (await t.app.inject({ method: 'GET', url: v1('/persons?view=compact&per_page=100'), headers })).json<Page<Persona>>();

  it('counts every prospect (in a persona or not) and every persona, before and after a persona is deleted', async () => {
    const before = await stats();
    expect(before.prospects_total).toBeGreaterThan(0);
    expect(before.prospects_total).toBe(await prospectsTotal());
    const list = await personas();
    expect(before.personas_count).toBe(list.meta.total);
    // Prospects in some persona plus those in none are all of them (a prospect may be in several personas).
    const inNone = await prospectsTotal({ persona: 'none' });
    expect(inNone).toBeLessThan(before.prospects_total);

    const doomed = list.data[0]!;
    expect((await t.app.inject({ method: 'DELETE', url: v1(`/persons/${doomed.id}`), headers })).statusCode).toBe(200);
    const after = await stats();
    expect(after.personas_count).toBe(before.personas_count - 1);
    expect(after.personas_count).toBe((await personas()).meta.total);
    // Deleting a persona keeps its prospects: the dashboard and the prospects page still show all of them.
    expect(after.prospects_total).toBe(before.prospects_total);
    expect(after.prospects_total).toBe(await prospectsTotal());
    expect(await prospectsTotal({ persona: 'none' })).toBeGreaterThan(inNone);
  });
});
