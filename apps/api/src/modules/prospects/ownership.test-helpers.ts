import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { prospects, users } from '../../db/schema';
import type { signedInUser, TestApp } from '../../testing/harness';
import { v1 } from '../../testing/harness';
import { createPersona } from '../../testing/profiles';

type Person = Awaited<ReturnType<typeof signedInUser>>;
type Probe = (t: TestApp, a: Person, b: Person) => Promise<void>;

let seq = 0;
const unique = () => `${++seq}-${Date.now().toString(36)}`;

export async function accountIdOf(t: TestApp, p: Person): Promise<number> {
  const [row] = await t.db.db.select({ accountId: users.accountId }).from(users).where(eq(users.email, p.email));
  return row!.accountId;
}

export type SeedProspect = Partial<typeof prospects.$inferInsert> & { fullName: string };

/** Prospects written straight into the account (in no persona), as an import would leave them. */
export async function seedProspects(t: TestApp, accountId: number, rows: SeedProspect[]) {
  return t.db.db
    .insert(prospects)
    .values(rows.map((r) => ({ source: 'import' as const, ...r, accountId })))
    .returning({ id: prospects.id, fullName: prospects.fullName });
}

const inject = (t: TestApp, p: Person, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: v1(url), headers: p.headers, ...(payload ? { payload } : {}) });

/** A's prospect with a distinctive name, in no persona. */
async function prospectOf(t: TestApp, a: Person) {
  const name = `Secret Prospect ${unique()}`;
  const [row] = await seedProspects(t, await accountIdOf(t, a), [{ fullName: name, email: `${name.replace(/\W+/g, '-')}@a.example` }]);
  return { id: row!.id, name };
}

/** Ownership probes for the account-wide prospects routes (routes.test.ts walks them). */
export const prospectOwnershipProbes: Record<string, Probe> = {
  'POST /api/v1/prospects/search': async (t, a, b) => {
    const { name } = await prospectOf(t, a);
    expect((await inject(t, a, 'POST', '/prospects/search', { search: name })).json().meta.total).toBe(1);
    const res = await inject(t, b, 'POST', '/prospects/search', { search: name });
    expect(res.json()).toMatchObject({ data: [], meta: { total: 0 } });
    // A's persona as B's membership filter answers like a missing persona.
    const persona = await createPersona(t, a.headers, `A search ${unique()}`);
    expect((await inject(t, b, 'POST', '/prospects/search', { persona: persona.id })).statusCode).toBe(404);
  },
  'POST /api/v1/prospects/add_to_persona': async (t, a, b) => {
    const { id } = await prospectOf(t, a);
    const aPersona = await createPersona(t, a.headers, `A target ${unique()}`);
    const bPersona = await createPersona(t, b.headers, `B target ${unique()}`);
    // B cannot put A's prospect into B's persona, nor anything into A's persona.
    const intoB = await inject(t, b, 'POST', '/prospects/add_to_persona', { persona_id: bPersona.id, selection: { ids: [id] } });
    expect(intoB.json().data).toEqual({ added: 0, already: 0 });
    expect((await inject(t, b, 'GET', `/persons/${bPersona.id}/loaded_prospects`)).json().meta.total).toBe(0);
    const intoA = await inject(t, b, 'POST', '/prospects/add_to_persona', { persona_id: aPersona.id, selection: { all_matching: {} } });
    expect(intoA.statusCode).toBe(404);
    expect((await inject(t, a, 'GET', `/persons/${aPersona.id}/loaded_prospects`)).json().meta.total).toBe(0);
  },
  'POST /api/v1/prospects/delete': async (t, a, b) => {
    const { id, name } = await prospectOf(t, a);
    const byId = await inject(t, b, 'POST', '/prospects/delete', { selection: { ids: [id] } });
    expect(byId.json().data).toEqual({ deleted: 0 });
    const all = await inject(t, b, 'POST', '/prospects/delete', { selection: { all_matching: { search: name } } });
    expect(all.json().data).toEqual({ deleted: 0 });
    expect((await inject(t, a, 'POST', '/prospects/search', { search: name })).json().meta.total).toBe(1);
  },
  'POST /api/v1/prospects/export': async (t, a, b) => {
    const { id, name } = await prospectOf(t, a);
    const byId = await inject(t, b, 'POST', '/prospects/export', { selection: { ids: [id] } });
    expect(byId.statusCode).toBe(200);
    expect(byId.body).not.toContain(name);
    const all = await inject(t, b, 'POST', '/prospects/export', { selection: { all_matching: {} } });
    expect(all.body).not.toContain(name);
  },
  'GET /api/v1/campaign_emails/export_prospects_by_person/:id': async (t, a, b) => {
    const { id, name } = await prospectOf(t, a);
    const persona = await createPersona(t, a.headers, `A export ${unique()}`);
    await inject(t, a, 'POST', '/prospects/add_to_persona', { persona_id: persona.id, selection: { ids: [id] } });
    expect((await inject(t, a, 'GET', `/campaign_emails/export_prospects_by_person/${persona.id}`)).body).toContain(name);
    const res = await inject(t, b, 'GET', `/campaign_emails/export_prospects_by_person/${persona.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(name);
  },
};
