import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailThreadMessages, emailThreads, type UserEmailRow } from '../../db/schema';
import { inAccount } from '../../db/tenancy';
import { DB_KINDS } from '../../testing/databases';
import { signedInUser, startTestApp, type TestApp } from '../../testing/harness';
import { REPLY_STATUS_INFO, REPLY_STATUSES } from '@shared/schemas/inbox';
import { REPLY_CLASSIFY_EXAMPLES, REPLY_CLASSIFY_SYSTEM } from '../ai/prompts';
import { openAiCompatibleProvider } from '../ai/openai';
import type { TextProvider } from '../ai/provider';
import { accountIdOf } from '../messaging/ownership.test-helpers';
import { ingestMessage } from './ingest';
import { fixture, seedMailbox, seedSentEmail, type SentEmail } from './seed.test-helpers';

/** Ingestion with an AI provider: the rules' unsure answers go to a local server speaking the chat-completions wire format. */
type Seen = { messages: Array<{ role: string; content: string }>; temperature?: number };

describe.each(DB_KINDS)('mail in: the AI classifies what the rules are unsure of (%s)', (kind) => {
  let t: TestApp;
  let server: http.Server;
  let provider: TextProvider;
  let accountId: number;
  let mailbox: UserEmailRow;
  const seen: Seen[] = [];
  const behaviour: { answer: string; status: number } = { answer: '', status: 200 };

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
    provider = openAiCompatibleProvider({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, apiKey: null, model: 'local-model' });
    t = await startTestApp(kind);
    accountId = await accountIdOf(t, await signedInUser(t, 'inbox-ai'));
    mailbox = await seedMailbox(t, accountId);
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const ingest = (name: string, sent: SentEmail) =>
    inAccount(accountId, null, () =>
      ingestMessage(t.db.db, {
        mailbox,
        folder: 'INBOX',
        role: 'inbox',
        raw: fixture(name, { to: sent.prospectEmail, original: sent.step1.messageId, mailbox: mailbox.email, subject: sent.step1.subject }),
        uid: 1,
        provider,
      }),
    );
  const stored = async (result: Awaited<ReturnType<typeof ingest>>) => {
    if (result.outcome !== 'stored') throw new Error(`not stored: ${result.outcome}`);
    const [thread] = await t.db.db.select().from(emailThreads).where(and(eq(emailThreads.accountId, accountId), eq(emailThreads.id, result.threadId)));
    const [message] = await t.db.db.select().from(emailThreadMessages).where(and(eq(emailThreadMessages.accountId, accountId), eq(emailThreadMessages.id, result.messageRowId)));
    return { thread: thread!, message: message! };
  };

  it('asks the provider when the rules are unsure and stores its answer with source ai', async () => {
    behaviour.status = 200;
    behaviour.answer = '{"status": "wrong_person"}';
    const before = seen.length;
    const { thread, message } = await stored(await ingest('reply-unsure.eml', await seedSentEmail(t, accountId, mailbox)));
    expect(seen.length).toBe(before + 1);
    expect(seen.at(-1)!.messages[0]).toEqual({ role: 'system', content: REPLY_CLASSIFY_SYSTEM });
    // The prompt names every label with its meaning and one example.
    for (const status of REPLY_STATUSES) expect(seen.at(-1)!.messages[0]!.content).toContain(`- ${status}: ${REPLY_STATUS_INFO[status].meaning} Example: "${REPLY_CLASSIFY_EXAMPLES[status]}"`);
    expect(seen.at(-1)!.messages[1]!.content).toContain("Sounds more like something for Maya's team");
    // The AI settled it: no review needed, a person's answer stops the sequence as usual.
    expect(thread).toMatchObject({ replyStatus: 'wrong_person', replyStatusSource: 'ai', needsReview: false, stopSending: true });
    expect(message).toMatchObject({ replyStatus: 'wrong_person', needsReview: false });
    expect(message.details).toMatchObject({ classification: { status: 'wrong_person', source: 'ai', rule: 'ai:openai' } });
  });

  it('does not ask when the rules are sure', async () => {
    const before = seen.length;
    const { thread } = await stored(await ingest('reply-interested.eml', await seedSentEmail(t, accountId, mailbox)));
    expect(seen.length).toBe(before);
    expect(thread).toMatchObject({ replyStatus: 'interested', replyStatusSource: 'rules' });
  });

  it('keeps the rules’ answer and says why when the provider fails or answers something unusable', async () => {
    behaviour.status = 503;
    const failed = await stored(await ingest('reply-unsure.eml', await seedSentEmail(t, accountId, mailbox)));
    // Still unsure: the thread needs the user's review and the sequence holds (not stopped).
    expect(failed.thread).toMatchObject({ replyStatus: 'other', replyStatusSource: 'rules', needsReview: true, stopSending: false });
    expect(failed.message.needsReview).toBe(true);
    expect((failed.message.details as { classification: { ai_fallback?: string } }).classification.ai_fallback).toMatch(/^provider failed/);
    behaviour.status = 200;
    behaviour.answer = 'I think this is probably a referral.';
    const unusable = await stored(await ingest('reply-unsure.eml', await seedSentEmail(t, accountId, mailbox)));
    expect(unusable.thread).toMatchObject({ replyStatus: 'other', replyStatusSource: 'rules', needsReview: true });
    expect((unusable.message.details as { classification: { ai_fallback?: string } }).classification.ai_fallback).toMatch(/^unusable answer/);
  });
});
