import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_EMAIL_STEP_REASON, type Campaign } from '@shared/schemas/campaigns';
import type { OutreachTask, OutreachTaskSummary } from '@shared/schemas/outreach-tasks';
import { activities, campaignEmails, campaignEnrolments, emailThreadMessages, emailThreads, outreachTasks, personaProspects, pipelineOpportunities } from '../../db/schema';
import { DB_KINDS, PGLITE_PASS } from '../../testing/databases';
import { JOBS_SCHEMA } from '../../lib/jobs/queue';
import { executorFor } from '../../lib/jobs/sql';
import { signedInUser, startTestApp, v1, type TestApp } from '../../testing/harness';
import { dueCampaignEmails, markSent } from '../campaigns/outbox';
import { ingestMessage } from '../inbox/ingest';
import { capacityOf, invitationLimitOf, planTasks, type TaskLimits } from './limits';
import { planToday } from './plan';
import { mailboxOf } from '../mailboxes/ownership.test-helpers';
import { personaWithProspects } from '../campaigns/ownership.test-helpers';
import { seedProspects } from '../prospects/ownership.test-helpers';
import { taskCampaignOf } from './ownership.test-helpers';

type Person = Awaited<ReturnType<typeof signedInUser>>;
const DAY = 86_400_000;
/** A Monday, after the accounts below are created (the invitation ramp counts from then). */
const MONDAY = new Date('2027-01-04T09:30:00Z');

describe.runIf(PGLITE_PASS)('the LinkedIn and call limits', () => {
  const window = { timeZone: 'Europe/Berlin', workingDays: [1, 2, 3, 4, 5], workStart: '09:00', workEnd: '17:00' };
  const limits: TaskLimits = { window, linkedinDaily: 3, planLinkedinDaily: null, phoneDaily: 1, weeklyInvitations: 100, linkedinAccountsSince: [new Date('2020-01-01')] };

  it('ramps a newly connected LinkedIn account up to the configured weekly limit', () => {
    const since = new Date('2027-01-01T00:00:00Z');
    expect([0, 7, 14, 21, 28, 90].map((d) => invitationLimitOf(100, since, new Date(since.getTime() + d * DAY + 1000)))).toEqual([20, 40, 60, 80, 100, 100]);
    expect(invitationLimitOf(30, since, new Date(since.getTime() + 90 * DAY))).toBe(30);
    expect(invitationLimitOf(500, since, new Date(since.getTime() + 90 * DAY))).toBe(100);
  });

  it('takes the lower of the settings and the plan, and moves what does not fit to the next working day', () => {
    const now = new Date('2027-01-08T10:00:00Z'); // Friday 11:00 in Berlin
    const capacity = capacityOf({ ...limits, planLinkedinDaily: 2 }, { linkedinToday: 0, invitationsThisWeek: 0, callsToday: 0 }, now);
    expect(capacity.linkedin).toMatchObject({ limit: 2, left: 2, settingsLimit: 3, planLimit: 2 });
    const task = (id: number, kind: 'connection_request' | 'view_profile' | 'call') => ({ id, channel: kind === 'call' ? ('call' as const) : ('linkedin' as const), kind, status: 'due' as const, dueAt: new Date(now.getTime() - id * 1000) });
    const decisions = planTasks([task(1, 'connection_request'), task(2, 'connection_request'), task(3, 'connection_request'), task(4, 'view_profile'), task(5, 'call'), task(6, 'call')], capacity, limits, now);
    // Oldest first: 6 (call) and 5 (call) are older than the invitations; one call fits, the next waits; a profile view is no action.
    const waiting = decisions.filter((d) => d.status === 'waiting');
    expect(waiting.map((d) => d.id).sort()).toEqual([1, 5]);
    expect(waiting[0]!.dueAt.toISOString()).toBe('2027-01-11T08:00:00.000Z'); // Monday 09:00 Berlin
    expect(waiting.find((d) => d.id === 1)!.waitReason).toMatch(/^Your plan's LinkedIn limit is reached \(2 actions a day\): waits until Mon 09:00$/);
    expect(waiting.find((d) => d.id === 5)!.waitReason).toMatch(/^Daily call limit reached \(1 a day\)/);
  });

  it('moves a task that came due outside the working hours to their next start', () => {
    const evening = new Date('2027-01-05T18:30:00Z'); // Tuesday 19:30 Berlin
    const capacity = capacityOf(limits, { linkedinToday: 0, invitationsThisWeek: 0, callsToday: 0 }, evening);
    expect(capacity.workingNow).toBe(false);
    const decisions = planTasks([{ id: 1, channel: 'linkedin', kind: 'message', status: 'due', dueAt: new Date('2027-01-05T17:00:00Z') }], capacity, limits, evening);
    expect(decisions).toEqual([{ id: 1, status: 'due', dueAt: new Date('2027-01-06T08:00:00Z'), waitReason: null }]);
  });
});

describe.each(DB_KINDS)('LinkedIn and call tasks on %s', (kind) => {
  let t: TestApp;
  let a: Person;
  let clock = new Date(MONDAY);
  const at = (ms: number) => (clock = new Date(ms));
  const inject = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, p: Person = a) => {
    const res = await t.app.inject({ method, url: v1(url), headers: p.headers, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json<T & { errors?: string[] }>() };
  };
  const ok = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, p: Person = a): Promise<T> => {
    const res = await inject<{ data: T }>(method, url, payload, p);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const taskRows = (accountId: number, campaignId: number) =>
    t.db.db.select().from(outreachTasks).where(and(eq(outreachTasks.accountId, accountId), eq(outreachTasks.campaignId, campaignId))).orderBy(asc(outreachTasks.prospectId), asc(outreachTasks.stepPosition));
  /** What the sender does once SMTP took it: claimed, then recorded as sent. */
  const send = async (accountId: number, emailId: number, sentAt: Date) => {
    const [row] = await t.db.db.update(campaignEmails).set({ status: 'sending', attemptedAt: sentAt }).where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.id, emailId))).returning();
    await t.db.db.transaction((tx) => markSent(tx, row!, sentAt));
  };

  beforeAll(async () => {
    t = await startTestApp(kind, { clock: () => clock });
    a = await signedInUser(t, 'tasks');
  });
  afterAll(() => t.close());

  it('lets a sequence mix email, LinkedIn steps and calls where the brand offers them, and refuses them where it does not', async () => {
    const { campaign } = await taskCampaignOf(t, a, [
      { kind: 'email', delay_days: 0 },
      { kind: 'view_profile', delay_days: 1 },
      { kind: 'connection_request', delay_days: 0 },
      { kind: 'message', delay_days: 3 },
      { kind: 'call', delay_days: 2 },
    ]);
    expect(campaign.steps.map((s) => [s.position, s.channel, s.kind, s.delay_days])).toEqual([
      [1, 'email', 'email', 0],
      [2, 'linkedin', 'view_profile', 1],
      [3, 'linkedin', 'connection_request', 0],
      [4, 'linkedin', 'message', 3],
      [5, 'call', 'call', 2],
    ]);
    // Running: the sequence is fixed now.
    const locked = await inject('PUT', `/campaigns/${campaign.id}`, { steps: [{ kind: 'email', delay_days: 0 }] });
    expect(locked.status).toBe(422);
    expect(locked.body.errors).toEqual(['The sequence can be changed only while the campaign is a draft']);
    const early = await inject('POST', '/campaigns', { name: 'x', person_id: campaign.person_id, virtual_employee_ids: campaign.virtual_employee_ids, steps: [{ kind: 'message', delay_days: 0 }] });
    expect(early.status).toBe(422);
    expect(early.body.errors?.join()).toMatch(/needs a connection request earlier/);

    // Brand 9 has neither LinkedIn nor phone calls; brand 1 has LinkedIn but no calls.
    const nine = await signedInUser(t, 'tasks-nine', undefined, 'brand9.localhost:3000');
    const one = await signedInUser(t, 'tasks-one', undefined, 'brand1.localhost:3000');
    const draftOn = async (p: Person, steps: object[]) => {
      const employee = await ok<{ id: number }>('POST', '/virtual_employees', { name: 'Agent', user_email_ids: [(await mailboxOf(t, p)).id] }, p);
      const persona = await ok<{ id: number }>('POST', '/persons', { name: `P ${Math.random()}` }, p);
      return inject<{ data: Campaign }>('POST', '/campaigns', { name: 'Mixed', person_id: persona.id, virtual_employee_ids: [employee.id], steps }, p);
    };
    const linkedinOnNine = await draftOn(nine, [{ kind: 'email', delay_days: 0 }, { kind: 'connection_request', delay_days: 1 }]);
    expect(linkedinOnNine.status).toBe(422);
    expect(linkedinOnNine.body.errors).toEqual(['LinkedIn: connection request with a note steps are not available']);
    expect((await draftOn(nine, [{ kind: 'call', delay_days: 0 }])).status).toBe(422);
    expect((await draftOn(nine, [{ kind: 'email', delay_days: 0 }])).status).toBe(200);
    expect((await draftOn(one, [{ kind: 'call', delay_days: 0 }])).body.errors).toEqual(['Phone call steps are not available']);
    const linkedinOnOne = await draftOn(one, [{ kind: 'view_profile', delay_days: 0 }, { kind: 'connection_request', delay_days: 0 }]);
    expect(linkedinOnOne.status, JSON.stringify(linkedinOnOne.body)).toBe(200);
    // Brand 9 has no tasks at all: the list is empty and the LinkedIn reply route does not exist.
    expect((await ok<OutreachTaskSummary>('GET', '/outreach_tasks/summary', undefined, nine)).today).toEqual({ linkedin: 0, call: 0 });
    expect((await inject('POST', '/outreach_tasks/1/linkedin_reply', { text: 'hi' }, nine)).status).toBe(404);
    expect((await inject('POST', '/outreach_tasks/1/call_outcome', { outcome: 'no_answer' }, one)).status).toBe(404);
  });

  it('walks a prospect from an email to a LinkedIn invitation and a call, then the next email, on the injected clock', async () => {
    at(MONDAY.getTime());
    const { campaign, accountId, tasks } = await taskCampaignOf(t, a, [
      { kind: 'email', delay_days: 0 },
      { kind: 'connection_request', delay_days: 2 },
      { kind: 'call', delay_days: 1 },
      { kind: 'email', delay_days: 3 },
    ]);
    // Prepared at composition: a note within LinkedIn's 300 characters and a call script, waiting for their step.
    expect(tasks.map((x) => [x.stepPosition, x.channel, x.kind, x.status])).toEqual([
      [2, 'linkedin', 'connection_request', 'pending'],
      [3, 'call', 'call', 'pending'],
    ]);
    expect(tasks[0]!.preparedText.length).toBeGreaterThan(20);
    expect(tasks[0]!.preparedText.length).toBeLessThanOrEqual(300);
    expect(tasks[1]!.preparedText).toMatch(/\w/);
    const emails = await t.db.db.select().from(campaignEmails).where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.campaignId, campaign.id))).orderBy(asc(campaignEmails.stepPosition));
    expect(emails.map((e) => e.stepPosition)).toEqual([1, 4]);

    // Monday 10:00: the first email goes; the invitation is due two days later.
    await send(accountId, emails[0]!.id, at(MONDAY.getTime() + 30 * 60_000));
    expect((await ok<OutreachTaskSummary>('GET', '/outreach_tasks/summary')).today.linkedin).toBe(0);
    const upcoming = await inject<{ data: OutreachTask[] }>('GET', '/outreach_tasks?view=waiting');
    expect(upcoming.body.data.find((x) => x.id === tasks[0]!.id)?.due_at).toBe('2027-01-06T10:00:00.000Z');

    // Wednesday 10:30: today on LinkedIn: 1, with the prospect's profile and the prepared note.
    at(Date.parse('2027-01-06T10:30:00Z'));
    const today = await inject<{ data: OutreachTask[]; meta: { today: { linkedin: number }; capacity: OutreachTaskSummary['capacity'] } }>('GET', '/outreach_tasks?view=today&channel=linkedin');
    expect(today.body.meta.today.linkedin).toBe(1);
    const invitation = today.body.data.find((x) => x.id === tasks[0]!.id)!;
    expect(invitation).toMatchObject({ kind: 'connection_request', status: 'due', prepared_text: tasks[0]!.preparedText, campaign_name: campaign.name });
    expect(invitation.prospect.full_name).toMatch(/Lee/);
    expect(today.body.meta.capacity.invitations).toMatchObject({ limit: 100, used: 0, left: 100 });
    const done = await ok<OutreachTask>('POST', `/outreach_tasks/${invitation.id}/done`);
    expect(done).toMatchObject({ status: 'done', done_at: '2027-01-06T10:30:00.000Z' });
    // A double click changes nothing twice; skipping a done task is refused.
    expect((await ok<OutreachTask>('POST', `/outreach_tasks/${invitation.id}/done`)).done_at).toBe(done.done_at);
    expect((await inject('POST', `/outreach_tasks/${invitation.id}/skip`)).status).toBe(422);
    expect((await ok<OutreachTaskSummary>('GET', '/outreach_tasks/summary')).capacity.invitations.used).toBe(1);

    // Thursday 11:00: the call is due, with its script; no answer moves the sequence on.
    at(Date.parse('2027-01-07T11:00:00Z'));
    const calls = await inject<{ data: OutreachTask[] }>('GET', '/outreach_tasks?view=today&channel=call');
    const call = calls.body.data.find((x) => x.id === tasks[1]!.id)!;
    expect(call).toMatchObject({ channel: 'call', prepared_text: tasks[1]!.preparedText });
    const interestedWithoutConnection = await inject('POST', `/outreach_tasks/${call.id}/call_outcome`, { outcome: 'voicemail', interested: true });
    expect(interestedWithoutConnection.status).toBe(422);
    expect((await ok<OutreachTask>('POST', `/outreach_tasks/${call.id}/call_outcome`, { outcome: 'voicemail', note: 'Left the script' })).outcome).toBe('voicemail');

    // The last email is due three days after the call, not before (approved: the fixture's campaign reviews its emails).
    await t.db.db.update(campaignEmails).set({ status: 'scheduled' }).where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.id, emails[1]!.id)));
    const dueIds = async (now: Date) => (await dueCampaignEmails(t.db.db, accountId, now)).map((e) => e.id);
    expect(await dueIds(new Date('2027-01-10T10:59:00Z'))).not.toContain(emails[1]!.id);
    expect(await dueIds(new Date('2027-01-10T11:00:00Z'))).toContain(emails[1]!.id);
    const verbs = (await t.db.db.select({ verb: activities.verb, channel: activities.channel }).from(activities).where(eq(activities.accountId, accountId))).map((r) => `${r.verb}/${r.channel}`);
    expect(verbs).toEqual(expect.arrayContaining(['task_prepared/linkedin', 'task_prepared/phone', 'linkedin_invitation_sent/linkedin', 'call_made/phone']));
    // The interactions show them on their channels.
    const interactions = await inject<{ data: Array<{ kind: string; channel: string }> }>('GET', `/campaigns/${campaign.id}/campaign_emails?interaction_view=interactions&sort=occurred_at`);
    expect(interactions.status).toBe(200);
    expect(interactions.body.data.map((i) => i.kind)).toEqual(expect.arrayContaining(['email_sent', 'linkedin_invitation', 'call']));
  });

  it('a LinkedIn reply logged on a task joins the thread and stops every channel; an email stop cancels open tasks too', async () => {
    at(MONDAY.getTime());
    const { accountId, campaign, tasks } = await taskCampaignOf(
      t,
      a,
      [
        { kind: 'connection_request', delay_days: 0 },
        { kind: 'email', delay_days: 1 },
        { kind: 'message', delay_days: 2 },
      ],
      { prospects: 2 },
    );
    const [first, , second] = tasks; // per prospect: step 1 (due) and step 3 (pending)
    expect(first!.status).toBe('due');
    const replied = await ok<OutreachTask>('POST', `/outreach_tasks/${first!.id}/linkedin_reply`, { text: 'Happy to connect — send me the deck.' });
    expect(replied).toMatchObject({ status: 'done', outcome: 'replied', note: 'Happy to connect — send me the deck.' });
    const rows = await taskRows(accountId, campaign.id);
    expect(rows.filter((r) => r.prospectId === first!.prospectId).map((r) => r.status)).toEqual(['done', 'cancelled']);
    const [enrolment] = await t.db.db.select().from(campaignEnrolments).where(and(eq(campaignEnrolments.accountId, accountId), eq(campaignEnrolments.id, first!.enrolmentId)));
    expect(enrolment).toMatchObject({ status: 'stopped', stopReason: 'The prospect replied on LinkedIn' });
    const email = (await t.db.db.select().from(campaignEmails).where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.enrolmentId, first!.enrolmentId))))[0]!;
    expect(email.status).toBe('cancelled');
    // In the inbox: the thread holds the reply, unread, stopped; in the interactions: a reply on LinkedIn; on the pipeline: a card.
    const [thread] = await t.db.db.select().from(emailThreads).where(and(eq(emailThreads.accountId, accountId), eq(emailThreads.enrolmentId, first!.enrolmentId)));
    expect(thread).toMatchObject({ unread: true, stopSending: true });
    const messages = await t.db.db.select().from(emailThreadMessages).where(and(eq(emailThreadMessages.accountId, accountId), eq(emailThreadMessages.threadId, thread!.id)));
    expect(messages.map((m) => [m.direction, m.kind, m.text])).toContainEqual(['inbound', 'human', 'Happy to connect — send me the deck.']);
    const reply = (await t.db.db.select().from(activities).where(and(eq(activities.accountId, accountId), eq(activities.verb, 'reply_received'), eq(activities.prospectId, first!.prospectId!))))[0];
    expect(reply?.channel).toBe('linkedin');
    const [card] = await t.db.db.select().from(pipelineOpportunities).where(and(eq(pipelineOpportunities.accountId, accountId), eq(pipelineOpportunities.prospectId, first!.prospectId!)));
    expect(card?.status).toBe('new_reply');
    // The other prospect carries on; stopping their sequence from the email (as a human email reply does) cancels their tasks.
    expect(second!.status).toBe('due');
    const theirEmail = (await t.db.db.select().from(campaignEmails).where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.enrolmentId, second!.enrolmentId))))[0]!;
    await ok('POST', `/campaign_emails/${theirEmail.id}/mark_stop_sending`);
    expect((await taskRows(accountId, campaign.id)).filter((r) => r.prospectId === second!.prospectId).map((r) => r.status)).toEqual(['cancelled', 'cancelled']);
    expect((await inject('POST', `/outreach_tasks/${second!.id}/done`)).status).toBe(422);
  });

  it('a human email reply stops the prospect’s LinkedIn and call tasks too', async () => {
    at(MONDAY.getTime());
    const { accountId, campaign, mailbox, tasks } = await taskCampaignOf(t, a, [
      { kind: 'email', delay_days: 0 },
      { kind: 'connection_request', delay_days: 0 },
      { kind: 'call', delay_days: 1 },
    ]);
    const [email] = await t.db.db.select().from(campaignEmails).where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.campaignId, campaign.id)));
    await send(accountId, email!.id, clock);
    expect((await taskRows(accountId, campaign.id)).map((r) => r.status)).toEqual(['due', 'pending']);
    const raw = [
      `From: ${email!.toEmail}`,
      `To: ${mailbox.email}`,
      `Subject: Re: ${email!.subject}`,
      `Message-ID: <reply-${email!.id}@prospect.example>`,
      `In-Reply-To: ${email!.messageId}`,
      `Date: ${new Date(clock.getTime() + 60_000).toUTCString()}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Thanks, let us talk next week.',
    ].join('\r\n');
    const result = await ingestMessage(t.db.db, { mailbox: { id: mailbox.id, accountId, email: mailbox.email }, folder: 'INBOX', role: 'inbox', raw, now: clock });
    expect(result.outcome).toBe('stored');
    expect((await taskRows(accountId, campaign.id)).map((r) => r.status)).toEqual(['cancelled', 'cancelled']);
    expect((await inject('POST', `/outreach_tasks/${tasks[0]!.id}/done`)).status).toBe(422);
  });

  it('a connected call with interest stops the sequence and moves the prospect to Interested', async () => {
    at(MONDAY.getTime());
    const { accountId, tasks } = await taskCampaignOf(t, a, [
      { kind: 'call', delay_days: 0 },
      { kind: 'email', delay_days: 2 },
    ]);
    const res = await ok<OutreachTask>('POST', `/outreach_tasks/${tasks[0]!.id}/call_outcome`, { outcome: 'connected', interested: true, note: 'Wants a demo' });
    expect(res).toMatchObject({ status: 'done', outcome: 'connected', note: 'Wants a demo' });
    const [enrolment] = await t.db.db.select().from(campaignEnrolments).where(and(eq(campaignEnrolments.accountId, accountId), eq(campaignEnrolments.id, tasks[0]!.enrolmentId)));
    expect(enrolment?.status).toBe('stopped');
    const [card] = await t.db.db.select().from(pipelineOpportunities).where(and(eq(pipelineOpportunities.accountId, accountId), eq(pipelineOpportunities.prospectId, tasks[0]!.prospectId!)));
    expect(card?.status).toBe('interested');
  });

  it('holds the weekly invitation limit across a simulated week, and the daily LinkedIn limit each day', async () => {
    const b = await signedInUser(t, 'tasks-week');
    const settings = await ok<Record<string, unknown>>('GET', '/auto_communication_settings', undefined, b);
    await ok('PUT', '/auto_communication_settings', { ...settings, updated_at: undefined, daily_limit_linkedin: 4, weekly_invitation_limit: 10 }, b);
    at(MONDAY.getTime());
    const { accountId } = await taskCampaignOf(t, b, [{ kind: 'connection_request', delay_days: 0 }], { prospects: 30 });
    const doneAt: number[] = [];
    for (let day = 0; day < 15; day++) {
      at(MONDAY.getTime() + day * DAY);
      // The engine's tick at that time (campaigns/send-job.ts): the Tasks page only reads what it planned.
      await planToday(t.db.db, accountId, clock);
      const list = await inject<{ data: OutreachTask[]; meta: { today: { linkedin: number }; capacity: OutreachTaskSummary['capacity'] } }>('GET', '/outreach_tasks?view=today', undefined, b);
      const weekday = clock.getUTCDay();
      if (weekday === 0 || weekday === 6) expect(list.body.data).toEqual([]);
      for (const task of list.body.data) {
        await ok('POST', `/outreach_tasks/${task.id}/done`, undefined, b);
        doneAt.push(clock.getTime());
      }
      // Never more than 4 a day, never more than 10 in any 7 days.
      expect(list.body.data.length).toBeLessThanOrEqual(4);
      const inWeek = doneAt.filter((ms) => ms > clock.getTime() - 7 * DAY).length;
      expect(inWeek).toBeLessThanOrEqual(10);
    }
    // 4 + 4 + 2 in the first week (Mon–Wed), then nothing until a week after Monday's, then again.
    const perDay = (d: number) => doneAt.filter((ms) => ms === MONDAY.getTime() + d * DAY).length;
    expect([0, 1, 2, 3, 4, 7, 8, 9, 10, 14].map(perDay)).toEqual([4, 4, 2, 0, 0, 4, 4, 2, 0, 4]);
    const waiting = (await t.db.db.select().from(outreachTasks).where(and(eq(outreachTasks.accountId, accountId), eq(outreachTasks.status, 'waiting'))))[0];
    expect(waiting?.waitReason).toMatch(/limit reached/);
    const summary = await ok<OutreachTaskSummary>('GET', '/outreach_tasks/summary', undefined, b);
    expect(summary.capacity.invitations).toMatchObject({ limit: 10, weekly_limit: 10 });
  });
  it('plans whether or not anyone opens the Tasks page: the page only reads, the engine tick plans and wakes for the next task', async () => {
    const c = await signedInUser(t, 'tasks-tick');
    const settings = await ok<Record<string, unknown>>('GET', '/auto_communication_settings', undefined, c);
    await ok('PUT', '/auto_communication_settings', { ...settings, updated_at: undefined, daily_limit_linkedin: 2 }, c);
    at(MONDAY.getTime());
    const { accountId, campaign } = await taskCampaignOf(t, c, [{ kind: 'connection_request', delay_days: 0 }], { prospects: 3 });
    const jobsOf = async (state: string) =>
      (
        await executorFor(t.db.db).executeSql(`select output from ${JOBS_SCHEMA}.job where name = 'send-due-emails' and data->>'account_id' = $1 and state = $2`, [String(accountId), state])
      ).rows as Array<{ output: { next?: string | null } | null }>;
    // Starting the campaign queued the account's tick.
    expect((await jobsOf('created')).length).toBeGreaterThan(0);
    const before = await taskRows(accountId, campaign.id);
    expect(before.map((r) => r.status)).toEqual(['due', 'due', 'due']);
    // Reading the page writes nothing.
    await ok('GET', '/outreach_tasks/summary', undefined, c);
    await inject('GET', '/outreach_tasks?view=today', undefined, c);
    expect(await taskRows(accountId, campaign.id)).toEqual(before);

    // The tick runs (no one on the page): two fit today's limit, the third waits, and the tick wakes at its time.
    await t.app.jobs.drain({ skipDelays: true });
    const planned = await taskRows(accountId, campaign.id);
    expect(planned.map((r) => r.status).sort()).toEqual(['due', 'due', 'waiting']);
    const waiting = planned.find((r) => r.status === 'waiting')!;
    expect(waiting.waitReason).toMatch(/limit reached/);
    expect(waiting.dueAt!.getTime()).toBeGreaterThan(clock.getTime());
    expect((await jobsOf('completed')).map((j) => j.output?.next)).toContain(waiting.dueAt!.toISOString());
    const list = await inject<{ data: OutreachTask[]; meta: { today: { linkedin: number }; waiting: { linkedin: number } } }>('GET', '/outreach_tasks?view=waiting', undefined, c);
    expect(list.body.data.map((x) => x.id)).toEqual([waiting.id]);
    expect(list.body.meta).toMatchObject({ today: { linkedin: 2 }, waiting: { linkedin: 1 } });
  });
  it('enrols a prospect with a LinkedIn profile and no email: their email steps are skipped with the reason, the LinkedIn and call steps go on', async () => {
    at(MONDAY.getTime());
    const c = await signedInUser(t, 'tasks-li-only');
    const mailbox = await mailboxOf(t, c);
    const employee = await ok<{ id: number }>('POST', '/virtual_employees', { name: 'LinkedIn Agent', user_email_ids: [mailbox.id] }, c);
    const { persona, prospects: emailed, accountId } = await personaWithProspects(t, c, 1, 'lionly');
    const [linkedinOnly, unreachable] = await seedProspects(t, accountId, [
      { fullName: 'Robin Linked', firstName: 'Robin', company: 'Acme', title: 'CFO', linkedinUrl: 'https://www.linkedin.com/in/robin-linked' },
      { fullName: 'Nowhere Man', firstName: 'Nowhere', company: 'Acme', title: 'CFO' },
    ]);
    await t.db.db.insert(personaProspects).values([linkedinOnly!, unreachable!].map((p) => ({ accountId, personaId: persona.id, prospectId: p.id })));
    const startWith = async (name: string, steps: object[]) => {
      const campaign = await ok<Campaign>('POST', '/campaigns', { name, person_id: persona.id, virtual_employee_ids: [employee.id], mode: 'review', allow_overlap: true, steps }, c);
      await ok('POST', `/campaigns/${campaign.id}/start`, {}, c);
      await t.app.jobs.drain();
      const enrolled = await t.db.db.select().from(campaignEnrolments).where(and(eq(campaignEnrolments.accountId, accountId), eq(campaignEnrolments.campaignId, campaign.id)));
      return { campaign, enrolled };
    };

    // A sequence of email steps only: nothing reaches a prospect without an address.
    const emailOnly = await startWith('Email only', [{ kind: 'email', delay_days: 0 }]);
    expect(emailOnly.enrolled.map((e) => e.prospectId)).toEqual([emailed[0]!.id]);

    // Mixed: the LinkedIn-only prospect is enrolled (not the one with neither), their emails are skipped with the reason.
    const { campaign, enrolled } = await startWith('Mixed', [
      { kind: 'email', delay_days: 0 },
      { kind: 'connection_request', delay_days: 1 },
      { kind: 'email', delay_days: 2 },
      { kind: 'call', delay_days: 1 },
    ]);
    expect(enrolled.map((e) => e.prospectId).sort((x, y) => x - y)).toEqual([emailed[0]!.id, linkedinOnly!.id].sort((x, y) => x - y));
    const theirs = enrolled.find((e) => e.prospectId === linkedinOnly!.id)!;
    const listed = await ok<Array<{ step: number; status: string; status_reason: string | null; to_email?: string }>>('GET', `/campaigns/${campaign.id}/campaign_emails?sort=step&sort_direction=asc`, undefined, c);
    const skippedRows = (await t.db.db.select().from(campaignEmails).where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.enrolmentId, theirs.id)))).sort((x, y) => x.stepPosition - y.stepPosition);
    expect(skippedRows.map((r) => [r.stepPosition, r.status, r.statusReason])).toEqual([
      [1, 'skipped', NO_EMAIL_STEP_REASON],
      [3, 'skipped', NO_EMAIL_STEP_REASON],
    ]);
    expect(listed.filter((e) => e.status === 'skipped').map((e) => e.status_reason)).toContain(NO_EMAIL_STEP_REASON);
    // Their invitation is reached at enrolment (the email before it is passed over); the emailed prospect's waits for their email.
    const rows = await taskRows(accountId, campaign.id);
    const mine = rows.filter((r) => r.prospectId === linkedinOnly!.id);
    expect(mine.map((r) => [r.stepPosition, r.status, r.dueAt === null])).toEqual([
      [2, 'due', false],
      [4, 'pending', true],
    ]);
    // A day after composition (the compose job runs on the real clock, before the test's).
    expect(mine[0]!.dueAt!.getTime() - theirs.createdAt.getTime()).toBeGreaterThanOrEqual(DAY - 60_000);
    expect(rows.filter((r) => r.prospectId === emailed[0]!.id).map((r) => r.status)).toEqual(['pending', 'pending']);

    // Tuesday: the invitation is on today's list, with the profile and no email; done, the call comes due a day later (step 3 passed over).
    at(MONDAY.getTime() + DAY + 60_000);
    await planToday(t.db.db, accountId, clock);
    const today = await ok<OutreachTask[]>('GET', '/outreach_tasks?view=today&channel=linkedin', undefined, c);
    const invitation = today.find((x) => x.id === mine[0]!.id)!;
    expect(invitation.prospect).toMatchObject({ email: null, linkedin_url: 'https://www.linkedin.com/in/robin-linked' });
    await ok('POST', `/outreach_tasks/${invitation.id}/done`, undefined, c);
    const [call] = (await taskRows(accountId, campaign.id)).filter((r) => r.id === mine[1]!.id);
    expect(call).toMatchObject({ status: 'due', dueAt: new Date(clock.getTime() + DAY) });

    // Wednesday: no answer on the call ends their sequence (nothing left: the skipped emails are not pending).
    at(clock.getTime() + DAY);
    await planToday(t.db.db, accountId, clock);
    await ok('POST', `/outreach_tasks/${call!.id}/call_outcome`, { outcome: 'no_answer' }, c);
    const [after] = await t.db.db.select().from(campaignEnrolments).where(and(eq(campaignEnrolments.accountId, accountId), eq(campaignEnrolments.id, theirs.id)));
    expect(after!.status).toBe('finished');
  });
});
