import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import type { Campaign, CampaignEmail, CampaignEmailDetail, VirtualEmployee } from '@shared/schemas/campaigns';
import type { EmailThread, EmailThreadMessage } from '@shared/schemas/email-threads';
import type { ActivityList } from '@shared/schemas/dashboard';
import type { Interaction, InteractionsStats, PersonOfferingInfo } from '@shared/schemas/interactions';
import { PROSPECT_CSV_HEADER, PROSPECT_OUTREACH_CSV_HEADER } from '@shared/schemas/prospects';
import { activities, autoCommunicationSettings, campaignEmails, personaProspects, personas } from '../../db/schema';
import { inAccount } from '../../db/tenancy';
import { imapConnector } from '../../lib/mail/imap';
import { smtpConnector } from '../../lib/mail/smtp';
import type { Deps } from '../../lib/route';
import { DB_KINDS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type TestApp } from '../../testing/harness';
import { connectLoopbackMailbox } from '../../testing/loopback-mailbox';
import { startHoodiecrow, startRecordingSmtpServer, TEST_CERT } from '../../testing/mail-servers';
import { postJson } from '../campaigns/ownership.test-helpers';
import { runSendTick } from '../campaigns/send-job';
import { ingestMessage } from '../inbox/ingest';
import { fixture } from '../inbox/seed.test-helpers';
import { accountIdOf } from '../messaging/ownership.test-helpers';
import { seedProspects } from '../prospects/ownership.test-helpers';

/**
 * Interactions end to end on a real outreach: a running autonomous campaign sends its first emails through
 * the sending engine (loopback SMTP; one address bounces at the server), the prospects' answers are taken
 * in by ingestion (an interested reply, an out-of-office, the user's own answer found in Sent), one
 * sequence is stopped by hand. Then the interactions list with each filter, its counts, one email's
 * context, the person/offering behind it, one prospect's activity, and the persona export's outreach state.
 */

const ALLOW = ['localhost', '127.0.0.1'];
const mailOptions = { allowHosts: ALLOW, tls: { ca: TEST_CERT.cert } };
const imap = imapConnector(mailOptions);
const MIGRATION = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle/0021_interactions.sql');

/** A fixture message dated `at` (fixtures carry a fixed date). */
const dated = (raw: string, at: Date) => raw.replace(/^Date: .*$/m, `Date: ${at.toUTCString()}`);

describe.each(DB_KINDS)('interactions (%s)', (kind) => {
  let t: TestApp;
  let smtpServer: Awaited<ReturnType<typeof startRecordingSmtpServer>>;
  let imapServer: Awaited<ReturnType<typeof startHoodiecrow>>;
  let u: Awaited<ReturnType<typeof signedInUser>>;
  let accountId: number;
  let mailbox: { id: number; email: string };
  let employee: VirtualEmployee;
  let campaign: Campaign;
  let personaId: number;
  let personaName: string;
  const tag = `x${Date.now().toString(36)}`;
  const people = {} as Record<'ann' | 'bob' | 'cat' | 'dan' | 'eve', { id: number; email: string }>;
  const firstEmail = {} as Record<'ann' | 'bob' | 'dan' | 'eve', CampaignEmail>;
  let annThreadId: number;

  const get = (url: string) => t.app.inject({ method: 'GET', url: v1(url), headers: u.headers });
  const deps = () => ({ db: t.db.db, config: t.config, jobs: t.app.jobs, mail: { smtp: smtpConnector(mailOptions), imap } }) as unknown as Deps;
  const interactions = async (filters?: object, extra = '') => {
    const res = await get(`/campaign_emails?interaction_view=interactions&per_page=100${filters ? `&filters=${encodeURIComponent(JSON.stringify(filters))}` : ''}${extra}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Interaction[]; meta: { total: number } }>();
  };
  const kinds = (list: Interaction[]) => list.map((i) => i.kind).sort();
  const statsOf = async (filters?: object) => {
    const res = await get(`/campaign_emails/interactions_stats${filters ? `?filters=${encodeURIComponent(JSON.stringify(filters))}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: InteractionsStats }>().data;
  };
  const ingest = (raw: string, role: 'inbox' | 'sent' = 'inbox') =>
    ingestMessage(t.db.db, { mailbox: { id: mailbox.id, accountId, email: mailbox.email }, folder: role === 'sent' ? 'Sent' : 'INBOX', role, raw });

  beforeAll(async () => {
    smtpServer = await startRecordingSmtpServer({ security: 'starttls' });
    imapServer = await startHoodiecrow();
    t = await startTestApp(kind, { env: { GUARDED_FETCH_ALLOW_HOSTS: ALLOW.join(',') }, mail: { smtp: smtpConnector(mailOptions), imap } });
    u = await signedInUser(t, 'interactions');
    accountId = await accountIdOf(t, u);
    await t.db.db.insert(autoCommunicationSettings).values({
      accountId,
      timeZone: 'UTC',
      workingDays: [1, 2, 3, 4, 5, 6, 7],
      workStart: '00:00',
      workEnd: '23:59',
      dailyLimitEmail: 100,
      dailyLimitLinkedin: 20,
      dailyLimitPhone: 10,
      autoReply: false,
      mode: 'autonomous',
    });
    mailbox = await connectLoopbackMailbox(t, u.headers, { smtp: smtpServer.port, imap: imapServer.port }, { hourly_limit: 40, min_gap_seconds: 0 });
    employee = await postJson<VirtualEmployee>(t, u, '/virtual_employees', { name: 'Ada Agent', title: 'SDR', user_email_ids: [mailbox.id] });
    await postJson(t, u, '/offerings', { name: 'Pipeline Radar', description: 'Finds the deals that stall.', url: 'https://radar.example/landing' });
    personaName = `Heads of Sales ${tag}`;
    const [persona] = await t.db.db.insert(personas).values({ accountId, name: personaName }).returning();
    personaId = persona!.id;
    // Each on a domain of its own (no per-domain throttle); cat's address is refused by the server (5.1.1).
    const locals = { ann: 'ann', bob: 'bob', cat: 'unknown-cat', dan: 'dan', eve: 'eve' } as const;
    const rows = await seedProspects(
      t,
      accountId,
      Object.entries(locals).map(([name, local], i) => ({
        fullName: `${name[0]!.toUpperCase()}${name.slice(1)} Lee`,
        firstName: name,
        company: i === 0 ? '=Annex Corp' : 'Acme',
        title: 'Head of Sales',
        email: `${local}@p${i}-${tag}.example`,
      })),
    );
    Object.keys(locals).forEach((name, i) => (people[name as keyof typeof people] = { id: rows[i]!.id, email: `${Object.values(locals)[i]}@p${i}-${tag}.example` }));
    await t.db.db.insert(personaProspects).values(rows.map((r) => ({ accountId, personaId, prospectId: r.id })));
    campaign = await postJson<Campaign>(t, u, '/campaigns', { name: `=Outreach ${tag}`, person_id: personaId, virtual_employee_ids: [employee.id], mode: 'autonomous' });
    await postJson(t, u, `/campaigns/${campaign.id}/start`, {});
    await t.app.jobs.drain({ skipDelays: true });
    await inAccount(accountId, null, () => runSendTick(deps(), accountId));
    const sent = await t.db.db.select().from(campaignEmails).where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.campaignId, campaign.id), eq(campaignEmails.stepPosition, 1)));
    for (const name of ['ann', 'bob', 'dan', 'eve'] as const) {
      const row = sent.find((r) => r.prospectId === people[name].id)!;
      expect(row.status, name).toBe('sent');
      firstEmail[name] = (await get(`/campaign_emails/${row.id}`)).json<{ data: CampaignEmail }>().data;
    }
    expect(sent.find((r) => r.prospectId === people.cat.id)?.status).toBe('failed');

    const now = Date.now();
    // Ann answers (interested); the user answers her from their own mail client (found in Sent).
    const annReply = dated(fixture('reply-interested.eml', { to: people.ann.email, original: firstEmail.ann.message_id, mailbox: mailbox.email, subject: firstEmail.ann.subject }), new Date(now + 60_000));
    const ann = await ingest(annReply);
    expect(ann).toMatchObject({ outcome: 'stored', kind: 'human' });
    annThreadId = (ann as { threadId: number }).threadId;
    const answered = /^Message-ID: (.*)$/m.exec(annReply)![1]!.trim();
    const own = await ingest(dated(fixture('own-followup-sent.eml', { to: people.ann.email, original: answered, mailbox: mailbox.email, subject: firstEmail.ann.subject }), new Date(now + 120_000)), 'sent');
    expect(own).toMatchObject({ outcome: 'stored', kind: 'own' });
    // Bob is out of office (the note names a return date); his sequence pauses.
    const bob = await ingest(dated(fixture('ooo-en.eml', { to: people.bob.email, original: firstEmail.bob.message_id, mailbox: mailbox.email, subject: firstEmail.bob.subject }), new Date(now + 180_000)));
    expect(bob).toMatchObject({ outcome: 'stored', kind: 'auto_reply', effect: 'paused' });
    // Eve's sequence is stopped by hand.
    const stop = await t.app.inject({ method: 'POST', url: v1(`/campaign_emails/${firstEmail.eve.id}/mark_stop_sending`), headers: u.headers });
    expect(stop.statusCode, stop.body).toBe(200);
    // A real campaign through the engine and four ingestions: more than the default hook time on a busy machine.
  }, 240_000);

  afterAll(async () => {
    await t?.close();
    await smtpServer?.close();
    await imapServer?.close();
  });

  it('lists everything the agent did and received, newest first, with prospect, campaign, virtual employee and thread', async () => {
    const { data, meta } = await interactions({ by_campaign: campaign.id });
    expect(meta.total).toBe(data.length);
    // Sent to four, one bounced at the server (and its enrolment stopped), Ann replied (her sequence stopped) and
    // was answered from a mail client, Bob's out-of-office paused his, Eve's was stopped by hand.
    expect(kinds(data)).toEqual(
      ['answer', 'auto_reply', 'bounce', 'email_sent', 'email_sent', 'email_sent', 'email_sent', 'paused', 'reply', 'stopped', 'stopped', 'stopped', 'stopped'].sort(),
    );
    const times = data.map((i) => i.occurred_at);
    expect(times).toEqual([...times].sort().reverse());
    const reply = data.find((i) => i.kind === 'reply')!;
    expect(reply).toMatchObject({
      channel: 'email',
      direction: 'inbound',
      summary: 'Ann Lee replied',
      prospect: { id: people.ann.id, name: 'Ann Lee', email: people.ann.email },
      campaign: { id: campaign.id, name: campaign.name },
      virtual_employee: { id: employee.id, name: 'Ada Agent' },
      campaign_email_id: firstEmail.ann.id,
      thread: { id: annThreadId, reply_status: 'interested', unread: true, starred: false },
    });
    expect(reply.snippet).toContain('we are interested');
    expect(reply.snippet).not.toContain('not interested in hearing');
    const sent = data.find((i) => i.kind === 'email_sent' && i.prospect?.id === people.dan.id)!;
    expect(sent).toMatchObject({ summary: 'Step 1 sent to Dan Lee', step: 1, subject: firstEmail.dan.subject, direction: 'outbound', message_source: 'campaign', thread: null, actor: { type: 'virtual_employee', name: 'Ada Agent' } });
    expect(data.find((i) => i.kind === 'bounce')).toMatchObject({ prospect: { id: people.cat.id }, summary: 'Email to Cat Lee bounced' });
    expect(data.find((i) => i.kind === 'bounce')!.detail).toMatch(/5\.1\.1/);
    expect(data.find((i) => i.kind === 'auto_reply')).toMatchObject({ summary: 'Out-of-office reply from Bob Lee', prospect: { id: people.bob.id } });
    expect(data.find((i) => i.kind === 'auto_reply')!.detail).toMatch(/^Out of office/);
    expect(data.find((i) => i.kind === 'paused')!.detail).toMatch(/^Until \d{4}-\d{2}-\d{2}/);
    expect(data.find((i) => i.kind === 'answer')).toMatchObject({ summary: 'Answered Ann Lee from a mail client', message_source: 'mail_client', thread: { id: annThreadId } });
    const stops = data.filter((i) => i.kind === 'stopped').map((i) => [i.prospect?.id, i.detail]);
    expect(stops).toEqual(
      expect.arrayContaining([
        [people.ann.id, 'The prospect replied'],
        [people.cat.id, 'The address bounced'],
        [people.eve.id, 'Stopped by you'],
        [people.eve.id, null],
      ]),
    );
    // Paging: the second page starts where the first ended.
    const first = (await get(`/campaign_emails?interaction_view=interactions&per_page=5&filters=${encodeURIComponent(JSON.stringify({ by_campaign: campaign.id }))}`)).json<{ data: Interaction[] }>().data;
    const second = (await get(`/campaign_emails?interaction_view=interactions&per_page=5&page=2&filters=${encodeURIComponent(JSON.stringify({ by_campaign: campaign.id }))}`)).json<{ data: Interaction[] }>().data;
    expect([...first, ...second].map((i) => i.id)).toEqual(data.slice(0, 10).map((i) => i.id));
    const oldest = (await interactions({ by_campaign: campaign.id }, '&sort=occurred_at&sort_direction=asc')).data;
    expect(oldest.map((i) => i.id)).toEqual([...data].reverse().map((i) => i.id));
    // The campaign's own list takes the view too.
    const own = await get(`/campaigns/${campaign.id}/campaign_emails?interaction_view=interactions&per_page=100`);
    expect(own.json<{ data: Interaction[] }>().data.map((i) => i.id)).toEqual(data.map((i) => i.id));
  });

  it('applies each interaction filter', async () => {
    const base = { by_campaign: campaign.id };
    const count = async (f: object) => (await interactions({ ...base, ...f })).data;
    expect(kinds(await count({ by_kinds: ['reply', 'auto_reply'] }))).toEqual(['auto_reply', 'reply']);
    expect(kinds(await count({ by_prospect: people.ann.id }))).toEqual(['answer', 'email_sent', 'reply', 'stopped']);
    // The thread's marks: Ann's conversation is interested and unread, Bob's an out-of-office.
    expect(kinds(await count({ by_reply_status: 'interested' }))).toEqual(['answer', 'email_sent', 'reply', 'stopped']);
    expect((await count({ by_reply_statuses: ['out_of_office'] })).every((i) => i.prospect?.id === people.bob.id)).toBe(true);
    expect((await count({ by_interested: true })).every((i) => i.prospect?.id === people.ann.id)).toBe(true);
    expect((await count({ by_unread: true })).every((i) => i.prospect?.id === people.ann.id)).toBe(true);
    expect(await count({ by_starred: true })).toEqual([]);
    await t.app.inject({ method: 'PUT', url: v1(`/email_threads/${annThreadId}`), headers: u.headers, payload: { starred: true } });
    expect((await count({ by_starred: true })).length).toBe(4);
    // Channels: everything here is email; LinkedIn and calls have no interactions yet.
    expect((await count({ by_channels: ['email'] })).length).toBe(13);
    expect(await count({ by_channels: ['linkedin', 'call'] })).toEqual([]);
    expect((await count({ by_message_source: ['campaign'] })).map((i) => i.kind)).toEqual(['email_sent', 'email_sent', 'email_sent', 'email_sent']);
    expect((await count({ by_message_source: ['mail_client'] })).map((i) => i.kind)).toEqual(['answer']);
    expect(await count({ by_message_source: ['inbox'] })).toEqual([]);
    expect((await count({ by_persons: [personaId] })).length).toBe(13);
    expect((await count({ by_persons_names: [personaName.toUpperCase()] })).length).toBe(13);
    expect(await count({ by_persons: [personaId + 100000] })).toEqual([]);
    expect((await count({ by_source: ['import'] })).length).toBe(13);
    expect(await count({ by_source: ['extension'] })).toEqual([]);
    expect((await count({ by_virtual_employee: [employee.id] })).length).toBe(13);
    expect((await count({ by_prospect_name: 'dan' })).map((i) => i.kind)).toEqual(['email_sent']);
    expect((await count({ by_search_query: people.eve.email })).length).toBe(3);
    expect((await count({ by_search_query: firstEmail.dan.subject.slice(0, 12) })).length).toBeGreaterThan(0);
    // Contains: any address (or words) our emails to the prospect carried.
    expect((await count({ by_landing_page: firstEmail.dan.body_text.slice(0, 16) })).length).toBeGreaterThan(0);
    expect(await count({ by_landing_page: 'https://nowhere.example/none' })).toEqual([]);
    const tomorrow = new Date(Date.now() + 86_400_000 * 2).toISOString().slice(0, 10);
    expect(await count({ by_date: { from: tomorrow } })).toEqual([]);
    expect((await count({ by_date: { to: tomorrow } })).length).toBe(13);
    expect(await count({ by_campaign: campaign.id + 100000 })).toEqual([]);
  });

  it('answers 422 for a wrong view, filter or sort, and keeps the emails view as it was', async () => {
    const bad = async (query: string) => {
      const res = await get(`/campaign_emails?${query}`);
      expect(res.statusCode, query).toBe(422);
      return res.json<{ errors: string[] }>().errors.join(' ');
    };
    expect(await bad('interaction_view=everything')).toMatch(/Interaction view must be one of emails, interactions/);
    expect(await bad(`interaction_view=interactions&filters=${encodeURIComponent(JSON.stringify({ by_kinds: ['nope'] }))}`)).toMatch(/Kind must be one of/);
    expect(await bad(`interaction_view=interactions&filters=${encodeURIComponent(JSON.stringify({ status: 'draft' }))}`)).toMatch(/Unknown field in filters: status/);
    expect(await bad('interaction_view=interactions&status=draft')).toMatch(/takes its filters in filters/);
    expect(await bad('interaction_view=interactions&sort=due_at')).toMatch(/occurred_at/);
    expect(await bad(`filters=${encodeURIComponent(JSON.stringify({ by_kinds: ['reply'] }))}`)).toMatch(/Unknown field in filters: by_kinds/);
    expect(await bad('sort=occurred_at')).toMatch(/interaction_view=interactions/);
    expect(await bad('filters=not-json')).toMatch(/Filters must be a JSON object/);
    const emails = await get(`/campaign_emails?filters=${encodeURIComponent(JSON.stringify({ campaign_id: campaign.id, step: 1 }))}`);
    expect(emails.statusCode).toBe(200);
    expect(emails.json<{ data: CampaignEmail[] }>().data).toHaveLength(5);
  });

  it('counts the interactions by channel, direction and kind, and each enrolment once by where it stands', async () => {
    const s = await statsOf({ by_campaign: campaign.id });
    expect(s.total).toBe(13);
    expect(s.prospects).toBe(5);
    expect(s.by_channel).toEqual({ email: 13, linkedin: 0, call: 0 });
    expect(s.by_kind).toMatchObject({ email_sent: 4, reply: 1, auto_reply: 1, bounce: 1, answer: 1, stopped: 4, paused: 1, linkedin_invitation: 0, call: 0 });
    expect(s.by_direction).toEqual({ outbound: 5, inbound: 3, event: 5 });
    expect(s.enrolments).toBe(5);
    expect(s.by_outcome).toEqual({ in_sequence: 2, interested: 1, replied: 0, unsubscribed: 0, bounced: 1, stopped: 1, no_reply: 0 });
    expect(s.reply_rate).toBe(20);
    const replies = await statsOf({ by_campaign: campaign.id, by_kinds: ['reply'] });
    expect({ total: replies.total, enrolments: replies.enrolments, interested: replies.by_outcome.interested }).toEqual({ total: 1, enrolments: 1, interested: 1 });
    const bad = await get(`/campaign_emails/interactions_stats?filters=${encodeURIComponent(JSON.stringify({ by_channels: ['fax'] }))}`);
    expect(bad.statusCode).toBe(422);
  });

  it('gives one email with its campaign, enrolment, sequence and conversation; the thread points at it', async () => {
    const res = await get(`/campaign_emails/${firstEmail.ann.id}`);
    expect(res.statusCode).toBe(200);
    const d = res.json<{ data: CampaignEmailDetail }>().data;
    expect(d).toMatchObject({
      id: firstEmail.ann.id,
      campaign_status: 'running',
      persona: { id: personaId, name: personaName },
      virtual_employee: { id: employee.id, name: 'Ada Agent', title: 'SDR' },
      enrolment: { status: 'stopped', stop_reason: 'The prospect replied', outcome: 'interested', step_reached: 1, email: people.ann.email },
      thread: { id: annThreadId, reply_status: 'interested', stop_sending: true },
    });
    expect(d.enrolment!.last_touch_at).not.toBeNull();
    expect(d.sequence.length).toBe(campaign.steps.length);
    expect(d.sequence[0]).toMatchObject({ step: 1, channel: 'email', campaign_email_id: firstEmail.ann.id, status: 'sent' });
    expect(d.sequence.slice(1).every((s) => s.status === 'cancelled')).toBe(true);
    // The stop's reason in words, not the blacklist's code.
    expect(d.sequence[1]!.status_reason).toBe('The prospect replied');
    const dan = (await get(`/campaign_emails/${firstEmail.dan.id}`)).json<{ data: CampaignEmailDetail }>().data;
    expect(dan.enrolment).toMatchObject({ status: 'active', outcome: 'in_sequence', stop_reason: null });
    expect(dan.thread).toBeNull();
    // The next step is due (delay after step 1); the ones after it get their time when the step before is sent.
    expect(dan.sequence.slice(1).map((s) => s.status)).toEqual(dan.sequence.slice(1).map(() => 'scheduled'));
    expect(dan.sequence[1]!.due_at).not.toBeNull();

    const thread = (await get(`/email_threads/${annThreadId}`)).json<{ data: EmailThread }>().data;
    expect(thread.campaign_email_id).toBe(firstEmail.ann.id);
    const listed = (await get(`/email_threads?filters=${encodeURIComponent(JSON.stringify({ by_campaign: campaign.id }))}`)).json<{ data: EmailThread[] }>().data;
    expect(listed.find((th) => th.id === annThreadId)?.campaign_email_id).toBe(firstEmail.ann.id);
    const messages = (await get(`/email_thread_messages/${annThreadId}`)).json<{ data: EmailThreadMessage[] }>().data;
    expect(messages.map((m) => [m.direction, m.campaign_email_id])).toEqual([
      ['outbound', firstEmail.ann.id],
      ['inbound', firstEmail.ann.id],
      ['outbound', null],
    ]);
  });

  it('gives the prospect, the persona with its figures and the offering behind a message', async () => {
    const res = await get(`/campaign_emails/${firstEmail.ann.id}/person_offering_info`);
    expect(res.statusCode).toBe(200);
    const info = res.json<{ data: PersonOfferingInfo }>().data;
    expect(info).toMatchObject({
      campaign_email_id: firstEmail.ann.id,
      campaign: { id: campaign.id, name: campaign.name, status: 'running' },
      prospect: { id: people.ann.id, full_name: 'Ann Lee', email: people.ann.email, company: '=Annex Corp', source: 'import' },
      persona: { id: personaId, name: personaName },
      offering: { name: 'Pipeline Radar', url: 'https://radar.example/landing' },
      virtual_employee: { id: employee.id, name: 'Ada Agent' },
    });
    // Five prospects; four reached (Cat's bounced at the server); Ann replied and is interested; Bob and Dan are in a running sequence.
    expect(info.persona!.figures).toEqual({ prospects: 5, contacted: 4, replied: 1, reply_rate: 25, interested: 1, in_sequence: 2 });
    expect((await get('/campaign_emails/999999/person_offering_info')).statusCode).toBe(404);
  });

  it('lists one prospect’s activity log (the agent-activity panel)', async () => {
    const res = await get(`/activity_list?per_page=100&prospect_id=${people.ann.id}`);
    expect(res.statusCode).toBe(200);
    const list = res.json<ActivityList>();
    expect(list.data.every((a) => a.prospect?.id === people.ann.id)).toBe(true);
    expect(list.meta.total).toBe(list.data.length);
    expect(list.data.map((a) => a.verb)).toEqual(expect.arrayContaining(['message_generated', 'email_sent', 'reply_received', 'reply_interested', 'enrolment_stopped', 'mail_client_reply_sent']));
    expect(list.data.find((a) => a.verb === 'mail_client_reply_sent')?.description).toBe('Answered Ann Lee (=Annex Corp) from a mail client');
    const bob = (await get(`/activity_list?per_page=100&prospect_id=${people.bob.id}`)).json<ActivityList>().data;
    expect(bob.find((a) => a.verb === 'auto_reply_received')?.description).toMatch(/^Out-of-office reply from Bob Lee/);
  });

  it('exports a persona’s prospects with each one’s outreach state, formula cells escaped', async () => {
    const res = await get(`/campaign_emails/export_prospects_by_person/${personaId}`);
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = parse(res.body, { bom: true }) as string[][];
    expect(header).toEqual([...PROSPECT_CSV_HEADER, ...PROSPECT_OUTREACH_CSV_HEADER]);
    const at = (name: string) => header!.indexOf(name);
    const row = (id: number) => rows.find((r) => r[0] === String(id))!;
    const ann = row(people.ann.id);
    expect(ann[at('Company')]).toBe("'=Annex Corp");
    expect(ann[at('Campaign')]).toBe(`'=Outreach ${tag}`);
    expect([ann[at('Enrolment status')], ann[at('Step reached')], ann[at('Steps')], ann[at('Last touch channel')], ann[at('Replied')], ann[at('Reply status')], ann[at('Outcome')], ann[at('Stopped reason')]]).toEqual([
      'stopped',
      '1',
      String(campaign.steps.length),
      'email',
      'yes',
      'Interested',
      'Interested',
      'The prospect replied',
    ]);
    expect(ann[at('Last touch at')]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const dan = row(people.dan.id);
    expect([dan[at('Enrolment status')], dan[at('Step reached')], dan[at('Replied')], dan[at('Outcome')], dan[at('Stopped reason')]]).toEqual(['active', '1', 'no', 'In sequence', '']);
    const cat = row(people.cat.id);
    expect([cat[at('Enrolment status')], cat[at('Step reached')], cat[at('Last touch at')], cat[at('Outcome')]]).toEqual(['stopped', '0', '', 'Bounced']);
  });

  it('the migration gives auto-replies and mail-client answers taken in before it their activity, once', async () => {
    const statements = fs
      .readFileSync(MIGRATION, 'utf8')
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter((s) => s.toUpperCase().includes('INSERT INTO "ACTIVITIES"'));
    expect(statements).toHaveLength(2);
    const ours = and(eq(activities.accountId, accountId), sql`${activities.verb} in ('auto_reply_received', 'mail_client_reply_sent')`);
    const before = await t.db.db.select().from(activities).where(ours);
    expect(before.map((a) => a.verb).sort()).toEqual(['auto_reply_received', 'mail_client_reply_sent']);
    await t.db.db.delete(activities).where(ours);
    for (const s of statements) await t.db.db.execute(sql.raw(s));
    for (const s of statements) await t.db.db.execute(sql.raw(s));
    const after = await t.db.db.select().from(activities).where(ours);
    expect(after.map((a) => [a.verb, a.prospectId, (a.payload as { thread_id?: number }).thread_id]).sort()).toEqual(
      before.map((a) => [a.verb, a.prospectId, (a.payload as { thread_id?: number }).thread_id]).sort(),
    );
    expect(after.map((a) => a.occurredAt.getTime()).sort()).toEqual(before.map((a) => a.occurredAt.getTime()).sort());
    // Read back as interactions like the ones ingestion writes.
    expect(kinds((await interactions({ by_campaign: campaign.id, by_kinds: ['auto_reply', 'answer'] })).data)).toEqual(['answer', 'auto_reply']);
  });
});
