import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign, CampaignEmail, VirtualEmployee } from '@shared/schemas/campaigns';
import { activities, blacklistedEmails, campaignEmails, campaignEnrolments, personaProspects, prospects } from '../../db/schema';
import { inAccount } from '../../db/tenancy';
import type { Deps } from '../../lib/route';
import { DB_KINDS, PGLITE_PASS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type TestApp } from '../../testing/harness';
import { accountIdOf } from '../messaging/ownership.test-helpers';
import { seedProspects } from '../prospects/ownership.test-helpers';
import { mailboxOf } from '../mailboxes/ownership.test-helpers';
import { mailServices } from '../../lib/mail';
import { composeEnrolment } from './compose';
import { campaignOf, personaWithProspects, postJson } from './ownership.test-helpers';
import { dueCampaignEmails, sendDueCampaignEmail } from './outbox';
import { describeActivity } from '../dashboard/service';

type Person = Awaited<ReturnType<typeof signedInUser>>;

describe.runIf(PGLITE_PASS)('the activity feed', () => {
  it('describes what campaigns do in words', () => {
    const prospect = { id: 1, name: 'Pat Lee', company: 'Acme' } as never;
    expect(describeActivity({ verb: 'message_generated', channel: 'email', payload: { kind: 'campaign', step: 2 }, prospect, persona: null })).toBe('Email written for Pat Lee (Acme) (step 2)');
    expect(describeActivity({ verb: 'campaign_prospects_enrolled', channel: 'email', payload: { enrolled: 3 }, prospect: null, persona: { id: 1, name: 'CFOs' } as never })).toBe('3 prospects enrolled from CFOs');
    expect(describeActivity({ verb: 'task_prepared', channel: 'linkedin', payload: { kind: 'connection_request', step: 2 }, prospect, persona: null })).toBe('LinkedIn text prepared for Pat Lee (Acme) (step 2)');
    expect(describeActivity({ verb: 'call_made', channel: 'phone', payload: { outcome: 'no_answer' }, prospect, persona: null })).toBe('Called Pat Lee (Acme): no answer');
    expect(describeActivity({ verb: 'sequence_stopped', channel: 'email', payload: {}, prospect, persona: null })).toBe('Sequence stopped for Pat Lee (Acme)');
    expect(describeActivity({ verb: 'email_bounced', channel: 'email', payload: { reason: 'The address does not exist: 550 5.1.1 No such user' }, prospect, persona: null })).toBe(
      'Email to Pat Lee (Acme) bounced: The address does not exist: 550 5.1.1 No such user',
    );
    expect(describeActivity({ verb: 'campaign_finished', channel: 'email', payload: { campaign_name: 'CFO outreach', sent: 12 }, prospect: null, persona: null })).toBe('Campaign finished: CFO outreach (12 emails sent)');
    expect(describeActivity({ verb: 'bounce_rate_high', channel: 'email', payload: { campaign_name: 'CFO outreach', rate: 0.125, paused: true }, prospect: null, persona: null })).toBe(
      'Bounce rate too high in CFO outreach (12.5% bounced): campaign paused',
    );
  });
});

describe.each(DB_KINDS)('campaigns on %s', (kind) => {
  let t: TestApp;
  let a: Person;
  let accountId: number;
  const deps = () => ({ db: t.db.db, config: t.config, jobs: t.app.jobs, mail: mailServices(t.config) }) as unknown as Deps;
  const get = async <T>(url: string, p: Person = a) => {
    const res = await t.app.inject({ method: 'GET', url: v1(url), headers: p.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  const emailsOf = async (campaignId: number) =>
    (await get<{ data: CampaignEmail[] }>(`/campaigns/${campaignId}/campaign_emails?sort=step&sort_direction=asc&per_page=100`)).data;
  const verbs = async () => (await t.db.db.select({ verb: activities.verb }).from(activities).where(eq(activities.accountId, accountId))).map((r) => r.verb);

  beforeAll(async () => {
    t = await startTestApp(kind);
    a = await signedInUser(t, 'campaigns');
    accountId = await accountIdOf(t, a);
  });
  afterAll(() => t.close());

  it('creates a virtual employee with the account’s own mailboxes only', async () => {
    const mailbox = await mailboxOf(t, a);
    const employee = await postJson<VirtualEmployee>(t, a, '/virtual_employees', { name: 'Alex Rivers', title: 'SDR', user_email_ids: [mailbox.id], signature: '<p>Alex<script>alert(1)</script></p>' });
    expect(employee).toMatchObject({ name: 'Alex Rivers', title: 'SDR', user_email_ids: [mailbox.id], person_ids: [] });
    expect(employee.signature).not.toContain('script');
    const b = await signedInUser(t, 'campaigns-b');
    const foreign = await t.app.inject({ method: 'POST', url: v1('/virtual_employees'), headers: a.headers, payload: { name: 'X', user_email_ids: [(await mailboxOf(t, b)).id] } });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.join()).toMatch(/Mailbox not found/);
    const empty = await t.app.inject({ method: 'POST', url: v1('/virtual_employees'), headers: a.headers, payload: { name: 'X', user_email_ids: [] } });
    expect(empty.statusCode).toBe(422);
    const insecurePhoto = await t.app.inject({ method: 'POST', url: v1('/virtual_employees'), headers: a.headers, payload: { name: 'X', user_email_ids: [mailbox.id], photo_url: 'http://x.example/a.png' } });
    expect(insecurePhoto.statusCode).toBe(422);
    expect(insecurePhoto.json().errors.join()).toMatch(/https:\/\/ address/);
    const renamed = await postJson<VirtualEmployee>(t, a, `/virtual_employees/${employee.id}`, { name: 'Alex R.' }, 'PUT');
    expect(renamed).toMatchObject({ name: 'Alex R.', user_email_ids: [mailbox.id] });
    const wish = await postJson<{ id: number; kind: string }>(t, a, '/add_to_wishlist', { kind: 'recruiter', note: 'for hiring' });
    expect(wish.kind).toBe('recruiter');
    await t.app.jobs.drain();
    expect(t.handedOff.some((m) => m.subject.includes('Virtual employee wish: recruiter'))).toBe(true);
  });

  it('creates a campaign in draft with the sequence of the follow-up settings and the mode of the automatic behaviour', async () => {
    await postJson(t, a, '/followup_settings', { number_of_followups: 2, spacing_days: 4 }, 'PUT');
    const auto = await get<{ data: Record<string, unknown> }>('/auto_communication_settings');
    await postJson(t, a, '/auto_communication_settings', { ...auto.data, updated_at: undefined, mode: 'autonomous' }, 'PUT');
    const { campaign } = await campaignOf(t, a, { mode: undefined });
    expect(campaign.status).toBe('draft');
    expect(campaign.steps.map((s) => [s.position, s.channel, s.delay_days])).toEqual([
      [1, 'email', 0],
      [2, 'email', 4],
      [3, 'email', 4],
    ]);
    const created = await t.app.inject({ method: 'POST', url: v1('/campaigns'), headers: a.headers, payload: { name: 'Default mode', person_id: campaign.person_id, virtual_employee_ids: campaign.virtual_employee_ids } });
    expect(created.json<{ data: Campaign }>().data.mode).toBe('autonomous');
    await postJson(t, a, '/auto_communication_settings', { ...auto.data, updated_at: undefined, mode: 'review' }, 'PUT');
  });

  it('starts: enrols the persona’s prospects with an email that are not suppressed, and composes threaded drafts', async () => {
    const { campaign, persona, prospects: people, mailbox } = await campaignOf(t, a, { prospects: 3, mode: 'review' });
    // One without an email and one suppressed are left out.
    const [noEmail] = await seedProspects(t, accountId, [{ fullName: 'No Email' }]);
    await t.db.db.insert(personaProspects).values({ accountId, personaId: persona.id, prospectId: noEmail!.id });
    const suppressedEmail = (await t.db.db.select({ email: prospects.email }).from(prospects).where(eq(prospects.id, people[2]!.id)))[0]!.email!;
    await postJson(t, a, '/create_blacklisted_emails', { emails: [suppressedEmail] });

    const started = await postJson<Campaign>(t, a, `/campaigns/${campaign.id}/start`, {});
    expect(started.status).toBe('running');
    await t.app.jobs.drain();
    const shown = (await get<{ data: Campaign }>(`/campaigns/${campaign.id}`)).data;
    expect(shown.enrolments).toEqual({ active: 2, stopped: 0, finished: 0 });
    expect(shown.emails.draft).toBe(2 * shown.steps.length);

    const emails = await emailsOf(campaign.id);
    const thread = emails.filter((e) => e.enrolment_id === emails[0]!.enrolment_id).sort((x, y) => x.step - y.step);
    expect(thread.map((e) => e.step)).toEqual(shown.steps.map((s) => s.position));
    const [first, second, third] = thread;
    expect(first!.status).toBe('draft');
    expect(first!.message_id).toMatch(new RegExp(`^<[0-9a-f-]{36}@${mailbox.domain.replace(/\./g, '\\.')}>$`));
    expect(first!.in_reply_to).toBeNull();
    expect(second!.subject).toBe(`Re: ${first!.subject}`);
    expect(second!.in_reply_to).toBe(first!.message_id);
    expect(third!.references).toBe(`${first!.message_id} ${second!.message_id}`);
    expect(new Set(thread.map((e) => e.user_email_id))).toEqual(new Set([mailbox.id]));
    expect(first!.body_text).toMatch(/^(Hi|Hello|Dear|Hey) (Pat|Sam|Jordan)\b/);
    expect(first!.body_text).toContain('Secret Agent');
    expect(emails.some((e) => e.to_email === suppressedEmail)).toBe(false);
    expect(await verbs()).toEqual(expect.arrayContaining(['campaign_created', 'campaign_started', 'campaign_prospects_enrolled', 'message_generated']));

    // Nothing due in review mode until approved; the sending hook sends nothing yet.
    expect(await inAccount(accountId, null, () => dueCampaignEmails(t.db.db, accountId, new Date()))).toEqual([]);

    // Review queue: edit (sanitised), approve one, skip one, approve all.
    const edited = await postJson<CampaignEmail>(t, a, `/campaign_emails/${first!.id}`, { subject: 'Quick idea', body_html: '<p>Hi <b>Pat</b><img src=x onerror=alert(1)></p><script>x()</script>' }, 'PUT');
    expect(edited.body_html).not.toMatch(/script|onerror/);
    expect(edited.body_text).toContain('Hi Pat');
    expect((await get<{ data: CampaignEmail }>(`/campaign_emails/${second!.id}`)).data.subject).toBe('Re: Quick idea');
    const approved = await postJson<CampaignEmail>(t, a, `/campaign_emails/${first!.id}`, { action: 'approve' }, 'PUT');
    expect(approved.status).toBe('scheduled');
    const approvedTwice = await postJson<CampaignEmail>(t, a, `/campaign_emails/${first!.id}`, { action: 'approve' }, 'PUT');
    expect(approvedTwice).toMatchObject({ status: 'scheduled', approved_at: approved.approved_at });
    expect(approved.approved_at).not.toBeNull();
    const skipped = await postJson<CampaignEmail>(t, a, `/campaign_emails/${third!.id}`, { action: 'skip' }, 'PUT');
    expect(skipped.status).toBe('skipped');
    const again = await t.app.inject({ method: 'PUT', url: v1(`/campaign_emails/${third!.id}`), headers: a.headers, payload: { subject: 'x' } });
    expect(again.statusCode).toBe(422);
    const all = await postJson<{ approved: number }>(t, a, `/campaigns/${campaign.id}/approve_all`, {});
    expect(all.approved).toBe(2 * shown.steps.length - 2);

    const due = await inAccount(accountId, null, () => dueCampaignEmails(t.db.db, accountId, new Date(Date.now() + 1000)));
    expect(due.map((d) => d.stepPosition)).toEqual([1, 1]);
    const outcome = await inAccount(accountId, null, () => sendDueCampaignEmail(deps(), accountId, due[0]!.id));
    expect(outcome.state, outcome.reason).toBe('scheduled');

    // Paused: nothing is due.
    await postJson(t, a, `/campaigns/${campaign.id}/pause`, {});
    expect(await inAccount(accountId, null, () => dueCampaignEmails(t.db.db, accountId, new Date(Date.now() + 1000)))).toEqual([]);
    const resumed = await postJson<Campaign>(t, a, `/campaigns/${campaign.id}/resume`, {});
    expect(resumed.status).toBe('running');
    const startAgain = await t.app.inject({ method: 'POST', url: v1(`/campaigns/${campaign.id}/start`), headers: a.headers });
    expect(startAgain.statusCode).toBe(200);

    // Stop sending: the address is suppressed (stopped), its enrolment stops, its unsent emails are cancelled.
    const stopped = await postJson<CampaignEmail>(t, a, `/campaign_emails/${first!.id}/mark_stop_sending`, {});
    expect(stopped.status).toBe('cancelled');
    const [entry] = await t.db.db.select().from(blacklistedEmails).where(and(eq(blacklistedEmails.accountId, accountId), eq(blacklistedEmails.email, first!.to_email)));
    expect(entry).toMatchObject({ reason: 'stopped', campaignEmailId: first!.id });
    const [enrolment] = await t.db.db.select().from(campaignEnrolments).where(eq(campaignEnrolments.id, first!.enrolment_id));
    expect(enrolment).toMatchObject({ status: 'stopped', stopReason: 'stopped' });
    expect((await emailsOf(campaign.id)).filter((e) => e.enrolment_id === first!.enrolment_id).map((e) => e.status)).toEqual(['cancelled', 'cancelled', 'skipped']);
    expect(await verbs()).toEqual(expect.arrayContaining(['campaign_email_approved', 'campaign_email_skipped', 'campaign_emails_approved', 'sequence_stopped', 'enrolment_stopped']));
  });

  it('a suppression by domain stops the enrolments of that domain and cancels their unsent emails in the same transaction', async () => {
    const { campaign, prospects: people } = await campaignOf(t, a, { prospects: 2, mode: 'autonomous' });
    await postJson(t, a, `/campaigns/${campaign.id}/start`, {});
    await t.app.jobs.drain();
    let emails = await emailsOf(campaign.id);
    expect(emails.every((e) => e.status === 'scheduled')).toBe(true);
    const domain = emails[0]!.to_email.split('@')[1]!;
    await postJson(t, a, '/domains/create_blacklisted_domains', { domains: [domain] });
    emails = await emailsOf(campaign.id);
    expect(emails.every((e) => e.status === 'cancelled' && e.status_reason === 'manual')).toBe(true);
    const shown = (await get<{ data: Campaign }>(`/campaigns/${campaign.id}`)).data;
    expect(shown.enrolments.stopped).toBe(people.length);
  });

  it('a prospect is in one active campaign unless the campaign allows overlap; prospects added later join a running campaign', async () => {
    const { campaign, persona } = await campaignOf(t, a, { prospects: 2 });
    await postJson(t, a, `/campaigns/${campaign.id}/start`, {});
    await t.app.jobs.drain();
    const second = await postJson<Campaign>(t, a, '/campaigns', { name: 'Second', person_id: persona.id, virtual_employee_ids: campaign.virtual_employee_ids });
    await postJson(t, a, `/campaigns/${second.id}/start`, {});
    await t.app.jobs.drain();
    expect((await get<{ data: Campaign }>(`/campaigns/${second.id}`)).data.enrolments.active).toBe(0);
    const overlapping = await postJson<Campaign>(t, a, '/campaigns', { name: 'Third', person_id: persona.id, virtual_employee_ids: campaign.virtual_employee_ids, allow_overlap: true });
    await postJson(t, a, `/campaigns/${overlapping.id}/start`, {});
    await t.app.jobs.drain();
    expect((await get<{ data: Campaign }>(`/campaigns/${overlapping.id}`)).data.enrolments.active).toBe(2);
    // stop_company_on_reply (issue 12): off by default, set on update, answered back.
    expect(overlapping.stop_company_on_reply).toBe(false);
    expect((await postJson<Campaign>(t, a, `/campaigns/${overlapping.id}`, { stop_company_on_reply: true }, 'PUT')).stop_company_on_reply).toBe(true);

    // A prospect added to the persona later joins the running campaign.
    const [late] = await seedProspects(t, accountId, [{ fullName: 'Late Joiner', firstName: 'Late', email: 'late.joiner@late.example' }]);
    const res = await t.app.inject({ method: 'POST', url: v1('/prospects/add_to_persona'), headers: a.headers, payload: { persona_id: persona.id, selection: { ids: [late!.id] } } });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.jobs.drain();
    expect((await get<{ data: Campaign }>(`/campaigns/${campaign.id}`)).data.enrolments.active).toBe(3);

    const archived = await postJson<Campaign>(t, a, `/campaigns/${campaign.id}/archive`, {});
    expect(archived.status).toBe('archived');
    expect(archived.enrolments).toMatchObject({ active: 0, stopped: 3 });
    expect(Object.entries(archived.emails).filter(([s, n]) => n > 0 && s !== 'cancelled')).toEqual([]);
    const restart = await t.app.inject({ method: 'POST', url: v1(`/campaigns/${campaign.id}/start`), headers: a.headers });
    expect(restart.statusCode).toBe(422);
  });

  it('two concurrent compositions of one enrolment write each step once (the outbox key)', async () => {
    const { campaign } = await campaignOf(t, a, { prospects: 1 });
    await postJson(t, a, `/campaigns/${campaign.id}/start`, {});
    await t.app.jobs.drain();
    const [enrolment] = await t.db.db.select().from(campaignEnrolments).where(eq(campaignEnrolments.campaignId, campaign.id));
    await t.db.db.delete(campaignEmails).where(eq(campaignEmails.enrolmentId, enrolment!.id));
    const results = await inAccount(accountId, null, () => Promise.all([composeEnrolment(deps(), accountId, enrolment!.id), composeEnrolment(deps(), accountId, enrolment!.id)]));
    const steps = campaign.steps.length;
    expect(results.reduce((n, r) => n + r.created, 0)).toBe(steps);
    const rows = await t.db.db.select().from(campaignEmails).where(eq(campaignEmails.enrolmentId, enrolment!.id));
    expect(rows).toHaveLength(steps);
    // Each follow-up threads onto the step 1 that won.
    const byStep = rows.sort((x, y) => x.stepPosition - y.stepPosition);
    for (let i = 1; i < byStep.length; i++) expect(byStep[i]!.inReplyTo).toBe(byStep[i - 1]!.messageId);
    const [{ n }] = (await t.db.db.select({ n: count() }).from(campaignEmails).where(eq(campaignEmails.enrolmentId, enrolment!.id))) as [{ n: number }];
    expect(n).toBe(steps);
  });

  it('resuming writes the emails of an enrolment whose composition gave up', async () => {
    const { campaign } = await campaignOf(t, a, { prospects: 1 });
    await postJson(t, a, `/campaigns/${campaign.id}/start`, {});
    await t.app.jobs.drain();
    const [enrolment] = await t.db.db.select().from(campaignEnrolments).where(eq(campaignEnrolments.campaignId, campaign.id));
    await t.db.db.delete(campaignEmails).where(eq(campaignEmails.enrolmentId, enrolment!.id));
    await postJson(t, a, `/campaigns/${campaign.id}/pause`, {});
    await postJson(t, a, `/campaigns/${campaign.id}/resume`, {});
    await t.app.jobs.drain();
    expect(await emailsOf(campaign.id)).toHaveLength(campaign.steps.length);
  });

  it('lists campaign emails with pages, sort and filters, and refuses bad queries with 422', async () => {
    const { campaign } = await campaignOf(t, a, { prospects: 3 });
    await postJson(t, a, `/campaigns/${campaign.id}/start`, {});
    await t.app.jobs.drain();
    const filters = encodeURIComponent(JSON.stringify({ campaign_id: campaign.id, step: 1 }));
    const page = await get<{ data: CampaignEmail[]; meta: { total: number } }>(`/campaign_emails?filters=${filters}&per_page=2&sort=to_email&sort_direction=asc`);
    expect(page.meta.total).toBe(3);
    expect(page.data).toHaveLength(2);
    expect(page.data[0]!.to_email < page.data[1]!.to_email).toBe(true);
    const drafts = await get<{ meta: { total: number } }>(`/campaign_emails?status=draft&campaign_id=${campaign.id}`);
    expect(drafts.meta.total).toBe(3 * campaign.steps.length);
    for (const bad of ['sort=nope', 'filters=%7B', 'filters=%7B%22status%22%3A%22zzz%22%7D', 'per_page=1000']) {
      const res = await t.app.inject({ method: 'GET', url: v1(`/campaign_emails?${bad}`), headers: a.headers });
      expect(res.statusCode, bad).toBe(422);
    }
  });

  it('a campaign whose virtual employees have no active mailbox cannot start', async () => {
    const { persona } = await personaWithProspects(t, a, 1);
    const mailbox = await mailboxOf(t, a);
    const employee = await postJson<VirtualEmployee>(t, a, '/virtual_employees', { name: 'Paused Box', user_email_ids: [mailbox.id] });
    await t.app.inject({ method: 'POST', url: v1(`/user_emails/${mailbox.id}/pause`), headers: a.headers });
    const campaign = await postJson<Campaign>(t, a, '/campaigns', { name: 'No box', person_id: persona.id, virtual_employee_ids: [employee.id] });
    const res = await t.app.inject({ method: 'POST', url: v1(`/campaigns/${campaign.id}/start`), headers: a.headers });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.join()).toMatch(/no active mailbox/);
  });
});
