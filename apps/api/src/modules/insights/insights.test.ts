import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign, VirtualEmployee } from '@shared/schemas/campaigns';
import type { Opportunities, OverallStats, TargetAudience } from '@shared/schemas/insights';
import { autoCommunicationSettings, campaignEmails, personaProspects, personas, pipelineOpportunities, recipientDomains } from '../../db/schema';
import { inAccount } from '../../db/tenancy';
import { dnsResolver } from '../../lib/mail/dns';
import { imapConnector } from '../../lib/mail/imap';
import { smtpConnector } from '../../lib/mail/smtp';
import type { Deps } from '../../lib/route';
import { DB_KINDS, PGLITE_PASS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type TestApp } from '../../testing/harness';
import { connectLoopbackMailbox } from '../../testing/loopback-mailbox';
import { startDnsServer, startHoodiecrow, startRecordingSmtpServer, TEST_CERT } from '../../testing/mail-servers';
import { postJson } from '../campaigns/ownership.test-helpers';
import { runSendTick } from '../campaigns/send-job';
import { ingestMessage } from '../inbox/ingest';
import { fixture } from '../inbox/seed.test-helpers';
import { accountIdOf } from '../messaging/ownership.test-helpers';
import { seedProspects } from '../prospects/ownership.test-helpers';
import { providerOfMx } from './providers';

/**
 * Insights on a real outreach: a running campaign sends its first emails through the sending engine (loopback SMTP;
 * one address is refused there with 5.1.1), then what came back is taken in by ingestion as the mailbox sync would:
 * an interested reply, a "not interested", an unsubscribe, an out-of-office, a DSN 5.1.1 bounce, a DSN 4.4.7 delay
 * and an ARF spam complaint. The user moves the interested prospect's card to "meeting booked". Every figure of the
 * three insights calls is then what happened, exactly; the recipient providers come from the recipients' MX
 * (a loopback DNS server), looked up in the background after the first call.
 */

const ALLOW = ['localhost', '127.0.0.1'];
const mailOptions = { allowHosts: ALLOW, tls: { ca: TEST_CERT.cert } };
const imap = imapConnector(mailOptions);
const dated = (raw: string, at: Date) => raw.replace(/^Date: .*$/m, `Date: ${at.toUTCString()}`);

/** An ARF (RFC 5965) abuse report returning our message, as Microsoft's and Yahoo's feedback loops send them. */
function arfReport(o: { mailbox: string; to: string; original: string; subject: string }): string {
  return [
    'From: staff@feedback-loop.example',
    `To: ${o.mailbox}`,
    'Subject: complaint about message from 127.0.0.1',
    `Message-ID: <arf-${Date.now().toString(36)}@feedback-loop.example>`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/report; report-type=feedback-report; boundary="arf-b"',
    '',
    '--arf-b',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is an email abuse report for an email message received from IP 127.0.0.1.',
    '',
    '--arf-b',
    'Content-Type: message/feedback-report',
    '',
    'Feedback-Type: abuse',
    'User-Agent: FeedbackLoop/1.0',
    'Version: 1',
    `Original-Mail-From: <${o.mailbox}>`,
    `Original-Rcpt-To: <${o.to}>`,
    'Source-IP: 127.0.0.1',
    '',
    '--arf-b',
    'Content-Type: message/rfc822',
    '',
    `From: <${o.mailbox}>`,
    `To: <${o.to}>`,
    `Subject: ${o.subject}`,
    `Message-ID: ${o.original}`,
    '',
    'Hello there.',
    '',
    '--arf-b--',
    '',
  ].join('\r\n');
}

const NAMES = ['ann', 'bob', 'cat', 'dan', 'eve', 'fay', 'gus', 'hal', 'ivy'] as const;
type Name = (typeof NAMES)[number];

describe.each(DB_KINDS)('insights on a real outreach (%s)', (kind) => {
  let t: TestApp;
  let smtpServer: Awaited<ReturnType<typeof startRecordingSmtpServer>>;
  let imapServer: Awaited<ReturnType<typeof startHoodiecrow>>;
  let dnsServer: Awaited<ReturnType<typeof startDnsServer>>;
  let u: Awaited<ReturnType<typeof signedInUser>>;
  let accountId: number;
  let mailbox: { id: number; email: string };
  let campaign: Campaign;
  let personaName: string;
  const tag = `i${Date.now().toString(36)}`;
  const domainOf = (name: Name) => `${name}-${tag}.example`;
  const people = {} as Record<Name, { id: number; email: string }>;
  // The answers are dated a few minutes after the sends (in the real clock's future): the routes read the figures an
  // hour later, once the outreach is set up (the sending engine runs on the real clock).
  let ahead = 0;

  const get = (url: string) => t.app.inject({ method: 'GET', url: v1(url), headers: u.headers });
  const deps = () => ({ db: t.db.db, config: t.config, jobs: t.app.jobs, mail: { smtp: smtpConnector(mailOptions), imap } }) as unknown as Deps;
  const overall = async (query = '') => {
    const res = await get(`/insights/deliverability/overall-stats${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: OverallStats }>().data;
  };

  beforeAll(async () => {
    smtpServer = await startRecordingSmtpServer({ security: 'starttls' });
    imapServer = await startHoodiecrow();
    dnsServer = await startDnsServer({
      [domainOf('ann')]: { MX: [{ exchange: 'aspmx.l.google.com', priority: 1 }, { exchange: 'alt1.aspmx.l.google.com', priority: 5 }] },
      [domainOf('gus')]: { MX: [{ exchange: 'smtp.google.com', priority: 10 }] },
      [domainOf('bob')]: { MX: [{ exchange: `${tag}.mail.protection.outlook.com`, priority: 0 }] },
      [domainOf('dan')]: { MX: [{ exchange: 'mx0a-001.pphosted.com', priority: 10 }] },
      [domainOf('eve')]: { MX: [{ exchange: 'mx.eve-mail.example', priority: 10 }] },
    });
    t = await startTestApp(kind, {
      clock: () => new Date(Date.now() + ahead),
      env: { GUARDED_FETCH_ALLOW_HOSTS: ALLOW.join(',') },
      mail: { smtp: smtpConnector(mailOptions), imap, dns: dnsResolver({ servers: [dnsServer.server], timeoutMs: 1000 }) },
    });
    u = await signedInUser(t, 'insights');
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
    const employee = await postJson<VirtualEmployee>(t, u, '/virtual_employees', { name: 'Ada Agent', title: 'SDR', user_email_ids: [mailbox.id] });
    personaName = `Heads of Sales ${tag}`;
    const [persona] = await t.db.db.insert(personas).values({ accountId, name: personaName }).returning();
    // Each on a domain of its own (no per-domain throttle); cat's address is refused by the server (5.1.1).
    const rows = await seedProspects(
      t,
      accountId,
      NAMES.map((name) => ({
        fullName: `${name[0]!.toUpperCase()}${name.slice(1)} Lee`,
        firstName: name,
        company: 'Acme',
        title: ['ann', 'bob', 'gus'].includes(name) ? 'Head of Sales' : 'CTO',
        email: `${name === 'cat' ? 'unknown-cat' : name}@${domainOf(name)}`,
      })),
    );
    NAMES.forEach((name, i) => (people[name] = { id: rows[i]!.id, email: `${name === 'cat' ? 'unknown-cat' : name}@${domainOf(name)}` }));
    await t.db.db.insert(personaProspects).values(rows.map((r) => ({ accountId, personaId: persona!.id, prospectId: r.id })));
    campaign = await postJson<Campaign>(t, u, '/campaigns', { name: `Outreach ${tag}`, person_id: persona!.id, virtual_employee_ids: [employee.id], mode: 'autonomous' });
    await postJson(t, u, `/campaigns/${campaign.id}/start`, {});
    await t.app.jobs.drain({ skipDelays: true });
    await inAccount(accountId, null, () => runSendTick(deps(), accountId));
    const sent = await t.db.db.select().from(campaignEmails).where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.campaignId, campaign.id), eq(campaignEmails.stepPosition, 1)));
    const first = (name: Name) => sent.find((r) => r.prospectId === people[name].id)!;
    for (const name of NAMES) expect(first(name).status, name).toBe(name === 'cat' ? 'failed' : 'sent');

    const now = Date.now();
    const ingest = (raw: string, minutes: number) =>
      ingestMessage(t.db.db, { mailbox: { id: mailbox.id, accountId, email: mailbox.email }, folder: 'INBOX', role: 'inbox', raw: dated(raw, new Date(now + minutes * 60_000)) });
    const values = (name: Name) => ({ to: people[name].email, original: first(name).messageId, mailbox: mailbox.email, subject: first(name).subject });
    expect(await ingest(fixture('reply-interested.eml', values('ann')), 1)).toMatchObject({ outcome: 'stored', kind: 'human' });
    expect(await ingest(fixture('reply-not-interested.eml', values('gus')), 2)).toMatchObject({ outcome: 'stored', kind: 'human' });
    expect(await ingest(fixture('unsubscribe-en.eml', values('fay')), 3)).toMatchObject({ outcome: 'stored' });
    expect(await ingest(fixture('ooo-en.eml', values('bob')), 4)).toMatchObject({ outcome: 'stored', kind: 'auto_reply' });
    expect(await ingest(fixture('dsn-5.1.1.eml', values('dan')), 5)).toMatchObject({ outcome: 'stored' });
    expect(await ingest(fixture('dsn-4.4.7.eml', values('hal')), 6)).toMatchObject({ outcome: 'stored' });
    expect(await ingest(arfReport(values('eve')), 7)).toMatchObject({ outcome: 'stored' });
    // The user books Ann's meeting on the board.
    const [card] = await t.db.db.select().from(pipelineOpportunities).where(and(eq(pipelineOpportunities.accountId, accountId), eq(pipelineOpportunities.prospectId, people.ann.id)));
    expect(card?.status).toBe('interested');
    const move = await t.app.inject({ method: 'PUT', url: v1(`/campaign_emails/pipeline_prospects/${card!.id}`), headers: u.headers, payload: { pipeline_status: 'meeting_booked' } });
    expect(move.statusCode, move.body).toBe(200);
    ahead = 3_600_000;
  }, 240_000);

  afterAll(async () => {
    await t?.close();
    await smtpServer?.close();
    await imapServer?.close();
    await dnsServer?.close();
  });

  it('deliverability: every figure is what happened, with its rate over the emails sent', async () => {
    const d = await overall();
    // 8 accepted + 1 refused at send time; cat (at the server) and dan (a DSN later) bounced for good, hal's was delayed,
    // eve complained, fay unsubscribed by reply; ann, gus and fay answered as people, ann positively.
    expect(d).toMatchObject({ sent: 9, delivered: 7, bounced: 2, bounced_temporary: 1, blocked: 0, complaints: 1, unsubscribed: 1, replied: 3, positive: 1 });
    expect(d.bounce_rate).toBeCloseTo(2 / 9, 10);
    expect(d.reply_rate).toBeCloseTo(3 / 9, 10);
    expect(d.positive_rate).toBeCloseTo(1 / 9, 10);
    expect(d.complaint_rate).toBeCloseTo(1 / 9, 10);
    expect(d.by_mailbox).toEqual([expect.objectContaining({ user_email_id: mailbox.id, email: mailbox.email, sent: 9, bounced: 2, replied: 3 })]);
    expect(d.by_domain).toEqual([expect.objectContaining({ domain: mailbox.email.split('@')[1], sent: 9, bounced: 2 })]);
    expect(d.by_campaign).toEqual([expect.objectContaining({ campaign_id: campaign.id, name: campaign.name, sent: 9, bounced: 2, replied: 3, positive: 1 })]);
    expect(d.by_campaign[0]!.steps).toEqual([expect.objectContaining({ step: 1, sent: 9, bounced: 2, bounced_temporary: 1, complaints: 1 })]);
    // The first read of these recipients: their MX is not known yet (this call asks for the look-up, which the queue
    // then runs in the background; the next test waits for it).
    expect(d.by_provider.map((p) => [p.provider, p.sent])).toEqual([['pending', 9]]);
    // One campaign's figures: the same here; another campaign id has none.
    expect(await overall(`?campaign_id=${campaign.id}`)).toMatchObject({ sent: 9, campaign_id: campaign.id });
    expect(await overall(`?campaign_id=${campaign.id + 1000}`)).toMatchObject({ sent: 0, bounced: 0, bounce_rate: 0, by_mailbox: [] });
  });

  it('recipient providers: pending until their MX is looked up in the background, then grouped by it', async () => {
    // Pending at the first read (the test above); the look-up it asked for, run to its end.
    await t.app.jobs.drain({ skipDelays: true });
    const stored = await t.db.db.select().from(recipientDomains);
    expect(stored.filter((r) => r.domain.endsWith(`-${tag}.example`)).length).toBe(NAMES.length);
    const after = await overall();
    const by = Object.fromEntries(after.by_provider.map((p) => [p.provider, p]));
    expect(by.google).toMatchObject({ sent: 2, recipients: 2, replied: 2, positive: 1, never_answered_share: 0 });
    expect(by.microsoft).toMatchObject({ sent: 1, recipients: 1, replied: 0, never_answered_share: 1 });
    expect(by.proofpoint).toMatchObject({ sent: 1, bounced: 1 });
    expect(by.proofpoint!.bounce_codes).toEqual([{ code: '5.1.1', count: 1 }]);
    expect(by.other).toMatchObject({ sent: 1, complaints: 1 });
    // cat (refused at the server), fay, hal, ivy: no MX in the table.
    expect(by.no_mx).toMatchObject({ sent: 4, bounced: 1, bounced_temporary: 1, unsubscribed: 1 });
    expect(by.pending).toBeUndefined();
  });

  it('opportunities: the funnel of the prospects contacted, to the meeting the user booked', async () => {
    const res = await get('/insights/performance/my_opportunities');
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json<{ data: Opportunities }>().data;
    // Contacted: the 8 whose email was accepted (cat's never reached anyone).
    expect(o.funnel.map((s) => [s.stage, s.prospects])).toEqual([
      ['contacted', 8],
      ['replied', 3],
      ['positive', 1],
      ['meeting_booked', 1],
      ['proposal', 0],
      ['won', 0],
    ]);
    expect(o.funnel[1]!.conversion_from_previous).toBeCloseTo(3 / 8, 10);
    expect(o.meetings_per_1000).toBe(125);
    expect(o.median_hours_to_first_reply).not.toBeNull();
    expect(o.median_hours_to_first_reply!).toBeGreaterThanOrEqual(0);
    expect(o.median_hours_to_first_reply!).toBeLessThan(1);
    expect(o.deal_value).toEqual({ open: 0, won: 0, cards_with_value: 0 });

    // A deal value put on the meeting's card counts as open pipeline; cleared, it no longer does.
    const cards = (await get('/campaign_emails/pipeline_prospects?pipeline_status=meeting_booked')).json<{ data: { id: number }[] }>().data;
    expect(cards).toHaveLength(1);
    const deal = (deal_value: number | null) => t.app.inject({ method: 'PUT', url: v1(`/campaign_emails/pipeline_prospects/${cards[0]!.id}/deal`), headers: u.headers, payload: { deal_value } });
    expect((await deal(2500.25)).statusCode).toBe(200);
    const valued = (await get('/insights/performance/my_opportunities')).json<{ data: Opportunities }>().data;
    expect(valued.deal_value).toEqual({ open: 2500.25, won: 0, cards_with_value: 1 });
    expect((await deal(null)).statusCode).toBe(200);
    expect((await get('/insights/performance/my_opportunities')).json<{ data: Opportunities }>().data.deal_value).toEqual({ open: 0, won: 0, cards_with_value: 0 });
  });

  it('target audience: each value with its sample, and "not enough data yet" below the minimum', async () => {
    const res = await get('/insights/performance/target_audience?statistic_name=job_title');
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json<{ data: TargetAudience }>().data;
    expect(a.statistic_name).toBe('job_title');
    const by = Object.fromEntries(a.values.map((v) => [v.value, v]));
    expect(by['Head of Sales']).toMatchObject({ contacted: 3, replied: 2, positive: 1, meetings: 1, enough_data: false, reply_rate: { rate: null, low: null, high: null } });
    expect(by.CTO).toMatchObject({ contacted: 5, replied: 1, positive: 0, meetings: 0, enough_data: false });
    const persona = (await get('/insights/performance/target_audience?statistic_name=persona')).json<{ data: TargetAudience }>().data;
    expect(persona.values).toEqual([expect.objectContaining({ value: personaName, contacted: 8, replied: 3 })]);
    const step = (await get('/insights/performance/target_audience?statistic_name=campaign_step')).json<{ data: TargetAudience }>().data;
    expect(step.values).toEqual([expect.objectContaining({ value: 'Step 1', contacted: 8, replied: 3, positive: 1, meetings: 1 })]);
    const channel = (await get('/insights/performance/target_audience?statistic_name=channel')).json<{ data: TargetAudience }>().data;
    expect(channel.values).toEqual([expect.objectContaining({ value: 'email', contacted: 8 })]);
  });

  it("the persona export's outreach columns count as the insights do", async () => {
    const res = await get('/export_performance_to_csv');
    expect(res.statusCode, res.body).toBe(200);
    const [head, ...lines] = res.body.trim().split(/\r?\n/);
    const columns = head!.split(',');
    const row = lines.find((l) => l.includes(personaName))!.split(',');
    const cell = (name: string) => row[columns.indexOf(name)];
    // Ann's meeting, booked on the board, counts for the persona of her conversation's campaign.
    expect([cell('Emails sent'), cell('Replies'), cell('Positive replies'), cell('Meetings booked'), cell('Bounces'), cell('Unsubscribes')]).toEqual(['9', '3', '1', '1', '2', '1']);
  });

  it('refuses an unknown statistic with the list of the known ones, and a caller without a session', async () => {
    const bad = await get('/insights/performance/target_audience?statistic_name=shoe_size');
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('persona, job_title, seniority');
    const missing = await get('/insights/performance/target_audience');
    expect(missing.statusCode).toBe(422);
    for (const url of ['/insights/deliverability/overall-stats', '/insights/performance/my_opportunities', '/insights/performance/target_audience?statistic_name=job_title']) {
      expect((await t.app.inject({ method: 'GET', url: v1(url) })).statusCode, url).toBe(401);
    }
  });
});

describe.runIf(PGLITE_PASS)('providerOfMx', () => {
  it('knows the providers and gateways by their MX hosts', () => {
    expect(providerOfMx('aspmx.l.google.com')).toBe('google');
    expect(providerOfMx('acme-com.mail.protection.outlook.com.')).toBe('microsoft');
    expect(providerOfMx('mta7.am0.yahoodns.net')).toBe('yahoo');
    expect(providerOfMx('mx01.mail.icloud.com')).toBe('apple');
    expect(providerOfMx('mx0b-00123.pphosted.com')).toBe('proofpoint');
    expect(providerOfMx('eu-smtp-inbound-1.mimecast.com')).toBe('mimecast');
    expect(providerOfMx('d123.ess.barracudanetworks.com')).toBe('barracuda');
    expect(providerOfMx('mx1.hc123-45.iphmx.com')).toBe('cisco');
    expect(providerOfMx('mail.example.org')).toBe('other');
    expect(providerOfMx('notgoogle.com')).toBe('other');
    expect(providerOfMx(null)).toBe('no_mx');
  });
});
