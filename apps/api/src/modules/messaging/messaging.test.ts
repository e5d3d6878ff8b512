import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedText, GenerationJob, MessagingSetting, Offering } from '@shared/schemas/messaging';
import { deriveAllowList, RICH_TEXT_FIELDS } from '@shared/rich-text/allow-list';
import { activities } from '../../db/schema';
import { assertHarmlessHtml } from '../../lib/__fixtures__/xss-assert';
import { XSS_VECTORS } from '@shared/rich-text/xss-vectors';
import { isSafeText, UNSAFE_TEXT_MESSAGE } from '@shared/schemas/primitives';
import { DB_KINDS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type AuthHeaders, type TestApp } from '../../testing/harness';
import { accountIdOf, createOffering, createSetting, personaWithProspect } from './ownership.test-helpers';

type Person = Awaited<ReturnType<typeof signedInUser>>;

/** A chat-completions server whose answer time and status are chosen by the model name. */
async function startChatServer() {
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw) as { model: string; messages: Array<{ content: string }> };
      const send = (status: number, json: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      const ok = () => send(200, { choices: [{ message: { role: 'assistant', content: `Subject: From the model\n\nHello from ${body.model}.\n\nSecond paragraph.` } }] });
      if (body.model === 'slow') setTimeout(ok, 600);
      else if (body.model === 'slow-broken') setTimeout(() => send(503, { error: { message: 'busy' } }), 600);
      else if (body.model === 'broken') send(500, { error: { message: 'model overloaded' } });
      else if (body.model === 'hang') setTimeout(ok, 5000);
      else ok();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe.each(DB_KINDS)('offerings, messaging and generation on %s', (kind) => {
  let t: TestApp;
  let me: Person;
  let headers: AuthHeaders;
  beforeAll(async () => {
    t = await startTestApp(kind);
    me = await signedInUser(t, 'messaging');
    headers = me.headers;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, h: AuthHeaders = headers) =>
    t.app.inject({ method, url: v1(url), headers: h, ...(payload !== undefined ? { payload: payload as object } : {}) });

  describe('offerings', () => {
    it('creates, lists, reads, updates and deletes; creation is logged', async () => {
      const o = await createOffering(t, headers, { name: 'Pipeline Pro', url: 'https://pipeline.example/pro', currency: 'EUR', price_period: 'month' });
      expect(o).toMatchObject({ name: 'Pipeline Pro', price_min: 500, price_max: 2000, currency: 'EUR', price_period: 'month', url: 'https://pipeline.example/pro' });
      expect((await call('GET', '/offerings')).json<{ data: Offering[] }>().data.map((x) => x.id)).toContain(o.id);
      expect((await call('GET', `/offerings/${o.id}`)).json().data.name).toBe('Pipeline Pro');
      const upd = await call('PUT', `/offerings/${o.id}`, { price_max: 900, description: 'New' });
      expect(upd.json().data).toMatchObject({ price_min: 500, price_max: 900, description: 'New', name: 'Pipeline Pro' });
      const logged = await t.db.db
        .select()
        .from(activities)
        .where(and(eq(activities.accountId, await accountIdOf(t, me)), eq(activities.verb, 'offering_created')));
      expect(logged.find((a) => a.payload.offering_id === o.id)).toMatchObject({ actorType: 'user', channel: null });
      expect((await call('DELETE', `/offerings/${o.id}`)).json()).toEqual({ data: { id: o.id } });
      expect((await call('GET', `/offerings/${o.id}`)).statusCode).toBe(404);
      expect((await call('DELETE', `/offerings/${o.id}`)).statusCode).toBe(404);
    });
    it.each([
      [{}, 'name'],
      [{ name: '  ' }, 'Name is required'],
      [{ name: 'X', url: 'javascript:alert(1)' }, 'URL must start with http:// or https://'],
      [{ name: 'X', price_min: -1 }, 'Price must be 0 or more'],
      [{ name: 'X', price_min: 10, price_max: 5 }, 'The highest price must not be lower than the lowest price'],
      [{ name: 'X', currency: 'XYZ' }, 'Currency is not supported'],
      [{ name: 'X', extra: 1 }, 'extra'],
    ])('refuses %j with 422', async (payload, message) => {
      const res = await call('POST', '/offerings', payload);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.body).toContain(message);
    });
    it('refuses an update that inverts the stored price range, and bad ids', async () => {
      const o = await createOffering(t, headers);
      expect((await call('PUT', `/offerings/${o.id}`, { price_max: 1 })).statusCode).toBe(422);
      expect((await call('GET', '/offerings/abc')).statusCode).toBe(422);
      expect((await call('PUT', '/offerings/999999', { name: 'x' })).statusCode).toBe(404);
    });
  });

  describe('messaging settings', () => {
    it('creates the default and one per persona, sanitising rich text on write', async () => {
      const { persona } = await personaWithProspect(t, headers);
      const s = await createSetting(t, headers, {
        persona_id: persona.id,
        tone_voice: 'Friendly',
        message_guidelines: '<h2>Rules</h2><p onclick="alert(1)">Be <b>brief</b><script>alert(1)</script></p>',
        signature: '<h3>Sam</h3><p><a href="javascript:alert(1)">site</a></p><ul><li>one</li></ul>',
        case_studies: [{ title: 'Acme', summary: 'Cut churn by 20%', url: 'https://acme.example/case' }],
      });
      expect(s.message_guidelines).toBe('<h2>Rules</h2><p>Be <b>brief</b></p>');
      expect(s.signature).toBe('<p><strong>Sam</strong></p><p><a href="" rel="noopener noreferrer nofollow">site</a></p>one<br>');
      expect(s).toMatchObject({ persona_id: persona.id, persona_name: persona.name, tone_voice: 'Friendly', language: 'en', example_prospect_id: null });
      const dup = await call('POST', '/messaging_settings', { persona_id: persona.id });
      expect(dup.statusCode).toBe(422);
      expect(dup.json()).toEqual({ errors: ['This persona already has its own messaging settings'] });

      const d = await createSetting(t, headers, { signature: '<p><br></p>' });
      expect(d).toMatchObject({ persona_id: null, signature: '' });
      expect((await call('POST', '/messaging_settings', {})).json()).toEqual({ errors: ['The account already has default messaging settings (without a persona)'] });
      const list = (await call('GET', '/messaging_settings')).json<{ data: MessagingSetting[] }>().data;
      expect(list[0]!.id).toBe(d.id);
      expect(list.map((x) => x.id)).toContain(s.id);
    });
    it('updates only the fields sent, edits, assigns to a persona and deletes', async () => {
      const a = await personaWithProspect(t, headers);
      const b = await personaWithProspect(t, headers);
      const s = await createSetting(t, headers, { persona_id: a.persona.id, call_to_action: 'Book a call' });
      const upd = await call('PUT', `/messaging_settings/${s.id}`, { tone_voice: 'Formal', instructions_script: '<p>Step 1</p><iframe src="https://evil.example/embed/x"></iframe>' });
      expect(upd.json().data).toMatchObject({ tone_voice: 'Formal', call_to_action: 'Book a call', instructions_script: '<p>Step 1</p>' });
      expect((await call('GET', `/messaging_settings/${s.id}/edit`)).json().data.tone_voice).toBe('Formal');
      const assigned = await call('POST', '/assign_instruction_to_person', { messaging_setting_id: s.id, person_id: b.persona.id });
      expect(assigned.json().data).toMatchObject({ id: s.id, persona_id: b.persona.id });
      const other = await createSetting(t, headers, { persona_id: a.persona.id });
      const taken = await call('POST', '/assign_instruction_to_person', { messaging_setting_id: other.id, person_id: b.persona.id });
      expect(taken.statusCode).toBe(422);
      expect((await call('PUT', `/messaging_settings/${s.id}`, { language: 'xx' })).statusCode).toBe(422);
      expect((await call('PUT', `/messaging_settings/${s.id}`, { case_studies: [{ title: '' }] })).statusCode).toBe(422);
      expect((await call('PUT', `/messaging_settings/${s.id}`, { example_prospect_id: 999999 })).json()).toEqual({ errors: ['Prospect not found'] });
      expect((await call('DELETE', `/messaging_settings/${s.id}`)).statusCode).toBe(200);
      expect((await call('GET', `/messaging_settings/${s.id}/edit`)).statusCode).toBe(404);
    });
  });

  it('no XSS vector survives the API into a stored rich-text field', async () => {
    const user = await signedInUser(t, 'xss');
    const s = await createSetting(t, user.headers, {});
    const inst = (await call('POST', '/message_instructions_by_categories', { category: 'reply', title: 'XSS' }, user.headers)).json().data;
    for (const vector of XSS_VECTORS) {
      const res = await call('PUT', `/messaging_settings/${s.id}`, { message_guidelines: vector, instructions_script: vector, signature: vector }, user.headers);
      if (!isSafeText(vector)) {
        // A NUL byte is refused by the schema before anything is stored.
        expect(res.statusCode, vector).toBe(422);
        expect(res.json().errors.join(' ')).toContain(UNSAFE_TEXT_MESSAGE);
        continue;
      }
      expect(res.statusCode, vector).toBe(200);
      const data = res.json<{ data: MessagingSetting }>().data;
      assertHarmlessHtml(data.message_guidelines, deriveAllowList(RICH_TEXT_FIELDS.message_guidelines.toolbar).tags);
      assertHarmlessHtml(data.instructions_script, deriveAllowList(RICH_TEXT_FIELDS.instructions_script.toolbar).tags);
      assertHarmlessHtml(data.signature, deriveAllowList(RICH_TEXT_FIELDS.signature.toolbar).tags);
      const put = await call('PUT', `/message_instructions_by_categories/${inst.id}`, { instructions: vector }, user.headers);
      assertHarmlessHtml(put.json().data.instructions, deriveAllowList(RICH_TEXT_FIELDS.instructions.toolbar).tags);
    }
  });

  describe('follow-up settings', () => {
    it('answers defaults until saved, saves partially, validates ranges', async () => {
      const fresh = await signedInUser(t, 'followup');
      const get = async () => (await call('GET', '/followup_settings', undefined, fresh.headers)).json().data;
      expect(await get()).toEqual({
        number_of_followups: 3,
        spacing_days: 3,
        stop_rules: { on_reply: true, on_meeting_booked: true, on_unsubscribe: true, on_bounce: true },
        updated_at: null,
      });
      const res = await call('PUT', '/followup_settings', { number_of_followups: 0, stop_rules: { on_bounce: false } }, fresh.headers);
      expect(res.json().data).toMatchObject({ number_of_followups: 0, spacing_days: 3, stop_rules: { on_reply: true, on_bounce: false } });
      expect((await get()).updated_at).not.toBeNull();
      for (const bad of [{ number_of_followups: 11 }, { spacing_days: 0 }, { spacing_days: 31 }, { number_of_followups: 1.5 }, { stop_rules: { on_fire: true } }]) {
        expect((await call('PUT', '/followup_settings', bad, fresh.headers)).statusCode, JSON.stringify(bad)).toBe(422);
      }
    });
  });

  describe('message instructions by categories', () => {
    it('creates one per category, lists, reads, updates with sanitising', async () => {
      const fresh = await signedInUser(t, 'instructions');
      const created = await call('POST', '/message_instructions_by_categories', { category: 'follow_up', title: 'Follow-ups', instructions: '<p>Be short<img src=x onerror=alert(1)></p>' }, fresh.headers);
      expect(created.statusCode, created.body).toBe(200);
      expect(created.json().data).toMatchObject({ category: 'follow_up', title: 'Follow-ups', instructions: '<p>Be short</p>' });
      const id = created.json().data.id as number;
      expect((await call('POST', '/message_instructions_by_categories', { category: 'follow_up', title: 'Again' }, fresh.headers)).json()).toEqual({
        errors: ['This category already has instructions'],
      });
      expect((await call('POST', '/message_instructions_by_categories', { category: 'nope', title: 'x' }, fresh.headers)).statusCode).toBe(422);
      expect((await call('GET', '/message_instructions_by_categories', undefined, fresh.headers)).json().data).toHaveLength(1);
      expect((await call('PUT', `/message_instructions_by_categories/${id}`, { title: 'Renamed' }, fresh.headers)).json().data.title).toBe('Renamed');
      expect((await call('GET', `/message_instructions_by_categories/${id}`, undefined, fresh.headers)).json().data.title).toBe('Renamed');
    });
  });

  describe('generate_example_text (built-in composer)', () => {
    it("writes from the prospect, persona, offering, tone, CTA, case studies and signature, and logs it", async () => {
      const user = await signedInUser(t, 'generate');
      const h = user.headers;
      const { persona, prospectId } = await personaWithProspect(t, h, { full_name: 'Priya Raman', first_name: 'Priya', current_title: 'VP Revenue Operations', current_company: 'Ledgerly' });
      const offering = await createOffering(t, h, { name: 'Forecastly Pipeline', description: 'AI revenue forecasting from your CRM.' });
      const setting = await createSetting(t, h, {
        persona_id: persona.id,
        offering_id: offering.id,
        tone_voice: 'Formal',
        call_to_action: 'Would a 20-minute demo on Thursday suit you?',
        case_studies: [{ title: 'Acme cut forecast error by 38%', summary: 'In two weeks.' }],
        signature: '<p><strong>Sam Carter</strong><br>Forecastly</p>',
      });
      const res = await call('POST', '/generate_example_text', { prospect_id: prospectId }, h);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json<{ data: GeneratedText }>().data;
      // The first message: greeting, why this person, one benefit, the CTA, the signature. The case study is
      // a follow-up's angle (composeThread), no longer stuffed into the first message.
      for (const s of ['Forecastly Pipeline', 'VP Revenue Operations', 'Would a 20-minute demo on Thursday suit you?', 'Dear Priya Raman,', 'Sam Carter'])
        expect(data.text).toContain(s);
      expect(data.text.match(/Sam Carter/g)).toHaveLength(1);
      expect(data.html).toContain('<p><strong>Sam Carter</strong><br>Forecastly</p>');
      expect(data).toMatchObject({ prospect_id: prospectId, persona_id: persona.id, messaging_setting_id: setting.id, provider: 'composer' });
      expect(data.subject).toBeTruthy();

      // Another tone and CTA give another text.
      await call('PUT', `/messaging_settings/${setting.id}`, { tone_voice: 'Friendly', call_to_action: 'Open to a quick chat?' }, h);
      const again = (await call('POST', '/generate_example_text', { persona_id: persona.id }, h)).json<{ data: GeneratedText }>().data;
      expect(again.text).toContain('Hi Priya,');
      expect(again.text).toContain('Open to a quick chat?');
      expect(again.text).not.toBe(data.text);

      const logged = await t.db.db.select().from(activities).where(and(eq(activities.accountId, await accountIdOf(t, user)), eq(activities.verb, 'message_generated')));
      expect(logged).toHaveLength(2);
      expect(logged[0]).toMatchObject({ prospectId, personaId: persona.id, channel: 'email', actorType: 'user' });
    });
    it('works without any settings (placeholder prospect) and for a category', async () => {
      const user = await signedInUser(t, 'generate-empty');
      const res = await call('POST', '/generate_example_text', {}, user.headers);
      expect(res.statusCode, res.body).toBe(200);
      // No offering: no "our services" filler, and no made-up name greeted.
      expect(res.json().data.text).toMatch(/^Hello,\n/);
      expect(res.json().data.text).not.toMatch(/our services|Alex/);
      const inst = await call('POST', '/message_instructions_by_categories', { category: 'linkedin_invitation', title: 'Invites' }, user.headers);
      const cat = await call('POST', '/message_instructions_by_categories/generate_example_text', { message_instruction_id: inst.json().data.id }, user.headers);
      expect(cat.statusCode, cat.body).toBe(200);
      expect(cat.json().data.text.length).toBeLessThanOrEqual(300);
    });
    it('writes English for a language the composer has no wording for, and records the fallback', async () => {
      const user = await signedInUser(t, 'generate-polish');
      const h = user.headers;
      const { persona, prospectId } = await personaWithProspect(t, h, { full_name: 'Anna Nowak', first_name: 'Anna', current_title: 'Dyrektor sprzedaży', current_company: 'Nowak Logistyka' });
      await createSetting(t, h, { persona_id: persona.id, language: 'pl' });
      const res = await call('POST', '/generate_example_text', { prospect_id: prospectId }, h);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.text).toMatch(/^Hello Anna,/);
      const [logged] = await t.db.db.select().from(activities).where(and(eq(activities.accountId, await accountIdOf(t, user)), eq(activities.verb, 'message_generated')));
      expect(logged!.payload).toMatchObject({ language: 'en', language_fallback_from: 'pl' });
    });
    it('answers 404 for ids that are not the account’s and 422 for bad input', async () => {
      expect((await call('POST', '/generate_example_text', { prospect_id: 999999 })).json()).toEqual({ errors: ['Prospect not found'] });
      expect((await call('POST', '/generate_example_text', { messaging_setting_id: 999999 })).statusCode).toBe(404);
      expect((await call('POST', '/generate_example_text', { prospect_id: 'x' })).statusCode).toBe(422);
      expect((await call('POST', '/generate_example_text', { other: 1 })).statusCode).toBe(422);
      expect((await call('GET', '/generation_jobs/not-a-uuid')).statusCode).toBe(422);
      expect((await call('GET', '/generation_jobs/5b1e7a0e-8a47-4f7e-9d0a-6d2b1f0c1a11')).statusCode).toBe(404);
    });
  });

  describe('generation over HTTP (chat completions), 200 / 202 / 502 / 504', () => {
    let chat: Awaited<ReturnType<typeof startChatServer>>;
    const apps: TestApp[] = [];
    beforeAll(async () => {
      chat = await startChatServer();
    });
    afterAll(async () => {
      for (const a of apps) await a.close();
      await chat.close();
    });
    const appWith = async (model: string, extra: Record<string, string> = {}) => {
      const app = await startTestApp(kind, { env: { AI_BASE_URL: chat.url, AI_MODEL: model, AI_SYNC_WAIT_MS: '3000', AI_TIMEOUT_MS: '2000', ...extra } });
      apps.push(app);
      const user = await signedInUser(app, `ai-${model}`);
      return { app, h: user.headers };
    };

    it('answers 200 with the model text when it is quick', async () => {
      const { app, h } = await appWith('fast');
      const res = await app.app.inject({ method: 'POST', url: v1('/generate_example_text'), headers: h, payload: {} });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ subject: 'From the model', text: 'Hello from fast.\n\nSecond paragraph.', html: '<p>Hello from fast.</p><p>Second paragraph.</p>', provider: 'openai' });
    });
    it('answers 202 with a job when slower than the wait, and the poll gets the result', async () => {
      const { app, h } = await appWith('slow', { AI_SYNC_WAIT_MS: '200' });
      const res = await app.app.inject({ method: 'POST', url: v1('/generate_example_text'), headers: h, payload: {} });
      expect(res.statusCode, res.body).toBe(202);
      const jobId = res.json<{ job_id: string }>().job_id;
      expect(res.json()).toEqual({ job_id: jobId, status: 'pending' });
      const poll = async () => (await app.app.inject({ method: 'GET', url: v1(`/generation_jobs/${jobId}`), headers: h })).json<{ data: GenerationJob }>().data;
      expect((await poll()).status).toBe('pending');
      // The job runs on: once the queue has done its work, the poll has the result.
      await app.app.jobs.drain();
      const job = await poll();
      expect(job).toMatchObject({ status: 'succeeded', error: null, result: { text: 'Hello from slow.\n\nSecond paragraph.' } });
      expect(job.finished_at).not.toBeNull();
    });
    it('a failure after the wait lands in the job with its status', async () => {
      const { app, h } = await appWith('slow-broken', { AI_SYNC_WAIT_MS: '200' });
      const res = await app.app.inject({ method: 'POST', url: v1('/generate_example_text'), headers: h, payload: {} });
      expect(res.statusCode).toBe(202);
      const jobId = res.json<{ job_id: string }>().job_id;
      await app.app.jobs.drain();
      const job = (await app.app.inject({ method: 'GET', url: v1(`/generation_jobs/${jobId}`), headers: h })).json<{ data: GenerationJob }>().data;
      expect(job).toMatchObject({ status: 'failed', error: 'The AI text provider failed with HTTP 503: busy', error_status: 502, result: null });
    });
    it('a provider error within the wait is a 502', async () => {
      const { app, h } = await appWith('broken');
      const res = await app.app.inject({ method: 'POST', url: v1('/generate_example_text'), headers: h, payload: {} });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ errors: ['The AI text provider failed with HTTP 500: model overloaded'] });
    });
    it('a provider timeout within the wait is a 504', async () => {
      const { app, h } = await appWith('hang', { AI_TIMEOUT_MS: '100', AI_SYNC_WAIT_MS: '1000' });
      const res = await app.app.inject({ method: 'POST', url: v1('/generate_example_text'), headers: h, payload: {} });
      expect(res.statusCode).toBe(504);
      expect(res.json()).toEqual({ errors: ['The AI text provider did not answer within 0.1 s'] });
    });
  });
});
