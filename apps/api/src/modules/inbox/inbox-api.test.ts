import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { parse } from 'csv-parse/sync';
import type { EmailThread, EmailThreadMessage, EmailThreadStats } from '@shared/schemas/email-threads';
import type { UserEmail } from '@shared/schemas/user-emails';
import { activities, blacklistedEmails, campaignEmails, campaignEnrolments, emailThreadMessages, emailThreads, userEmails } from '../../db/schema';
import { imapConnector } from '../../lib/mail/imap';
import { smtpConnector } from '../../lib/mail/smtp';
import { DB_KINDS, PGLITE_PASS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type TestApp } from '../../testing/harness';
import { connectLoopbackMailbox } from '../../testing/loopback-mailbox';
import { startHoodiecrow, startRecordingSmtpServer, TEST_CERT } from '../../testing/mail-servers';
import { mailboxOf } from '../mailboxes/ownership.test-helpers';
import { findInSentFolder, imapEndpointOf } from '../sending/sent-folder';
import { ingestMessage } from './ingest';
import { threadOf } from './ownership.test-helpers';
import { bodyParts, providerFilesSent, replySubjectOf, threadingOf } from './send-reply';

const ALLOW = ['localhost', '127.0.0.1'];
const mailOptions = { allowHosts: ALLOW, tls: { ca: TEST_CERT.cert } };
const imap = imapConnector(mailOptions);

type Person = Awaited<ReturnType<typeof signedInUser>>;

describe.runIf(PGLITE_PASS)('reply threading (pure)', () => {
  it('answers "Re: " once, whatever prefix the subject already has', () => {
    expect(replySubjectOf('A question')).toBe('Re: A question');
    expect(replySubjectOf('Re: A question')).toBe('Re: A question');
    expect(replySubjectOf('RE: A question')).toBe('Re: A question');
    expect(replySubjectOf('Re: RE: AW: Eine Frage')).toBe('Re: Eine Frage');
    expect(replySubjectOf('Re[2]: A question')).toBe('Re: A question');
    expect(replySubjectOf('Regarding the offer')).toBe('Re: Regarding the offer');
    expect(replySubjectOf('Réponse attendue')).toBe('Re: Réponse attendue');
  });

  it('answers the last message from the prospect’s side that is not a bounce, with the chain before it', () => {
    const m = (messageId: string, direction: 'inbound' | 'outbound', kind: 'human' | 'own' | 'bounce' | 'auto_reply', references: string | null = null) => ({ messageId, direction, kind, references });
    const chain = threadingOf([m('<1@us>', 'outbound', 'own'), m('<2@them>', 'inbound', 'human', '<1@us>'), m('<3@mailer>', 'inbound', 'bounce')]);
    expect(chain).toMatchObject({ parent: { messageId: '<2@them>' }, references: ['<1@us>', '<2@them>'] });
    // A reply that came without References: the thread's earlier messages make the chain.
    const bare = threadingOf([m('<1@us>', 'outbound', 'own'), m('<2@us>', 'outbound', 'own'), m('<3@them>', 'inbound', 'human')]);
    expect(bare?.references).toEqual(['<1@us>', '<2@us>', '<3@them>']);
    expect(threadingOf([])).toBeNull();
  });

  it('leaves the Sent folder to providers that file what their SMTP took (Gmail, Microsoft 365, OAuth mailboxes)', () => {
    expect(providerFilesSent({ smtpHost: 'smtp.gmail.com', oauthProvider: null })).toBe(true);
    expect(providerFilesSent({ smtpHost: 'smtp.office365.com', oauthProvider: null })).toBe(true);
    expect(providerFilesSent({ smtpHost: 'smtp-mail.outlook.com', oauthProvider: null })).toBe(true);
    expect(providerFilesSent({ smtpHost: 'anything.example', oauthProvider: 'google' })).toBe(true);
    expect(providerFilesSent({ smtpHost: 'mail.gmail.com.evil.example', oauthProvider: null })).toBe(false);
    expect(providerFilesSent({ smtpHost: 'smtp.fastmail.com', oauthProvider: null })).toBe(false);
  });

  it('takes the answer as HTML when it has tags (sanitised), else as text in paragraphs', () => {
    expect(bodyParts('Hi,\n\nsee you <soon> & then\nbye')).toEqual({ text: 'Hi,\n\nsee you <soon> & then\nbye', html: '<p>Hi,</p><p>see you &lt;soon&gt; &amp; then<br>bye</p>' });
    const html = bodyParts('<p>Hi <a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)></p>');
    expect(html.html).not.toMatch(/javascript|onerror/);
    expect(html.text).toBe('Hi x');
  });
});

describe.each(DB_KINDS)('the inbox API (%s)', (kind) => {
  let t: TestApp;
  let smtpServer: Awaited<ReturnType<typeof startRecordingSmtpServer>>;
  let imapServer: Awaited<ReturnType<typeof startHoodiecrow>>;
  let seq = 0;

  beforeAll(async () => {
    smtpServer = await startRecordingSmtpServer({ security: 'starttls' });
    imapServer = await startHoodiecrow();
    t = await startTestApp(kind, { env: { GUARDED_FETCH_ALLOW_HOSTS: ALLOW.join(',') }, mail: { smtp: smtpConnector(mailOptions), imap } });
  });
  afterAll(async () => {
    await t?.close();
    await smtpServer?.close();
    await imapServer?.close();
  });

  const user = () => signedInUser(t, `inbox${++seq}`);
  const get = (p: Person, url: string) => t.app.inject({ method: 'GET', url: v1(url), headers: p.headers });
  const send = (p: Person, method: 'PUT' | 'POST', url: string, payload?: object) => t.app.inject({ method, url: v1(url), headers: p.headers, ...(payload ? { payload } : {}) });
  const listOf = async (p: Person, query = '') => {
    const res = await get(p, `/email_threads${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: EmailThread[]; meta: { page: number; per_page: number; total: number; next_cursor: string | null } }>();
  };
  const filtered = async (p: Person, filters: object) => (await listOf(p, `?per_page=100&filters=${encodeURIComponent(JSON.stringify(filters))}`)).data.map((x) => x.id).sort((x, y) => x - y);
  const sorted = (...ids: number[]) => ids.sort((x, y) => x - y);

  it('lists threads newest first with prospect, campaign and last message, page by page with the total', async () => {
    const u = await user();
    const mailbox = await mailboxOf(t, u);
    const day = (d: number) => new Date(Date.UTC(2026, 9, d, 10));
    const first = await threadOf(t, u, { mailbox, repliedAt: day(1), prospect: { fullName: 'Ann Older', company: 'Oldco', title: 'CTO' } });
    const second = await threadOf(t, u, { mailbox, repliedAt: day(3), reply: 'Yes, please send the details.' });
    const third = await threadOf(t, u, { mailbox, repliedAt: day(2) });
    const page1 = await listOf(u, '?per_page=2');
    expect(page1.meta).toMatchObject({ page: 1, per_page: 2, total: 3 });
    expect(page1.data.map((x) => x.id)).toEqual([second.threadId, third.threadId]);
    const newest = page1.data[0]!;
    expect(newest).toMatchObject({
      prospect_email: second.prospect.email!.toLowerCase(),
      // Ingestion classified the reply (the classifier's rules).
      reply_status: 'interested',
      reply_status_source: 'rules',
      interested: true,
      stop_sending: true,
      unread: true,
      starred: false,
      subject: second.subject,
      last_message_at: day(3).toISOString(),
      replied_at: day(3).toISOString(),
      user_email_id: mailbox.id,
      prospect: { id: second.prospect.id, name: second.prospect.fullName, company: second.prospect.company, title: 'Head of Sales' },
      campaign: { id: second.campaign.id, name: second.campaign.name },
      last_message: { direction: 'inbound', kind: 'human', from: second.prospect.email!.toLowerCase(), snippet: expect.stringMatching(/^Yes, please send the details\./) },
    });
    // The snippet is the reply's own words, without the quoted email under it.
    expect(newest.last_message!.snippet).toBe('Yes, please send the details.');
    const page2 = await listOf(u, '?per_page=2&page=2');
    expect(page2.data.map((x) => x.id)).toEqual([first.threadId]);
    expect(page2.data[0]!.prospect).toMatchObject({ name: 'Ann Older', company: 'Oldco', title: 'CTO' });
    expect((await listOf(u, '?sort=last_message_at&sort_direction=asc')).data.map((x) => x.id)).toEqual([first.threadId, third.threadId, second.threadId]);
    const one = await get(u, `/email_threads/${first.threadId}`);
    expect(one.json().data).toMatchObject({ id: first.threadId, prospect_email: first.prospect.email!.toLowerCase() });
    expect((await get(u, '/email_threads/2147483647')).statusCode).toBe(404);
  });

  it('pages by cursor (keyset) through every thread once, ties on the time included', async () => {
    const u = await user();
    const mailbox = await mailboxOf(t, u);
    const same = new Date(Date.UTC(2026, 9, 7, 9));
    for (const repliedAt of [same, same, same, new Date(Date.UTC(2026, 9, 8, 9)), new Date(Date.UTC(2026, 9, 6, 9))]) await threadOf(t, u, { mailbox, repliedAt });
    for (const direction of ['desc', 'asc']) {
      const byOffset = (await listOf(u, `?per_page=100&sort_direction=${direction}`)).data.map((x) => x.id);
      expect(byOffset).toHaveLength(5);
      const walked: number[] = [];
      let cursor: string | null = null;
      for (let guard = 0; guard < 10; guard++) {
        const page = await listOf(u, `?per_page=2&sort_direction=${direction}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.meta.total).toBe(5);
        walked.push(...page.data.map((x) => x.id));
        cursor = page.meta.next_cursor;
        if (!cursor) break;
      }
      expect(walked).toEqual(byOffset);
    }
    for (const bad of ['?cursor=***', '?cursor=bm9wZQ', `?sort=replied_at&cursor=${Buffer.from(JSON.stringify(['2026-10-07 09:00:00+00', 1])).toString('base64url')}`]) {
      expect((await get(u, `/email_threads${bad}`)).statusCode, bad).toBe(422);
    }
  });

  it('narrows the list by each of the sixteen filters of spec §3', async () => {
    const u = await user();
    const mailbox = await mailboxOf(t, u);
    const a = await threadOf(t, u, { mailbox, repliedAt: new Date(Date.UTC(2026, 9, 1, 12)), prospect: { fullName: 'Zoe Quill', company: 'Quillworks' }, reply: 'See our page https://landing.example/offer-a please.' });
    const b = await threadOf(t, u, { mailbox, repliedAt: new Date(Date.UTC(2026, 9, 5, 12)), campaignName: 'Spring push' });
    const c = await threadOf(t, u, {
      mailbox,
      repliedAt: new Date(Date.UTC(2026, 9, 9, 12)),
      headers: ['Auto-Submitted: auto-replied'],
      reply: 'I am out of the office until 30 October 2026 with limited access to email.',
    });
    const all = sorted(a.threadId, b.threadId, c.threadId);
    expect(await filtered(u, {})).toEqual(all);
    // Statuses, interest, marks.
    expect((await send(u, 'PUT', `/email_threads/${a.threadId}`, { reply_status: 'interested', starred: true })).statusCode).toBe(200);
    expect((await send(u, 'PUT', `/email_threads/${b.threadId}`, { reply_status: 'not_now', unread: false })).statusCode).toBe(200);
    expect(await filtered(u, { by_reply_status: 'interested' })).toEqual([a.threadId]);
    expect(await filtered(u, { by_reply_statuses: ['interested', 'not_now'] })).toEqual(sorted(a.threadId, b.threadId));
    expect(await filtered(u, { by_interested: true })).toEqual([a.threadId]);
    expect(await filtered(u, { by_interested: false })).toEqual(sorted(b.threadId, c.threadId));
    expect(await filtered(u, { by_starred: true })).toEqual([a.threadId]);
    // An auto-reply is not news: only the human replies are unread.
    expect(await filtered(u, { by_unread: true })).toEqual([a.threadId]);
    expect(await filtered(u, { by_unread: 'false' })).toEqual(sorted(b.threadId, c.threadId));
    // Campaign, persona (by id and by name), virtual employee, prospect source.
    expect(await filtered(u, { by_campaign: b.campaign.id })).toEqual([b.threadId]);
    expect(await filtered(u, { by_campaign: [a.campaign.id, c.campaign.id] })).toEqual(sorted(a.threadId, c.threadId));
    expect(await filtered(u, { by_persons: [c.persona.id] })).toEqual([c.threadId]);
    expect(await filtered(u, { by_persons_names: [a.persona.name.toUpperCase()] })).toEqual([a.threadId]);
    expect(await filtered(u, { by_virtual_employee: [2147483647] })).toEqual([]);
    expect(await filtered(u, { by_source: ['import'] })).toEqual(all);
    expect(await filtered(u, { by_source: 'extension' })).toEqual([]);
    // Dates: a bare "to" covers its whole day.
    expect(await filtered(u, { by_date: { from: '2026-10-05', to: '2026-10-05' } })).toEqual([b.threadId]);
    expect(await filtered(u, { by_date: { from: '2026-10-02T00:00:00Z' } })).toEqual(sorted(b.threadId, c.threadId));
    // Names and search.
    expect(await filtered(u, { by_prospect_name: 'zoe q' })).toEqual([a.threadId]);
    expect(await filtered(u, { by_search_query: 'QUILLWORKS' })).toEqual([a.threadId]);
    expect(await filtered(u, { by_search_query: b.prospect.email })).toEqual([b.threadId]);
    expect(await filtered(u, { by_search_query: '100%_' })).toEqual([]);
    // Channels: every thread here is an email conversation; a LinkedIn reply logged into one (outreach-tasks
    // logLinkedinReply marks its message details.channel = linkedin) makes it a LinkedIn one too; no thread holds a call.
    expect(await filtered(u, { by_channels: ['email'] })).toEqual(all);
    expect(await filtered(u, { by_channels: ['linkedin'] })).toEqual([]);
    await t.db.db.insert(emailThreadMessages).values({
      accountId: b.accountId,
      threadId: b.threadId,
      direction: 'inbound',
      kind: 'human',
      messageId: `<linkedin-reply-filter-${b.threadId}@tasks.local>`,
      fromEmail: b.prospect.email!,
      subject: 'LinkedIn conversation',
      text: 'Happy to talk',
      sentAt: new Date(Date.UTC(2026, 9, 6, 12)),
      details: { channel: 'linkedin' },
      replyStatus: 'other',
    });
    expect(await filtered(u, { by_channels: ['linkedin'] })).toEqual([b.threadId]);
    expect(await filtered(u, { by_channels: ['email', 'linkedin'] })).toEqual(all);
    expect(await filtered(u, { by_channels: ['call'] })).toEqual([]);
    // Message source and landing page look at our side of the conversation.
    expect(await filtered(u, { by_message_source: ['campaign'] })).toEqual(all);
    expect(await filtered(u, { by_message_source: ['inbox', 'mail_client'] })).toEqual([]);
    await t.db.db.update(campaignEmails).set({ bodyText: 'Our offer: https://landing.example/offer-b' }).where(eq(campaignEmails.id, b.email.id));
    await t.db.db.update(emailThreadMessages).set({ text: 'Our offer: https://landing.example/offer-b' }).where(eq(emailThreadMessages.campaignEmailId, b.email.id));
    expect(await filtered(u, { by_landing_page: 'landing.example/offer-b' })).toEqual([b.threadId]);
    // The prospect's own link does not make a landing page of ours.
    expect(await filtered(u, { by_landing_page: 'landing.example/offer-a' })).toEqual([]);
    // Several filters at once.
    expect(await filtered(u, { by_interested: false, by_unread: false, by_date: { to: '2026-10-06' } })).toEqual([b.threadId]);
  });

  it('refuses malformed paging and filters with 422', async () => {
    const u = await user();
    for (const query of [
      '?per_page=1000',
      '?page=0',
      '?sort=subject',
      '?filters=not-json',
      '?filters=[1]',
      `?filters=${encodeURIComponent(JSON.stringify({ by_everything: true }))}`,
      `?filters=${encodeURIComponent(JSON.stringify({ by_reply_status: 'ecstatic' }))}`,
      `?filters=${encodeURIComponent(JSON.stringify({ by_date: { from: '2026-13-45' } }))}`,
      `?filters=${encodeURIComponent(JSON.stringify({ by_campaign: 'x' }))}`,
      `?filters=${encodeURIComponent(JSON.stringify({ by_unread: 'maybe' }))}`,
      `?filters=${encodeURIComponent(JSON.stringify({ by_search_query: 'a\u0000b' }))}`,
    ]) {
      const res = await get(u, `/email_threads${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(422);
      expect(res.json().errors.length).toBeGreaterThan(0);
    }
  });

  it('counts threads per reply status, unread, starred, stopped and interested', async () => {
    const u = await user();
    const mailbox = await mailboxOf(t, u);
    const empty = (await get(u, '/email_threads/stats')).json<{ data: EmailThreadStats }>().data;
    expect(empty).toMatchObject({ total: 0, unread: 0, starred: 0, stopped: 0, interested: 0 });
    expect(Object.values(empty.by_reply_status).every((n) => n === 0)).toBe(true);
    const neutral = 'Who gave you my address?';
    const a = await threadOf(t, u, { mailbox, reply: neutral });
    const b = await threadOf(t, u, { mailbox, reply: neutral });
    await threadOf(t, u, { mailbox, reply: neutral });
    await send(u, 'PUT', `/email_threads/${a.threadId}`, { interested: true, starred: true });
    await send(u, 'PUT', `/email_threads/${b.threadId}`, { reply_status: 'meeting_request', unread: false });
    const stats = (await get(u, '/email_threads/stats')).json<{ data: EmailThreadStats }>().data;
    // The neutral replies are unsure (other, low): held for review; the two the user decided are stopped.
    expect(stats).toMatchObject({ total: 3, unread: 2, starred: 1, stopped: 2, interested: 2, needs_review: 1 });
    expect(stats.by_reply_status).toMatchObject({ interested: 1, meeting_request: 1, other: 1, unclassified: 0, not_interested: 0 });
  });

  it('keeps the user’s marks and reply-status corrections (PUT email_threads/{id} and PUT replies/{id})', async () => {
    const u = await user();
    const fixture = await threadOf(t, u, { reply: 'Who gave you my address?' });
    const put = (payload: object) => send(u, 'PUT', `/email_threads/${fixture.threadId}`, payload);
    // The filtered totals are kept between writes (EpochCache): each mark shows in them at once.
    const unreadTotal = async () => (await listOf(u, `?filters=${encodeURIComponent(JSON.stringify({ by_unread: true }))}`)).meta.total;
    expect(await unreadTotal()).toBe(1);
    expect(await unreadTotal()).toBe(1);
    let res = await put({ unread: false, starred: true });
    expect(await unreadTotal()).toBe(0);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ unread: false, starred: true, reply_status: 'other', reply_status_source: 'rules' });
    res = await put({ interested: true });
    expect(res.json().data).toMatchObject({ reply_status: 'interested', reply_status_source: 'user', interested: true });
    expect((await put({ reply_status: 'meeting_request' })).json().data).toMatchObject({ reply_status: 'meeting_request', interested: true });
    // Interested stays true for a meeting request, and switching interest on again keeps the meeting request.
    expect((await put({ interested: true })).json().data).toMatchObject({ reply_status: 'meeting_request', interested: true });
    expect((await put({ interested: false })).json().data).toMatchObject({ reply_status: 'not_interested', interested: false });
    expect((await put({})).statusCode).toBe(200);
    for (const bad of [{ unread: 'yes' }, { reply_status: 'ecstatic' }, { owner: 1 }]) expect((await put(bad)).statusCode).toBe(422);
    const corrections = await t.db.db
      .select()
      .from(activities)
      .where(and(eq(activities.accountId, fixture.accountId), eq(activities.verb, 'reply_status_changed')))
      .orderBy(activities.id);
    // The classifier's status at ingestion (system, source rules), then the user's three corrections.
    expect(corrections.map((c) => [c.actorType, (c.payload as { to: string }).to, (c.payload as { source: string }).source])).toEqual([
      ['system', 'other', 'rules'],
      ['user', 'interested', 'user'],
      ['user', 'meeting_request', 'user'],
      ['user', 'not_interested', 'user'],
    ]);

    // A reply is an inbound message; its status is its thread's.
    res = await send(u, 'PUT', `/replies/${fixture.messageRowId}`, { reply_status: 'wrong_person', unread: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: fixture.messageRowId, thread_id: fixture.threadId, direction: 'inbound', reply_status: 'wrong_person', reply_status_source: 'user' });
    expect((await get(u, `/email_threads/${fixture.threadId}`)).json().data).toMatchObject({ reply_status: 'wrong_person', unread: true });
    // Our own message is not a reply.
    const ours = (await get(u, `/email_thread_messages/${fixture.threadId}`)).json<{ data: EmailThreadMessage[] }>().data.find((m) => m.direction === 'outbound')!;
    expect((await send(u, 'PUT', `/replies/${ours.id}`, { reply_status: 'other' })).statusCode).toBe(404);
    expect((await send(u, 'PUT', `/replies/${fixture.messageRowId}`, { reply_status: 'nope' })).statusCode).toBe(422);
  });

  it('answers a thread’s messages in order, HTML sanitised, our campaign email first', async () => {
    const u = await user();
    const fixture = await threadOf(t, u);
    const raw = [
      `From: ${fixture.prospect.email}`,
      `To: ${fixture.mailbox.email}`,
      `Subject: Re: ${fixture.subject}`,
      `Message-ID: <html-${fixture.threadId}@prospect.example>`,
      `In-Reply-To: ${fixture.replyMessageId}`,
      `Date: ${new Date(Date.now() + 60_000).toUTCString()}`,
      'MIME-Version: 1.0',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<p onclick="steal()">One more thing<script>alert(1)</script></p><img src="https://tracker.example/p.gif">',
    ].join('\r\n');
    expect((await ingestMessage(t.db.db, { mailbox: { id: fixture.mailbox.id, accountId: fixture.accountId, email: fixture.mailbox.email }, folder: 'INBOX', role: 'inbox', raw })).outcome).toBe('stored');
    const res = await get(u, `/email_thread_messages/${fixture.threadId}`);
    expect(res.statusCode).toBe(200);
    const messages = res.json<{ data: EmailThreadMessage[] }>().data;
    expect(messages.map((m) => [m.direction, m.kind, m.source])).toEqual([
      ['outbound', 'own', 'campaign'],
      ['inbound', 'human', null],
      ['inbound', 'human', null],
    ]);
    expect(messages[1]).toMatchObject({ from: fixture.prospect.email!.toLowerCase(), subject: `Re: ${fixture.subject}`, text: expect.stringContaining('sounds interesting'), html: null, from_colleague: false });
    expect(messages[2]!.html).toContain('One more thing');
    // Scripts and handlers are gone when stored; remote images stay in the HTML (the thread view blocks them until the user allows them).
    expect(messages[2]!.html).not.toMatch(/script|onclick/);
    expect((await get(u, '/email_thread_messages/2147483647')).statusCode).toBe(404);
  });

  it('stops a thread’s sequence: suppressed as stopped, enrolment stopped, unsent follow-ups cancelled', async () => {
    const u = await user();
    // An out-of-office note keeps the sequence going: the thread is not stopped yet.
    const fixture = await threadOf(t, u, { headers: ['Auto-Submitted: auto-replied'], reply: 'I am out of the office until next week.' });
    const [followUp] = await t.db.db
      .insert(campaignEmails)
      .values({
        accountId: fixture.accountId,
        campaignId: fixture.campaign.id,
        enrolmentId: fixture.email.enrolmentId,
        stepPosition: 2,
        delayDays: 3,
        prospectId: fixture.prospect.id,
        userEmailId: fixture.mailbox.id,
        toEmail: fixture.prospect.email!,
        subject: `Re: ${fixture.subject}`,
        bodyHtml: '<p>Following up</p>',
        bodyText: 'Following up',
        messageId: `<follow-${fixture.threadId}@x.example>`,
        status: 'scheduled',
      })
      .returning();
    expect((await get(u, `/email_threads/${fixture.threadId}`)).json().data.stop_sending).toBe(false);
    const res = await send(u, 'PUT', `/email_threads/${fixture.threadId}/mark_stop_sending`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: fixture.threadId, stop_sending: true });
    const [entry] = await t.db.db.select().from(blacklistedEmails).where(and(eq(blacklistedEmails.accountId, fixture.accountId), eq(blacklistedEmails.email, fixture.prospect.email!.toLowerCase())));
    expect(entry?.reason).toBe('stopped');
    const [enrolment] = await t.db.db.select().from(campaignEnrolments).where(eq(campaignEnrolments.id, fixture.email.enrolmentId));
    expect(enrolment?.status).toBe('stopped');
    const [after] = await t.db.db.select().from(campaignEmails).where(eq(campaignEmails.id, followUp!.id));
    expect(after?.status).toBe('cancelled');
    // Twice is harmless.
    expect((await send(u, 'PUT', `/email_threads/${fixture.threadId}/mark_stop_sending`)).statusCode).toBe(200);
  });

  it('exports the filtered threads as CSV with formula-looking cells escaped', async () => {
    const u = await user();
    const mailbox = await mailboxOf(t, u);
    const evil = await threadOf(t, u, { mailbox, prospect: { fullName: '=HYPERLINK("http://evil.example","x")', company: '+SUM(A1:A9)', title: '@cmd' }, subject: '-2+3 deals' });
    await threadOf(t, u, { mailbox });
    const res = await get(u, `/email_threads/export_to_csv?filters=${encodeURIComponent(JSON.stringify({ by_campaign: evil.campaign.id }))}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="inbox-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = parse(res.body, { bom: true }) as string[][];
    expect(rows).toHaveLength(2);
    const [header, row] = rows as [string[], string[]];
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell('Prospect email')).toBe(evil.prospect.email!.toLowerCase());
    expect(cell('Prospect')).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(cell('Company')).toBe(`'+SUM(A1:A9)`);
    expect(cell('Title')).toBe(`'@cmd`);
    expect(cell('Subject')).toBe(`'-2+3 deals`);
    expect(cell('Campaign')).toBe(evil.campaign.name);
    expect(cell('Stopped')).toBe('yes');
    const everything = parse((await get(u, '/email_threads/export_to_csv')).body, { bom: true }) as string[][];
    expect(everything).toHaveLength(3);
    expect((await get(u, '/email_threads/export_to_csv?filters=nope')).statusCode).toBe(422);
  });

  describe('answering', () => {
    let u: Person;
    let mailbox: UserEmail;
    beforeAll(async () => {
      u = await user();
      mailbox = await connectLoopbackMailbox(t, u.headers, { smtp: smtpServer.port, imap: imapServer.port });
    });

    it('sends the answer through the thread’s mailbox with In-Reply-To, References and one "Re:", stores it and files it in Sent', async () => {
      const fixture = await threadOf(t, u, { mailbox, subject: 'Saving your team a day a week' });
      const before = smtpServer.received.length;
      const res = await send(u, 'POST', `/email_threads/${fixture.threadId}/send_reply`, { body: 'Hi Pat,\n\nHappy to. Tuesday at 10 works? (if 2 < 3 & 5 > 4)\n\nAda' });
      expect(res.statusCode, res.body).toBe(200);
      const stored = res.json<{ data: EmailThreadMessage }>().data;
      expect(stored).toMatchObject({ thread_id: fixture.threadId, direction: 'outbound', kind: 'own', source: 'inbox', from: 'ada@good.example', to: [fixture.prospect.email!.toLowerCase()], subject: 'Re: Saving your team a day a week' });
      expect(stored.text).toMatch(/^Hi Pat,\n\nHappy to\. Tuesday at 10 works\? \(if 2 < 3 & 5 > 4\)\n\nAda\n\nOn .+ wrote:\n> Thanks, sounds interesting/);

      const received = smtpServer.received.slice(before);
      expect(received).toHaveLength(1);
      expect(received[0]!.to).toEqual([fixture.prospect.email!.toLowerCase()]);
      const mail = await simpleParser(received[0]!.raw);
      expect(mail.subject).toBe('Re: Saving your team a day a week');
      expect(mail.inReplyTo).toBe(fixture.replyMessageId);
      expect(mail.references).toEqual([fixture.email.messageId, fixture.replyMessageId]);
      expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@good\.example>$/);
      expect(mail.from?.value).toEqual([{ name: 'Ada Sender', address: 'ada@good.example' }]);
      // Plain text is escaped into the HTML part, never run as markup.
      expect(mail.html).toContain('(if 2 &lt; 3 &amp; 5 &gt; 4)');
      expect(mail.html).toContain('<blockquote>');
      expect(received[0]!.raw.toString('utf8')).not.toMatch(/^List-Unsubscribe/m);

      // The thread has it, last; it is read.
      const messages = (await get(u, `/email_thread_messages/${fixture.threadId}`)).json<{ data: EmailThreadMessage[] }>().data;
      expect(messages.at(-1)).toMatchObject({ id: stored.id, source: 'inbox' });
      expect((await get(u, `/email_threads/${fixture.threadId}`)).json().data).toMatchObject({ unread: false, last_message: { id: stored.id, direction: 'outbound' } });
      expect(await filtered(u, { by_message_source: ['inbox'] })).toEqual([fixture.threadId]);

      // Filed in the Sent folder (the loopback server is not a provider that files it itself).
      const [row] = await t.db.db.select().from(userEmails).where(eq(userEmails.id, mailbox.id));
      const found = await findInSentFolder(imap, imapEndpointOf(row!, 'right-password'), row!.sentFolder, mail.messageId!);
      expect(found.status).toBe('found');
      // The Sent folder's copy, synced later, adds nothing; the prospect's answer to it joins the same thread.
      const ingest = (raw: string | Buffer, role: 'sent' | 'inbox') => ingestMessage(t.db.db, { mailbox: { id: mailbox.id, accountId: fixture.accountId, email: mailbox.email }, folder: role === 'sent' ? row!.sentFolder! : 'INBOX', role, raw });
      expect((await ingest(received[0]!.raw, 'sent')).outcome).toBe('duplicate');
      const answer = [
        `From: ${fixture.prospect.email}`,
        `To: ${mailbox.email}`,
        `Subject: Re: Saving your team a day a week`,
        `Message-ID: <again-${fixture.threadId}@prospect.example>`,
        `In-Reply-To: ${mail.messageId}`,
        `Date: ${new Date(Date.now() + 60_000).toUTCString()}`,
        '',
        'Tuesday works.',
      ].join('\r\n');
      expect(await ingest(answer, 'inbox')).toMatchObject({ outcome: 'stored', threadId: fixture.threadId });
    });

    it('takes HTML as written (sanitised), and does not double "Re:"', async () => {
      const fixture = await threadOf(t, u, { mailbox, subject: 'Re: an earlier talk' });
      const before = smtpServer.received.length;
      const res = await send(u, 'POST', `/email_threads/${fixture.threadId}/send_reply`, { body: '<p>Thanks <strong>Pat</strong><script>x()</script></p>' });
      expect(res.statusCode, res.body).toBe(200);
      const mail = await simpleParser(smtpServer.received[before]!.raw);
      expect(mail.subject).toBe('Re: an earlier talk');
      expect(mail.html).toContain('<strong>Pat</strong>');
      expect(mail.html).not.toContain('script');
      expect(mail.text).toMatch(/^Thanks Pat/);
    });

    it('says why when the answer cannot go (422 for what the user can fix, 502 for the server), and stores nothing', async () => {
      const stored = async (threadId: number) => (await get(u, `/email_thread_messages/${threadId}`)).json<{ data: EmailThreadMessage[] }>().data.length;
      const unknown = await threadOf(t, u, { mailbox, prospect: { email: `unknown-${seq}@nowhere.example` } });
      let res = await send(u, 'POST', `/email_threads/${unknown.threadId}/send_reply`, { body: 'Hello?' });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors[0]).toMatch(/does not exist/);
      expect(await stored(unknown.threadId)).toBe(2);
      const [entry] = await t.db.db.select().from(blacklistedEmails).where(and(eq(blacklistedEmails.accountId, unknown.accountId), eq(blacklistedEmails.email, `unknown-${seq}@nowhere.example`)));
      // The server said the address does not exist: on the list as a hard bounce (a reply put nothing there before).
      expect(entry?.reason).toBe('hard_bounce');

      const later = await threadOf(t, u, { mailbox, prospect: { email: `later-${seq}@busy.example` } });
      res = await send(u, 'POST', `/email_threads/${later.threadId}/send_reply`, { body: 'Hello?' });
      expect(res.statusCode, res.body).toBe(502);
      expect(res.json().errors[0]).toMatch(/try later/);
      expect(await stored(later.threadId)).toBe(2);

      for (const body of [{}, { body: '' }, { body: '<p> </p>' }, { body: 42 }, { body: 'x', extra: 1 }]) {
        expect((await send(u, 'POST', `/email_threads/${later.threadId}/send_reply`, body)).statusCode).toBe(422);
      }

      // A paused mailbox: 422 with the reason, nothing sent.
      const paused = await threadOf(t, u, { mailbox });
      await t.db.db.update(userEmails).set({ status: 'paused', statusReason: 'Paused by the user' }).where(eq(userEmails.id, mailbox.id));
      const before = smtpServer.received.length;
      res = await send(u, 'POST', `/email_threads/${paused.threadId}/send_reply`, { body: 'Hello?' });
      await t.db.db.update(userEmails).set({ status: 'active', statusReason: null }).where(eq(userEmails.id, mailbox.id));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0]).toMatch(/paused/);
      expect(smtpServer.received.length).toBe(before);
    });

    it('drafts an answer with the built-in composer, grounded in the prospect and the sender', async () => {
      const fixture = await threadOf(t, u, { mailbox, prospect: { fullName: 'Robin Vale', company: 'Valeco' }, reply: 'Interesting. What does it cost?' });
      await send(u, 'PUT', `/email_threads/${fixture.threadId}`, { reply_status: 'interested' });
      const res = await send(u, 'POST', `/email_threads/${fixture.threadId}/reply_text`);
      expect(res.statusCode, res.body).toBe(200);
      const draft = res.json().data as { text: string; html: string; provider: string };
      expect(draft.provider).toBe('composer');
      expect(draft.text).toMatch(/^Hi Robin,/);
      expect(draft.text).toMatch(/Pricing depends/);
      expect(draft.text).toMatch(/Ada Sender/);
      expect(draft.html).toMatch(/^<p>Hi Robin,<\/p>/);
      // Nothing was sent.
      expect((await get(u, `/email_thread_messages/${fixture.threadId}`)).json().data).toHaveLength(2);
    });

    it('refuses to draft for unsubscribe, out-of-office, bounce and negative replies', async () => {
      const unsubscribe = await threadOf(t, u, { mailbox, reply: 'Please remove me from your list.' });
      const outOfOffice = await threadOf(t, u, { mailbox, headers: ['Auto-Submitted: auto-replied'], reply: 'I am out of the office until 2 December.' });
      const negative = await threadOf(t, u, { mailbox });
      await send(u, 'PUT', `/email_threads/${negative.threadId}`, { reply_status: 'not_interested' });
      const bounced = await threadOf(t, u, { mailbox });
      await send(u, 'PUT', `/email_threads/${bounced.threadId}`, { reply_status: 'bounce' });
      for (const [fixture, why] of [
        [unsubscribe, /asked not to be written to/],
        [outOfOffice, /out-of-office/],
        [negative, /declined/],
        [bounced, /bounced/],
      ] as const) {
        const res = await send(u, 'POST', `/email_threads/${fixture.threadId}/reply_text`);
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json().errors[0]).toMatch(why);
      }
      expect((await send(u, 'POST', '/email_threads/2147483647/reply_text')).statusCode).toBe(404);
    });
  });

  it('threads of the list do not leak into another account’s counts', async () => {
    const a = await user();
    const b = await user();
    await threadOf(t, a);
    expect((await get(b, '/email_threads/stats')).json().data.total).toBe(0);
    expect((await listOf(b)).meta.total).toBe(0);
    const [row] = await t.db.db.select().from(emailThreads).limit(1);
    expect((await get(b, `/email_threads/${row!.id}`)).statusCode).toBe(404);
  });
});
