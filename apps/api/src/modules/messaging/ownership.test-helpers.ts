import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { MessageInstruction, MessagingSetting, Offering } from '@shared/schemas/messaging';
import { activities, generationJobs, users } from '../../db/schema';
import { v1, type AuthHeaders, type signedInUser, type TestApp } from '../../testing/harness';
import { capturedProfile, createPersona } from '../../testing/profiles';

/**
 * Ownership probes for the offerings, messaging, follow-up, instruction, generation and test-call
 * routes (spread into routes.test.ts): user B can neither read nor change user A's rows through them.
 * Also the fixtures the module's own tests use.
 */

type Person = Awaited<ReturnType<typeof signedInUser>>;
type Probe = (t: TestApp, a: Person, b: Person) => Promise<void>;

let seq = 0;
const n = () => `${++seq}-${Date.now().toString(36)}`;

export async function accountIdOf(t: TestApp, p: Person): Promise<number> {
  const [row] = await t.db.db.select({ accountId: users.accountId }).from(users).where(eq(users.email, p.email));
  return row!.accountId;
}

export async function createOffering(t: TestApp, headers: AuthHeaders, body: Record<string, unknown> = {}): Promise<Offering> {
  const res = await t.app.inject({
    method: 'POST',
    url: v1('/offerings'),
    headers,
    payload: { name: `Offering ${n()}`, description: 'Revenue forecasting for B2B teams.', price_min: 500, price_max: 2000, ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Offering }>().data;
}

export async function createSetting(t: TestApp, headers: AuthHeaders, body: Record<string, unknown> = {}): Promise<MessagingSetting> {
  const res = await t.app.inject({ method: 'POST', url: v1('/messaging_settings'), headers, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: MessagingSetting }>().data;
}

/** A persona of this user's with one captured prospect. */
export async function personaWithProspect(t: TestApp, headers: AuthHeaders, profile: Parameters<typeof capturedProfile>[0] = {}) {
  const persona = await createPersona(t, headers, `Persona ${n()}`);
  const res = await t.app.inject({
    method: 'POST',
    url: v1(`/persons/${persona.id}/prospects`),
    headers,
    payload: { profile: capturedProfile({ profile_url: `https://www.linkedin.com/in/probe-${n()}/`, ...profile }) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { persona, prospectId: res.json<{ data: { id: number } }>().data.id };
}

const CATEGORIES = ['cold_email', 'follow_up', 'reply', 'linkedin_invitation', 'linkedin_message', 'call_script', 'social_post'];
/** An instruction of this user's in a category not used yet (falls back to updating an existing one). */
export async function createInstruction(t: TestApp, headers: AuthHeaders, title = `Instruction ${n()}`): Promise<MessageInstruction> {
  const list = (await t.app.inject({ method: 'GET', url: v1('/message_instructions_by_categories'), headers })).json<{ data: MessageInstruction[] }>().data;
  const free = CATEGORIES.find((c) => !list.some((i) => i.category === c));
  if (!free) {
    const res = await t.app.inject({ method: 'PUT', url: v1(`/message_instructions_by_categories/${list[0]!.id}`), headers, payload: { title } });
    return res.json<{ data: MessageInstruction }>().data;
  }
  const res = await t.app.inject({
    method: 'POST',
    url: v1('/message_instructions_by_categories'),
    headers,
    payload: { category: free, title, instructions: '<p>Keep it short.</p>' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: MessageInstruction }>().data;
}

const get = (t: TestApp, p: Person, url: string) => t.app.inject({ method: 'GET', url: v1(url), headers: p.headers });

export const messagingOwnershipProbes: Record<string, Probe> = {
  'GET /api/v1/offerings': async (t, a, b) => {
    const o = await createOffering(t, a.headers);
    const res = await get(t, b, '/offerings');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(o.name);
  },
  'POST /api/v1/offerings': async (t, a, b) => {
    const aAccount = await accountIdOf(t, a);
    const logged = async () =>
      (await t.db.db.select({ n: count() }).from(activities).where(and(eq(activities.accountId, aAccount), eq(activities.verb, 'offering_created'))))[0]!.n;
    const before = await logged();
    const o = await createOffering(t, b.headers);
    expect((await get(t, a, '/offerings')).json<{ data: Offering[] }>().data.map((x) => x.id)).not.toContain(o.id);
    // B's creation is logged in B's account, not A's.
    expect(await logged()).toBe(before);
  },
  'GET /api/v1/offerings/:id': async (t, a, b) => {
    const o = await createOffering(t, a.headers);
    const res = await get(t, b, `/offerings/${o.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: ['Offering not found'] });
  },
  'PUT /api/v1/offerings/:id': async (t, a, b) => {
    const o = await createOffering(t, a.headers);
    const res = await t.app.inject({ method: 'PUT', url: v1(`/offerings/${o.id}`), headers: b.headers, payload: { name: 'Stolen' } });
    expect(res.statusCode).toBe(404);
    expect((await get(t, a, `/offerings/${o.id}`)).json().data.name).toBe(o.name);
  },
  'DELETE /api/v1/offerings/:id': async (t, a, b) => {
    const o = await createOffering(t, a.headers);
    expect((await t.app.inject({ method: 'DELETE', url: v1(`/offerings/${o.id}`), headers: b.headers })).statusCode).toBe(404);
    expect((await get(t, a, `/offerings/${o.id}`)).statusCode).toBe(200);
  },
  'POST /api/v1/claims_check': async (t, a, b) => {
    // A's approved claim does not support B's text, and A's offering is not B's to check against.
    const o = await createOffering(t, a.headers, { claims: [{ text: 'Cuts forecast error by 38%', kind: 'number', source: 'A case study' }] });
    const check = (payload: object) => t.app.inject({ method: 'POST', url: v1('/claims_check'), headers: b.headers, payload });
    const res = await check({ body: 'We cut forecast error by 38%.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.flags.map((f: { fragment: string }) => f.fragment)).toEqual(['38%']);
    expect((await check({ body: 'Hi', offering_id: o.id })).statusCode).toBe(404);
  },
  'GET /api/v1/messaging_settings': async (t, a, b) => {
    const { persona } = await personaWithProspect(t, a.headers);
    const s = await createSetting(t, a.headers, { persona_id: persona.id, call_to_action: `A's CTA ${n()}` });
    const res = await get(t, b, '/messaging_settings');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((x: { id: number }) => x.id)).not.toContain(s.id);
    expect(res.body).not.toContain(s.call_to_action);
  },
  'GET /api/v1/messaging_settings/:id/edit': async (t, a, b) => {
    const { persona } = await personaWithProspect(t, a.headers);
    const s = await createSetting(t, a.headers, { persona_id: persona.id });
    const res = await get(t, b, `/messaging_settings/${s.id}/edit`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: ['Messaging setting not found'] });
  },
  'POST /api/v1/messaging_settings': async (t, a, b) => {
    const { persona, prospectId } = await personaWithProspect(t, a.headers);
    const o = await createOffering(t, a.headers);
    // B cannot attach A's persona, offering or prospect to a setting of B's.
    for (const payload of [{ persona_id: persona.id }, { offering_id: o.id }, { example_prospect_id: prospectId }]) {
      const res = await t.app.inject({ method: 'POST', url: v1('/messaging_settings'), headers: b.headers, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
  },
  'PUT /api/v1/messaging_settings/:id': async (t, a, b) => {
    const { persona } = await personaWithProspect(t, a.headers);
    const s = await createSetting(t, a.headers, { persona_id: persona.id, tone_voice: 'Formal' });
    const res = await t.app.inject({ method: 'PUT', url: v1(`/messaging_settings/${s.id}`), headers: b.headers, payload: { tone_voice: 'Hacked' } });
    expect(res.statusCode).toBe(404);
    expect((await get(t, a, `/messaging_settings/${s.id}/edit`)).json().data.tone_voice).toBe('Formal');
  },
  'DELETE /api/v1/messaging_settings/:id': async (t, a, b) => {
    const { persona } = await personaWithProspect(t, a.headers);
    const s = await createSetting(t, a.headers, { persona_id: persona.id });
    expect((await t.app.inject({ method: 'DELETE', url: v1(`/messaging_settings/${s.id}`), headers: b.headers })).statusCode).toBe(404);
    expect((await get(t, a, `/messaging_settings/${s.id}/edit`)).statusCode).toBe(200);
  },
  'POST /api/v1/assign_instruction_to_person': async (t, a, b) => {
    const { persona } = await personaWithProspect(t, a.headers);
    const s = await createSetting(t, a.headers, { persona_id: persona.id });
    const own = await personaWithProspect(t, b.headers);
    const ownSetting = await createSetting(t, b.headers, { persona_id: own.persona.id });
    const steal = await t.app.inject({
      method: 'POST',
      url: v1('/assign_instruction_to_person'),
      headers: b.headers,
      payload: { messaging_setting_id: s.id, person_id: own.persona.id },
    });
    expect(steal.statusCode).toBe(404);
    const intoA = await t.app.inject({
      method: 'POST',
      url: v1('/assign_instruction_to_person'),
      headers: b.headers,
      payload: { messaging_setting_id: ownSetting.id, person_id: persona.id },
    });
    expect(intoA.statusCode).toBe(404);
    expect((await get(t, a, `/messaging_settings/${s.id}/edit`)).json().data.persona_id).toBe(persona.id);
  },
  'GET /api/v1/followup_settings': async (t, a, b) => {
    await t.app.inject({ method: 'PUT', url: v1('/followup_settings'), headers: a.headers, payload: { number_of_followups: 7, spacing_days: 11 } });
    const res = await get(t, b, '/followup_settings');
    expect(res.json().data).not.toMatchObject({ number_of_followups: 7, spacing_days: 11 });
  },
  'PUT /api/v1/followup_settings': async (t, a, b) => {
    await t.app.inject({ method: 'PUT', url: v1('/followup_settings'), headers: a.headers, payload: { number_of_followups: 2, spacing_days: 5 } });
    await t.app.inject({ method: 'PUT', url: v1('/followup_settings'), headers: b.headers, payload: { number_of_followups: 9, spacing_days: 29 } });
    expect((await get(t, a, '/followup_settings')).json().data).toMatchObject({ number_of_followups: 2, spacing_days: 5 });
  },
  'GET /api/v1/message_instructions_by_categories': async (t, a, b) => {
    const i = await createInstruction(t, a.headers);
    const res = await get(t, b, '/message_instructions_by_categories');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((x: { id: number }) => x.id)).not.toContain(i.id);
  },
  'GET /api/v1/message_instructions_by_categories/:id': async (t, a, b) => {
    const i = await createInstruction(t, a.headers);
    const res = await get(t, b, `/message_instructions_by_categories/${i.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: ['Message instruction not found'] });
  },
  'PUT /api/v1/message_instructions_by_categories/:id': async (t, a, b) => {
    const i = await createInstruction(t, a.headers);
    const res = await t.app.inject({ method: 'PUT', url: v1(`/message_instructions_by_categories/${i.id}`), headers: b.headers, payload: { title: 'Hacked' } });
    expect(res.statusCode).toBe(404);
    expect((await get(t, a, `/message_instructions_by_categories/${i.id}`)).json().data.title).toBe(i.title);
  },
  'POST /api/v1/message_instructions_by_categories': async (t, a, b) => {
    const i = await createInstruction(t, a.headers);
    // Categories are unique per account: B may use A's category for B's own instruction.
    const list = (await get(t, b, '/message_instructions_by_categories')).json<{ data: MessageInstruction[] }>().data;
    if (!list.some((x) => x.category === i.category)) {
      const res = await t.app.inject({
        method: 'POST',
        url: v1('/message_instructions_by_categories'),
        headers: b.headers,
        payload: { category: i.category, title: 'B' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.id).not.toBe(i.id);
    }
    expect((await get(t, a, `/message_instructions_by_categories/${i.id}`)).json().data.title).toBe(i.title);
  },
  'POST /api/v1/message_instructions_by_categories/generate_example_text': async (t, a, b) => {
    const i = await createInstruction(t, a.headers);
    const { prospectId } = await personaWithProspect(t, a.headers);
    for (const payload of [{ message_instruction_id: i.id }, { prospect_id: prospectId }]) {
      const res = await t.app.inject({ method: 'POST', url: v1('/message_instructions_by_categories/generate_example_text'), headers: b.headers, payload });
      expect(res.statusCode, res.body).toBe(404);
    }
  },
  'POST /api/v1/generate_example_text': async (t, a, b) => {
    const { persona, prospectId } = await personaWithProspect(t, a.headers, { current_title: 'Chief Secret Officer' });
    const s = await createSetting(t, a.headers, { persona_id: persona.id, call_to_action: 'Secret CTA of A' });
    for (const payload of [{ prospect_id: prospectId }, { persona_id: persona.id }, { messaging_setting_id: s.id }]) {
      const res = await t.app.inject({ method: 'POST', url: v1('/generate_example_text'), headers: b.headers, payload });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.body).not.toContain('Secret');
    }
  },
  'GET /api/v1/generation_jobs/:id': async (t, a, b) => {
    const id = randomUUID();
    await t.db.db.insert(generationJobs).values({ id, accountId: await accountIdOf(t, a), kind: 'example_message', status: 'succeeded', result: { text: 'A secret', html: '<p>A secret</p>', subject: null, prospect_id: null, persona_id: null, messaging_setting_id: null, provider: 'composer' } });
    expect((await get(t, a, `/generation_jobs/${id}`)).statusCode).toBe(200);
    const res = await get(t, b, `/generation_jobs/${id}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('A secret');
  },
  'POST /api/v1/test_call': async (t, a, b) => {
    const aAccount = await accountIdOf(t, a);
    const countA = async () =>
      (await t.db.db.select({ n: count() }).from(activities).where(and(eq(activities.accountId, aAccount), eq(activities.verb, 'test_call'))))[0]!.n;
    const before = await countA();
    const res = await t.app.inject({ method: 'POST', url: v1('/test_call'), headers: b.headers, payload: { phone: '+14155550123' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await countA()).toBe(before);
  },
};
