import { and, asc, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign, VirtualEmployee } from '@shared/schemas/campaigns';
import type { CampaignVariants, ChooseWinnerResponse } from '@shared/schemas/variants';
import { autoCommunicationSettings, campaignEmails, campaignEnrolments, campaigns, campaignSteps, emailThreads, personaProspects, personas, prospects } from '../../db/schema';
import { inAccount } from '../../db/tenancy';
import { imapConnector } from '../../lib/mail/imap';
import { smtpConnector } from '../../lib/mail/smtp';
import type { Deps } from '../../lib/route';
import { DB_KINDS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type TestApp } from '../../testing/harness';
import { connectLoopbackMailbox } from '../../testing/loopback-mailbox';
import { startHoodiecrow, startRecordingSmtpServer, TEST_CERT } from '../../testing/mail-servers';
import { postJson } from '../campaigns/ownership.test-helpers';
import { composeEnrolment } from '../campaigns/compose';
import { runSendTick } from '../campaigns/send-job';
import { ingestMessage } from '../inbox/ingest';
import { fixture } from '../inbox/seed.test-helpers';
import { accountIdOf } from '../messaging/ownership.test-helpers';
import { seedProspects } from '../prospects/ownership.test-helpers';

/**
 * Variants through the real send path (issue 26): a review-mode campaign whose first email step has variants A and B
 * (its follow-up has none: the agent writes it, as before). Composition rotates the variants and records them; the
 * approved emails go out through the loopback SMTP server with their variant's subject; replies taken in by ingestion
 * count for the variant of the email that drew them. With too few sends nothing is called and the winner is refused;
 * with a clear difference (older sends written to the tables) the winner is called, and "send the winner from now on"
 * rewrites the unsent emails of the other variant (not the one the user edited) and writes every new one from it.
 */

const ALLOW = ['localhost', '127.0.0.1'];
const mailOptions = { allowHosts: ALLOW, tls: { ca: TEST_CERT.cert } };
const imap = imapConnector(mailOptions);
const dated = (raw: string, at: Date) => raw.replace(/^Date: .*$/m, `Date: ${at.toUTCString()}`);

const VARIANTS = [
  { subject: 'Idea for {{company}}', body: 'Hi {{first_name}},\n\nVariant A speaking: a short question about {{company}}.' },
  { subject: '{{first_name}}, a quick question', body: 'Hello {{first_name}},\n\nVariant B here: may I ask how {{company}} plans its quarter?' },
];

describe.each(DB_KINDS)('step variants through the send path (%s)', (kind) => {
  let t: TestApp;
  let smtpServer: Awaited<ReturnType<typeof startRecordingSmtpServer>>;
  let imapServer: Awaited<ReturnType<typeof startHoodiecrow>>;
  let u: Awaited<ReturnType<typeof signedInUser>>;
  let accountId: number;
  let mailbox: { id: number; email: string };
  let campaign: Campaign;
  let personaId: number;
  const tag = `v${Date.now().toString(36)}`;
  const NAMES = ['ann', 'bob', 'cat', 'dan', 'eve', 'fay', 'gus'];

  const deps = () => ({ db: t.db.db, config: t.config, jobs: t.app.jobs, mail: { smtp: smtpConnector(mailOptions), imap } }) as unknown as Deps;
  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url: v1(url), headers: u.headers, ...(payload ? { payload } : {}) });
  const comparison = async () => {
    const res = await inject('GET', `/insights/variants?campaign_id=${campaign.id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: CampaignVariants }>().data;
  };
  const stepOne = async () =>
    t.db.db
      .select()
      .from(campaignEmails)
      .where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.campaignId, campaign.id), eq(campaignEmails.stepPosition, 1)))
      .orderBy(asc(campaignEmails.id));

  beforeAll(async () => {
    smtpServer = await startRecordingSmtpServer({ security: 'starttls' });
    imapServer = await startHoodiecrow();
    t = await startTestApp(kind, { env: { GUARDED_FETCH_ALLOW_HOSTS: ALLOW.join(',') }, mail: { smtp: smtpConnector(mailOptions), imap } });
    u = await signedInUser(t, 'variants');
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
      mode: 'review',
    });
    mailbox = await connectLoopbackMailbox(t, u.headers, { smtp: smtpServer.port, imap: imapServer.port }, { hourly_limit: 40, min_gap_seconds: 0 });
    const employee = await postJson<VirtualEmployee>(t, u, '/virtual_employees', { name: 'Ada Agent', title: 'SDR', user_email_ids: [mailbox.id] });
    const [persona] = await t.db.db.insert(personas).values({ accountId, name: `Variant persona ${tag}` }).returning();
    personaId = persona!.id;
    const rows = await seedProspects(
      t,
      accountId,
      NAMES.map((name, i) => ({ fullName: `${name} Lee`, firstName: name[0]!.toUpperCase() + name.slice(1), company: `Acme ${i}`, title: 'CFO', email: `${name}@${name}-${tag}.example` })),
    );
    await t.db.db.insert(personaProspects).values(rows.map((r) => ({ accountId, personaId, prospectId: r.id })));
    // A bad sequence is a clear 422 (one variant only).
    const bad = await inject('POST', '/campaigns', { name: 'Bad', person_id: personaId, virtual_employee_ids: [employee.id], steps: [{ kind: 'email', delay_days: 0, variants: [VARIANTS[0]] }] });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Step 1: A step tests 2 to 4 variants (or none)');
    campaign = await postJson<Campaign>(t, u, '/campaigns', {
      name: `Variants ${tag}`,
      person_id: personaId,
      virtual_employee_ids: [employee.id],
      mode: 'review',
      steps: [
        { kind: 'email', delay_days: 0, variants: VARIANTS },
        { kind: 'email', delay_days: 3 },
      ],
    });
    await postJson(t, u, `/campaigns/${campaign.id}/start`, {});
    await t.app.jobs.drain({ skipDelays: true });
  }, 240_000);

  afterAll(async () => {
    await t?.close();
    await smtpServer?.close();
    await imapServer?.close();
  });

  it('the campaign JSON carries the variants; composition rotates them evenly and records each email’s', async () => {
    const shown = (await inject('GET', `/campaigns/${campaign.id}`)).json<{ data: Campaign }>().data;
    expect(shown.steps[0]).toMatchObject({ position: 1, winner_index: null, variants: [{ index: 0, letter: 'A', ...VARIANTS[0] }, { index: 1, letter: 'B', ...VARIANTS[1] }] });
    expect(shown.steps[1]).toMatchObject({ position: 2, variants: [], winner_index: null });
    const firsts = await stepOne();
    expect(firsts).toHaveLength(7);
    expect(firsts.map((r) => r.status)).toEqual(Array(7).fill('draft'));
    // Composed one after the other: A, B, A, B, … (4 A, 3 B).
    expect(firsts.map((r) => r.variantIndex)).toEqual([0, 1, 0, 1, 0, 1, 0]);
    const [people] = [await t.db.db.select().from(prospects).where(eq(prospects.accountId, accountId))];
    for (const row of firsts) {
      const p = people.find((x) => x.id === row.prospectId)!;
      expect(row.subject).toBe(row.variantIndex === 0 ? `Idea for ${p.company}` : `${p.firstName}, a quick question`);
      expect(row.bodyText).toContain(row.variantIndex === 0 ? `Hi ${p.firstName},` : `Hello ${p.firstName},`);
      expect(row.provider).toBe('variant');
    }
    // The follow-up step has no variants: the agent wrote it, as before; it answers in the thread of its variant's subject.
    const followUps = await t.db.db
      .select()
      .from(campaignEmails)
      .where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.campaignId, campaign.id), eq(campaignEmails.stepPosition, 2)));
    expect(followUps).toHaveLength(7);
    for (const f of followUps) {
      expect(f.variantIndex).toBeNull();
      expect(f.provider).not.toBe('variant');
      expect(f.subject).toBe(`Re: ${firsts.find((r) => r.enrolmentId === f.enrolmentId)!.subject}`);
    }
    // The emails' JSON says which variant.
    const email = (await inject('GET', `/campaign_emails/${firsts[1]!.id}`)).json<{ data: { variant_index: number | null } }>().data;
    expect(email.variant_index).toBe(1);
  });

  it('the approved emails leave with their variant; the replies count for the variant that drew them; too few sends call nothing', async () => {
    const firsts = await stepOne();
    // Approve the first four (A, B, A, B); the last three (A, B, A) stay drafts.
    for (const row of firsts.slice(0, 4)) expect((await inject('PUT', `/campaign_emails/${row.id}`, { action: 'approve' })).statusCode).toBe(200);
    const before = smtpServer.received.length;
    await inAccount(accountId, null, () => runSendTick(deps(), accountId));
    // The approvals kicked the account's own tick job too: one of the two may hold a row in flight; let it finish.
    await t.app.jobs.drain();
    const sent = (await stepOne()).slice(0, 4);
    expect(sent.map((r) => r.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
    const received = smtpServer.received.slice(before);
    expect(received).toHaveLength(4);
    for (const row of sent) {
      const parsed = await simpleParser(received.find((m) => m.to.includes(row.toEmail))!.raw);
      expect(parsed.subject).toBe(row.subject);
      expect(parsed.text).toContain(row.variantIndex === 0 ? 'Variant A speaking' : 'Variant B here');
    }
    // The second (B) is interested; the first (A) is not. Dated a minute after the sends, as their mail would be.
    const at = new Date(Date.now() + 60_000);
    const ingest = (name: string, row: (typeof sent)[number]) =>
      ingestMessage(t.db.db, {
        mailbox: { id: mailbox.id, accountId, email: mailbox.email },
        folder: 'INBOX',
        role: 'inbox',
        raw: dated(fixture(name, { to: row.toEmail, original: row.messageId, mailbox: mailbox.email, subject: row.subject }), at),
      });
    expect(await ingest('reply-interested.eml', sent[1]!)).toMatchObject({ outcome: 'stored', kind: 'human' });
    expect(await ingest('reply-not-interested.eml', sent[0]!)).toMatchObject({ outcome: 'stored', kind: 'human' });

    const c = await comparison();
    expect(c.steps).toHaveLength(1);
    const step = c.steps[0]!;
    expect(step.variants.map((v) => [v.letter, v.sent, v.positive, v.pending])).toEqual([
      ['A', 2, 0, 2],
      ['B', 2, 1, 1],
    ]);
    expect(step.variants[1]!.positive_rate).toEqual({ rate: null, low: null, high: null });
    expect(step).toMatchObject({ verdict: 'not_enough_data', winner: null, sending_only: null });
    expect(step.summary).toBe('Not enough data yet: no call before 100 sends of each variant (the fewest so far: 2)');
    // No winner to send: refused with the reason.
    const refused = await inject('POST', `/campaigns/${campaign.id}/steps/1/winner`, { variant_index: 1 });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('No variant is significantly better yet, so there is no winner to send: Not enough data yet');
  });

  it('a clear difference calls the winner; "send the winner from now on" rewrites the unsent emails and writes every new one from it', async () => {
    // Older sends of step 1 (two days ago: the first 100 of each variant are these): A 1 positive in 150, B 15.
    const [step1] = await t.db.db.select().from(campaignSteps).where(and(eq(campaignSteps.campaignId, campaign.id), eq(campaignSteps.position, 1)));
    const start = Date.now() - 2 * 86_400_000;
    for (const variant of [0, 1]) {
      const people = await seedProspects(
        t,
        accountId,
        Array.from({ length: 150 }, (_, i) => ({ fullName: `Old ${variant}-${i}`, email: `old-${variant}-${i}@old-${tag}.example` })),
      );
      const enrolments = await t.db.db
        .insert(campaignEnrolments)
        .values(people.map((p, i) => ({ accountId, campaignId: campaign.id, prospectId: p.id, email: `old-${variant}-${i}@old-${tag}.example`, status: 'stopped' as const, exclusive: false })))
        .returning();
      const emails = await t.db.db
        .insert(campaignEmails)
        .values(
          enrolments.map((e, i) => ({
            accountId,
            campaignId: campaign.id,
            enrolmentId: e.id,
            stepId: step1!.id,
            stepPosition: 1,
            variantIndex: variant,
            prospectId: e.prospectId,
            userEmailId: mailbox.id,
            toEmail: e.email,
            subject: 'Old',
            bodyHtml: '<p>Old</p>',
            bodyText: 'Old',
            messageId: `<old-${variant}-${i}-${tag}@good.example>`,
            status: 'sent' as const,
            sentAt: new Date(start + (variant * 150 + i) * 1000),
          })),
        )
        .returning();
      const positives = variant === 0 ? [7] : [1, 5, 9, 13, 17, 21, 25, 29, 33, 37, 41, 45, 49, 53, 57];
      await t.db.db.insert(emailThreads).values(
        positives.map((i) => ({
          accountId,
          enrolmentId: emails[i]!.enrolmentId,
          campaignId: campaign.id,
          prospectId: emails[i]!.prospectId,
          userEmailId: mailbox.id,
          subject: 'Old',
          prospectEmail: emails[i]!.toEmail,
          lastMessageAt: new Date(emails[i]!.sentAt!.getTime() + 3_600_000),
          repliedAt: new Date(emails[i]!.sentAt!.getTime() + 3_600_000),
          replyStatus: 'interested',
        })),
      );
    }
    const step = (await comparison()).steps[0]!;
    expect(step.variants.map((v) => [v.letter, v.sent, v.positive])).toEqual([
      ['A', 152, 1],
      ['B', 152, 16],
    ]);
    expect(step.variants[1]!.positive_rate.rate).toBeCloseTo(16 / 152, 10);
    expect(step.variants[1]!.positive_rate.low).toBeGreaterThan(0);
    // 1/100 against 15/100 (every expected cell ≥ 5: the z-test): z ≈ 3.65, p ≈ 0.0003 < 0.05 / 5.
    expect(step).toMatchObject({ verdict: 'winner', winner: 1 });
    expect(step.look).toMatchObject({ sends_per_variant: 100, number: 1, leader: 1, comparisons: [{ against: 0, test: 'two_proportion_z', significant: true }] });
    expect(step.p_value!).toBeLessThan(0.001);
    expect(step.summary).toBe('Variant B wins (two-sided two-proportion z-test, p < 0.001, on the first 100 sends of each variant)');

    // The user edited one draft of variant A (`edited`): it stays as written; the other (`plain`, unedited) is rewritten from B.
    const drafts = (await stepOne()).filter((r) => r.status === 'draft');
    expect(drafts.map((r) => r.variantIndex)).toEqual([0, 1, 0]);
    const [plain, other, edited] = drafts;
    const [who] = await t.db.db.select().from(prospects).where(eq(prospects.id, plain!.prospectId!));
    const name = who!.firstName!;
    expect((await inject('PUT', `/campaign_emails/${edited!.id}`, { body_html: '<p>My own words.</p>' })).statusCode).toBe(200);

    expect((await inject('POST', `/campaigns/${campaign.id}/steps/1/winner`, { variant_index: 0 })).body).toContain('Variant B is the winner, not variant A');
    expect((await inject('POST', `/campaigns/${campaign.id}/steps/3/winner`, { variant_index: 1 })).statusCode).toBe(404);
    expect((await inject('POST', `/campaigns/${campaign.id}/steps/2/winner`, { variant_index: 1 })).body).toContain('Step 2 has no variants');
    expect((await inject('POST', `/campaigns/${campaign.id}/steps/1/winner`, { variant_index: 7 })).statusCode).toBe(422);
    const chosen = await inject('POST', `/campaigns/${campaign.id}/steps/1/winner`, { variant_index: 1 });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const answer = chosen.json<ChooseWinnerResponse>();
    expect(answer).toMatchObject({ rewritten: 1, kept_edited: 1, data: { sending_only: 1, winner: 1 } });
    // A second click changes nothing.
    expect((await inject('POST', `/campaigns/${campaign.id}/steps/1/winner`, { variant_index: 1 })).json<ChooseWinnerResponse>()).toMatchObject({ rewritten: 0 });

    const after = await stepOne();
    const byId = (id: number) => after.find((r) => r.id === id)!;
    expect(byId(plain!.id)).toMatchObject({ variantIndex: 1, subject: `${name}, a quick question` });
    expect(byId(plain!.id).bodyText).toContain(`Hello ${name},`);
    expect(byId(other!.id)).toMatchObject({ variantIndex: 1, subject: other!.subject, bodyText: other!.bodyText });
    expect(byId(edited!.id)).toMatchObject({ variantIndex: 0, subject: edited!.subject });
    expect(byId(edited!.id).bodyText).toContain('My own words.');
    // The rewritten email's follow-up follows the new subject in its thread.
    const [followUp] = await t.db.db.select().from(campaignEmails).where(and(eq(campaignEmails.enrolmentId, plain!.enrolmentId), eq(campaignEmails.stepPosition, 2)));
    expect(followUp!.subject).toBe(`Re: ${name}, a quick question`);
    // Sent ones keep their record.
    expect(after.filter((r) => r.status === 'sent' && r.subject !== 'Old').map((r) => r.variantIndex)).toEqual([0, 1, 0, 1]);

    // A prospect who joins later is written from B only (rotation would have given A: A has fewer emails).
    const [hal] = await seedProspects(t, accountId, [{ fullName: 'Hal Lee', firstName: 'Hal', company: 'Late Co', email: `hal@hal-${tag}.example` }]);
    await t.db.db.insert(personaProspects).values({ accountId, personaId, prospectId: hal!.id });
    await postJson(t, u, `/campaigns/${campaign.id}/pause`, {});
    await postJson(t, u, `/campaigns/${campaign.id}/resume`, {});
    await t.app.jobs.drain({ skipDelays: true });
    const halEmail = (await stepOne()).find((r) => r.prospectId === hal!.id)!;
    expect(halEmail).toMatchObject({ variantIndex: 1, subject: 'Hal, a quick question', status: 'draft' });

    // They go out as rewritten, with B's subject, through the SMTP server.
    for (const id of [plain!.id, halEmail.id]) expect((await inject('PUT', `/campaign_emails/${id}`, { action: 'approve' })).statusCode).toBe(200);
    const before = smtpServer.received.length;
    await inAccount(accountId, null, () => runSendTick(deps(), accountId));
    // The approvals kicked the account's own tick job too: one of the two may hold a row in flight; let it finish.
    await t.app.jobs.drain();
    const subjects = await Promise.all(smtpServer.received.slice(before).map(async (m) => (await simpleParser(m.raw)).subject));
    expect(subjects.sort()).toEqual([`${name}, a quick question`, 'Hal, a quick question'].sort());
    const final = (await comparison()).steps[0]!;
    expect(final.variants.map((v) => v.sent)).toEqual([152, 154]);
    expect(final.sending_only).toBe(1);
  });
  it('compositions at the same time stay balanced: the step is locked while its variant is picked', async () => {
    const employeeId = campaign.virtual_employee_ids[0]!;
    const [persona] = await t.db.db.insert(personas).values({ accountId, name: `Concurrent persona ${tag}` }).returning();
    const three = [
      { subject: 'One', body: 'Variant one' },
      { subject: 'Two', body: 'Variant two' },
      { subject: 'Three', body: 'Variant three' },
    ];
    const other = await postJson<Campaign>(t, u, '/campaigns', { name: `Concurrent ${tag}`, person_id: persona!.id, virtual_employee_ids: [employeeId], mode: 'review', steps: [{ kind: 'email', delay_days: 0, variants: three }] });
    await t.db.db.update(campaigns).set({ status: 'running' }).where(and(eq(campaigns.id, other.id), eq(campaigns.accountId, accountId)));
    const people = await seedProspects(
      t,
      accountId,
      Array.from({ length: 12 }, (_, i) => ({ fullName: `Con ${i}`, firstName: `Con${i}`, company: 'Con Co', email: `con-${i}@con-${tag}.example` })),
    );
    const enrolments = await t.db.db
      .insert(campaignEnrolments)
      .values(people.map((p, i) => ({ accountId, campaignId: other.id, prospectId: p.id, email: `con-${i}@con-${tag}.example`, virtualEmployeeId: employeeId, userEmailId: mailbox.id, exclusive: false })))
      .returning();
    // Twelve compositions at once (on PostgreSQL each in its own connection): 4 / 4 / 4, each once.
    const outcomes = await inAccount(accountId, null, () => Promise.all(enrolments.map((e) => composeEnrolment(deps(), accountId, e.id))));
    expect(outcomes.map((o) => o.created)).toEqual(Array(12).fill(1));
    const rows = await t.db.db.select().from(campaignEmails).where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.campaignId, other.id)));
    const tally = [0, 1, 2].map((i) => rows.filter((r) => r.variantIndex === i).length);
    expect(tally).toEqual([4, 4, 4]);
    for (const r of rows) expect(r.subject).toBe(three[r.variantIndex!]!.subject);
  });
});
