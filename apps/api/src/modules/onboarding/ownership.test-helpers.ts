import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../../db/schema';
import { v1, type signedInUser, type TestApp } from '../../testing/harness';
import { capturedProfile, createPersona } from '../../testing/profiles';

/**
 * Ownership probes for the onboarding routes (spread into routes.test.ts): user B can neither read
 * nor change user A's answers, draft, phone or profile search results through them.
 */

type Person = Awaited<ReturnType<typeof signedInUser>>;
type Probe = (t: TestApp, a: Person, b: Person) => Promise<void>;

let seq = 0;
const n = () => `${++seq}-${Date.now().toString(36)}`;
const state = async (t: TestApp, p: Person) => (await t.app.inject({ method: 'GET', url: v1('/onboarding'), headers: p.headers })).json().data;
const saveJobTitle = (t: TestApp, p: Person, jobTitle: string) =>
  t.app.inject({ method: 'PUT', url: v1('/onboarding/steps/job-title'), headers: p.headers, payload: { job_title: jobTitle } });

const personaIds = async (t: TestApp, p: Person) =>
  (await t.app.inject({ method: 'GET', url: v1('/persons?per_page=100'), headers: p.headers })).json<{ data: Array<{ id: number }> }>().data.map((x) => x.id);

export const onboardingOwnershipProbes: Record<string, Probe> = {
  'POST /api/v1/finish_onboarding': async (t, a, b) => {
    const before = (await t.app.inject({ method: 'GET', url: v1('/user_info'), headers: a.headers })).json().data.onboarding_finished;
    const aPersonas = await personaIds(t, a);
    const secret = `B's audience ${n()}`;
    await t.app.inject({
      method: 'PUT',
      url: v1('/onboarding/steps/potential-customers'),
      headers: b.headers,
      payload: { persona_name: secret, job_titles: ['CFO'], industries: [], company_sizes: [], locations: [] },
    });
    const res = await t.app.inject({ method: 'POST', url: v1('/finish_onboarding'), headers: b.headers });
    expect(res.json().data.email).toBe(b.email);
    // B finishing their onboarding leaves A's as it was, and creates nothing in A's account.
    expect((await t.app.inject({ method: 'GET', url: v1('/user_info'), headers: a.headers })).json().data.onboarding_finished).toBe(before);
    expect(await personaIds(t, a)).toEqual(aPersonas);
    expect((await t.app.inject({ method: 'GET', url: v1('/persons?per_page=100'), headers: a.headers })).body).not.toContain(secret);
  },
  'GET /api/v1/onboarding': async (t, a, b) => {
    const secret = `A's secret title ${n()}`;
    expect((await saveJobTitle(t, a, secret)).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: v1('/onboarding'), headers: b.headers });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(secret);
    expect(res.body).not.toContain(a.email);
  },
  'PUT /api/v1/onboarding/steps/:slug': async (t, a, b) => {
    const mine = `A title ${n()}`;
    await saveJobTitle(t, a, mine);
    const before = await state(t, a);
    expect((await saveJobTitle(t, b, `B title ${n()}`)).statusCode).toBe(200);
    const after = await state(t, a);
    expect(after.answers['job-title']).toEqual({ job_title: mine });
    expect(after.current_step).toBe(before.current_step);
  },
  'GET /api/v1/search_users': async (t, a, b) => {
    const persona = await createPersona(t, a.headers, `A's search pool ${n()}`);
    const name = `Zebediah Quill ${n()}`;
    const added = await t.app.inject({
      method: 'POST',
      url: v1(`/persons/${persona.id}/prospects`),
      headers: a.headers,
      payload: { profile: capturedProfile({ profile_url: `https://www.linkedin.com/in/zq-${n()}/`, full_name: name }) },
    });
    expect(added.statusCode, added.body).toBe(200);
    const url = v1(`/search_users?query=${encodeURIComponent('Zebediah')}`);
    expect((await t.app.inject({ method: 'GET', url, headers: a.headers })).body).toContain(name);
    const res = await t.app.inject({ method: 'GET', url, headers: b.headers });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(name);
  },
  'POST /api/v1/generate_onboarding_info': async (t, a, b) => {
    const secret = `Zorblax ${n()}`;
    await t.app.inject({
      method: 'PUT',
      url: v1('/onboarding/steps/solution'),
      headers: a.headers,
      payload: { offering_name: secret, solution: 'A very secret solution of A.' },
    });
    const res = await t.app.inject({ method: 'POST', url: v1('/generate_onboarding_info'), headers: b.headers, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(secret);
    // B's draft is B's: A's stays as it was (none here, or A's own).
    expect(JSON.stringify((await state(t, a)).draft ?? {})).not.toContain('VP Sales or CRO');
    expect(JSON.stringify((await state(t, b)).draft)).not.toContain(secret);
  },
  'POST /api/v1/onboarding/phone/send_code': async (t, a, b) => {
    const [before] = await t.db.db.select().from(users).where(eq(users.email, a.email));
    const res = await t.app.inject({ method: 'POST', url: v1('/onboarding/phone/send_code'), headers: b.headers, payload: { phone: '+4930123456' } });
    expect([200, 429]).toContain(res.statusCode);
    const [after] = await t.db.db.select().from(users).where(eq(users.email, a.email));
    expect(after!.phone).toBe(before!.phone);
    expect(after!.phoneVerifiedAt).toEqual(before!.phoneVerifiedAt);
  },
  'POST /api/v1/onboarding/phone/verify': async (t, a, b) => {
    // A asks for a code; B trying it verifies nothing of A's (B's own code, if any, is checked).
    await t.app.inject({ method: 'POST', url: v1('/onboarding/phone/send_code'), headers: a.headers, payload: { phone: '+4930765432' } });
    const last = t.sms.filter((m) => m.to === '+4930765432').at(-1);
    if (last) {
      const code = /code is (\d{6})/.exec(last.text)![1]!;
      const res = await t.app.inject({ method: 'POST', url: v1('/onboarding/phone/verify'), headers: b.headers, payload: { code } });
      expect(res.statusCode).toBe(422);
    }
    const [aRow] = await t.db.db.select().from(users).where(eq(users.email, a.email));
    expect(aRow!.phoneVerifiedAt).toBeNull();
  },
};
