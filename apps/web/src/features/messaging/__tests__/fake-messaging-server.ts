import type { InternalAxiosRequestConfig } from 'axios';
import type { FollowupSettings, MessageInstruction, MessagingSetting, Offering } from '@shared/schemas/messaging';
import type { Persona, Prospect } from '@shared/schemas/personas';
import { fakeAdapter, type FakeReply } from '@web/testing/fake-adapter';
import { userFixture } from '@web/testing/user-fixture';

const now = '2026-03-01T10:00:00.000Z';

export const personaFixture = (id: number, name: string): Persona =>
  ({ id, name, description: null, prospects_count: 1, created_at: now, updated_at: now }) as Persona;

export const prospectFixture = (id: number, fullName: string, personaId: number): Prospect =>
  ({
    id,
    linkedin_url: null,
    email: null,
    full_name: fullName,
    first_name: null,
    last_name: null,
    headline: null,
    title: 'Head of Sales',
    company: 'Acme',
    location: null,
    photo_url: null,
    source: 'manual',
    persona_ids: [personaId],
    created_at: now,
    updated_at: now,
  }) as Prospect;

/** An in-memory messaging API behind the fake axios adapter. */
export function fakeMessagingServer() {
  const db = {
    settings: [] as MessagingSetting[],
    offerings: [] as Offering[],
    personas: [] as Persona[],
    prospects: [] as Prospect[],
    followup: {
      number_of_followups: 3,
      spacing_days: 3,
      stop_rules: { on_reply: true, on_meeting_booked: true, on_unsubscribe: true, on_bounce: true },
      updated_at: null,
    } as FollowupSettings,
    instructions: [] as MessageInstruction[],
    /** The next POST or PUT of a message instruction answers this error instead. */
    failNextInstructionSave: null as FakeReply | null,
    /** The next category generate_example_text answers this error instead. */
    failNextCategoryGenerate: null as FakeReply | null,
    /** The next PUT answers this error instead. */
    failNextPut: null as FakeReply | null,
    /** generate_example_text answers 202 and the job needs this many polls. */
    pendingPolls: 0,
    /** The signed-in user (GET user_info); null answers 401. */
    user: userFixture() as Record<string, unknown> | null,
  };
  let nextId = 1;
  const setting = (body: Partial<MessagingSetting>): MessagingSetting => ({
    id: nextId++,
    persona_id: null,
    persona_name: null,
    offering_id: null,
    name: '',
    tone_voice: 'Professional',
    language: 'en',
    message_guidelines: '',
    instructions_script: '',
    call_to_action: '',
    case_studies: [],
    signature: '',
    example_prospect_id: null,
    created_at: now,
    updated_at: now,
    ...body,
  });
  let polls = 0;
  const handler = (config: InternalAxiosRequestConfig): FakeReply => {
    const url = config.url ?? '';
    const method = config.method?.toUpperCase();
    const body = config.data ? (JSON.parse(String(config.data)) as Record<string, unknown>) : {};
    if (url === '/messaging_settings' && method === 'GET') return { status: 200, data: { data: db.settings } };
    if (url === '/messaging_settings' && method === 'POST') {
      const s = setting(body as Partial<MessagingSetting>);
      db.settings.push(s);
      return { status: 200, data: { data: s } };
    }
    const put = /^\/messaging_settings\/(\d+)$/.exec(url);
    if (put && method === 'PUT') {
      if (db.failNextPut) {
        const reply = db.failNextPut;
        db.failNextPut = null;
        return reply;
      }
      const i = db.settings.findIndex((s) => s.id === Number(put[1]));
      if (i < 0) return { status: 404, data: { errors: ['Messaging settings not found'] } };
      db.settings[i] = { ...db.settings[i]!, ...(body as Partial<MessagingSetting>) };
      return { status: 200, data: { data: db.settings[i] } };
    }
    if (url === '/offerings' && method === 'GET') return { status: 200, data: { data: db.offerings } };
    if (url === '/offerings' && method === 'POST') {
      const o = { id: 100 + db.offerings.length, description: '', price_min: null, price_max: null, currency: 'USD', price_period: 'one_time', url: null, created_at: now, updated_at: now, ...body } as Offering;
      db.offerings.push(o);
      return { status: 200, data: { data: o } };
    }
    const offeringId = /^\/offerings\/(\d+)$/.exec(url);
    if (offeringId && method === 'DELETE') {
      db.offerings = db.offerings.filter((o) => o.id !== Number(offeringId[1]));
      return { status: 200, data: { data: { id: Number(offeringId[1]) } } };
    }
    if (url === '/persons' && method === 'GET') return { status: 200, data: { data: db.personas, meta: { page: 1, per_page: 100, total: db.personas.length } } };
    const loaded = /^\/persons\/(\d+)\/loaded_prospects$/.exec(url);
    if (loaded) {
      const list = db.prospects.filter((p) => p.persona_ids.includes(Number(loaded[1])));
      return { status: 200, data: { data: list, meta: { page: 1, per_page: 50, total: list.length } } };
    }
    if (url === '/followup_settings' && method === 'GET') return { status: 200, data: { data: db.followup } };
    if (url === '/followup_settings' && method === 'PUT') {
      const b = body as Partial<FollowupSettings>;
      db.followup = { ...db.followup, ...b, stop_rules: { ...db.followup.stop_rules, ...(b.stop_rules ?? {}) }, updated_at: now };
      return { status: 200, data: { data: db.followup } };
    }
    if (url === '/message_instructions_by_categories' && method === 'GET') return { status: 200, data: { data: db.instructions } };
    if (url === '/message_instructions_by_categories/generate_example_text' && method === 'POST') {
      if (db.failNextCategoryGenerate) {
        const reply = db.failNextCategoryGenerate;
        db.failNextCategoryGenerate = null;
        return reply;
      }
      const instruction = db.instructions.find((i) => i.id === body.message_instruction_id);
      const text = `A ${String(body.category)} following: ${String(body.instructions ?? instruction?.instructions ?? '').replace(/<[^>]*>/g, '')}`;
      return {
        status: 200,
        data: {
          data: {
            text,
            html: `<p>${text}</p><p><img src=x onerror="window.__xss=1"></p>`,
            subject: null,
            prospect_id: null,
            persona_id: null,
            messaging_setting_id: (body.messaging_setting_id as number | undefined) ?? null,
            provider: 'composer',
          },
        },
      };
    }
    const instructionId = /^\/message_instructions_by_categories(?:\/(\d+))?$/.exec(url);
    if (instructionId && (method === 'POST' || method === 'PUT') && db.failNextInstructionSave) {
      const reply = db.failNextInstructionSave;
      db.failNextInstructionSave = null;
      return reply;
    }
    if (instructionId && !instructionId[1] && method === 'POST') {
      const i = { id: 500 + db.instructions.length, instructions: '', created_at: now, updated_at: now, ...body } as MessageInstruction;
      db.instructions.push(i);
      return { status: 200, data: { data: i } };
    }
    if (instructionId?.[1] && method === 'PUT') {
      const i = db.instructions.findIndex((x) => x.id === Number(instructionId[1]));
      if (i < 0) return { status: 404, data: { errors: ['Message instruction not found'] } };
      db.instructions[i] = { ...db.instructions[i]!, ...(body as Partial<MessageInstruction>) };
      return { status: 200, data: { data: db.instructions[i] } };
    }
    if (url === '/generate_example_text' && method === 'POST') {
      const prospect = db.prospects.find((p) => p.id === body.prospect_id);
      const s = db.settings.find((x) => x.id === body.messaging_setting_id);
      const text = `Hi ${prospect?.full_name ?? 'there'}, tone: ${s?.tone_voice ?? 'n/a'}.`;
      const result = {
        text,
        html: `<p>${text}</p><p><img src=x onerror="window.__xss=1">${s?.signature ?? ''}</p>`,
        subject: 'A quick idea',
        prospect_id: prospect?.id ?? null,
        persona_id: null,
        messaging_setting_id: s?.id ?? null,
        provider: 'composer',
      };
      if (db.pendingPolls > 0) {
        polls = db.pendingPolls;
        (db as unknown as { lastResult: unknown }).lastResult = result;
        return { status: 202, data: { job_id: '3f1c1d1e-0000-4000-8000-000000000001', status: 'pending' } };
      }
      return { status: 200, data: { data: result } };
    }
    if (url.startsWith('/generation_jobs/')) {
      polls -= 1;
      const done = polls <= 0;
      return {
        status: 200,
        data: {
          data: {
            id: url.split('/').at(-1),
            status: done ? 'succeeded' : 'pending',
            result: done ? (db as unknown as { lastResult: unknown }).lastResult : null,
            error: null,
            error_status: null,
            created_at: now,
            finished_at: done ? now : null,
          },
        },
      };
    }
    if (url === '/user_info' && method === 'GET') {
      return db.user ? { status: 200, data: { data: db.user } } : { status: 401, data: { errors: ['You need to sign in or sign up before continuing.'] } };
    }
    if (url === '/test_call' && method === 'POST') {
      return { status: 200, data: { data: { status: 'simulated', simulated: true, call_id: null, message: `Test call to ${String(body.phone)} simulated` } } };
    }
    return { status: 404, data: { errors: [`No fake for ${method} ${url}`] } };
  };
  // Replies are copies, as over a real network: the cache must never share objects with the fake db.
  const adapter = fakeAdapter((config) => {
    const reply = handler(config);
    return { ...reply, data: reply.data === undefined ? undefined : structuredClone(reply.data) };
  });
  const calls = (m: string, u: string | RegExp) =>
    adapter.calls.filter((c) => c.method?.toUpperCase() === m && (typeof u === 'string' ? c.url === u : u.test(c.url ?? '')));
  return { db, adapter, calls, setting };
}
