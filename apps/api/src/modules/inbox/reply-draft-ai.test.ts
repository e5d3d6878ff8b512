import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerings } from '../../db/schema';
import { DB_KINDS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type TestApp } from '../../testing/harness';
import { accountIdOf } from '../messaging/ownership.test-helpers';
import { threadOf } from './ownership.test-helpers';
import { REPLY_DRAFT_SYSTEM } from './reply-draft';

/** reply_text with an AI provider configured (AI_BASE_URL): a local server speaking the chat-completions wire format. */
type Seen = { model: string; messages: Array<{ role: string; content: string }>; max_tokens: number };

describe.each(DB_KINDS)('drafting an answer with the AI provider (%s)', (kind) => {
  let t: TestApp;
  let server: http.Server;
  const seen: Seen[] = [];
  const behaviour: { answer: string | null; status: number } = { answer: null, status: 200 };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        seen.push(JSON.parse(raw) as Seen);
        const body = behaviour.status === 200 ? { choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: behaviour.answer } }] } : { error: { message: 'model overloaded' } };
        res.writeHead(behaviour.status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    t = await startTestApp(kind, { env: { AI_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, AI_MODEL: 'local-model' } });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('grounds the prompt in the reply’s own words, the prospect and the offering, and answers the draft', async () => {
    const u = await signedInUser(t, 'ai-draft');
    await t.db.db.insert(offerings).values({ accountId: await accountIdOf(t, u), name: 'Pipeline Pilot', description: 'Books qualified meetings for small sales teams.', url: 'https://pilot.example' });
    const fixture = await threadOf(t, u, { prospect: { fullName: 'Kim Ode', company: 'Odeworks', title: 'VP Sales' }, reply: 'Do you integrate with HubSpot?' });
    behaviour.answer = 'Subject: ignored\n\nHi Kim,\n\nYes, it does. Shall I show you on a call?\n\nAda';
    behaviour.status = 200;
    const res = await t.app.inject({ method: 'POST', url: v1(`/email_threads/${fixture.threadId}/reply_text`), headers: u.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ text: 'Hi Kim,\n\nYes, it does. Shall I show you on a call?\n\nAda', html: '<p>Hi Kim,</p><p>Yes, it does. Shall I show you on a call?</p><p>Ada</p>', provider: 'openai' });
    const asked = seen.at(-1)!;
    expect(asked.messages[0]).toEqual({ role: 'system', content: REPLY_DRAFT_SYSTEM });
    const prompt = asked.messages[1]!.content;
    expect(prompt).toContain('Do you integrate with HubSpot?');
    // The reply's own words only: the quoted campaign email under it is cut (ours is given apart, as ours).
    expect(prompt.split('# The prospect’s reply')[1]).not.toContain('would this help your team');
    expect(prompt).toContain('Name: Kim Ode');
    expect(prompt).toContain('Company: Odeworks');
    expect(prompt).toContain('Name: Pipeline Pilot');
    expect(prompt).toContain('Books qualified meetings');
  });

  it('answers 502 with the reason when the provider fails, and still refuses what must not be drafted without asking it', async () => {
    const u = await signedInUser(t, 'ai-draft-fail');
    const fixture = await threadOf(t, u);
    behaviour.status = 500;
    const res = await t.app.inject({ method: 'POST', url: v1(`/email_threads/${fixture.threadId}/reply_text`), headers: u.headers });
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json().errors[0]).toMatch(/model overloaded|500/);
    const asked = seen.length;
    const unsubscribed = await threadOf(t, u, { reply: 'Unsubscribe me please.' });
    expect((await t.app.inject({ method: 'POST', url: v1(`/email_threads/${unsubscribed.threadId}/reply_text`), headers: u.headers })).statusCode).toBe(422);
    expect(seen.length).toBe(asked);
  });
});
