import { createHmac } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SequenceStepInput } from '@shared/schemas/campaigns';
import type { Interaction } from '@shared/schemas/interactions';
import { accounts, activities, campaignEmails, campaignEnrolments, outreachTasks, phoneCalls, pipelineOpportunities, prospects } from '../../db/schema';
import { inAccount } from '../../db/tenancy';
import type { Deps } from '../../lib/route';
import { DB_KINDS, PGLITE_PASS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type TestApp } from '../../testing/harness';
import { startTwilioServer, TWILIO_TEST } from '../../testing/twilio-server';
import { taskCampaignOf } from '../outreach-tasks/ownership.test-helpers';
import { callForm, twilioProvider, type PhoneCallProvider } from './provider';
import { callTwiml, outcomeOf, placeCallsJob, runCallTick, timeZoneOf, voicemailOf } from './auto-calls';

type Person = Awaited<ReturnType<typeof signedInUser>>;
/** A Monday, 09:30 UTC: inside the account's default working hours (UTC, Mon–Fri 09:00–17:00). */
const MONDAY = new Date('2027-01-04T09:30:00Z');
const MINUTE = 60_000;
/** When step 1 came due: the Friday before, inside the working hours. */
const DUE = new Date('2027-01-01T10:00:00Z');

/** Twilio's documented signature, computed here on its own: base64 HMAC-SHA1 over the URL and the sorted name+value pairs. */
function sign(url: string, params: Record<string, string>): string {
  const data = url + Object.keys(params).sort().map((k) => k + params[k]).join('');
  return createHmac('sha1', TWILIO_TEST.authToken).update(data).digest('base64');
}

describe.runIf(PGLITE_PASS)('the call form and the TwiML', () => {
  it('asks Calls.json for a TwiML fetch, synchronous machine detection and every status callback event', () => {
    const form = callForm('+14155550100', { to: '+14155550123', url: 'https://app.example/api/v1/twilio/voice?task=7', statusCallback: 'https://app.example/api/v1/twilio/status?task=7', machineDetection: true });
    expect([...form.entries()]).toEqual([
      ['To', '+14155550123'],
      ['From', '+14155550100'],
      ['Url', 'https://app.example/api/v1/twilio/voice?task=7'],
      ['Method', 'POST'],
      ['MachineDetection', 'DetectMessageEnd'],
      ['StatusCallback', 'https://app.example/api/v1/twilio/status?task=7'],
      ['StatusCallbackMethod', 'POST'],
      ['StatusCallbackEvent', 'initiated'],
      ['StatusCallbackEvent', 'ringing'],
      ['StatusCallbackEvent', 'answered'],
      ['StatusCallbackEvent', 'completed'],
    ]);
  });
  it('speaks the script to a person in the settings language, leaves the voicemail after the beep, hangs up on a fax', () => {
    const script = 'Hi Pat, this is Sam from Acme. We help sales teams book more meetings. Do you have a minute?';
    expect(callTwiml('human', script, 'de')).toBe(`<Response><Say language="de-DE">${script}</Say><Hangup/></Response>`);
    expect(callTwiml('machine_end_beep', script, 'en')).toBe('<Response><Say language="en-US">Hi Pat, this is Sam from Acme. We help sales teams book more meetings.</Say><Hangup/></Response>');
    expect(voicemailOf('One.  Two!\nThree?')).toBe('One. Two!');
    expect(callTwiml('fax', script, 'en')).toBe('<Response><Hangup/></Response>');
    expect(callTwiml(null, 'A & B <ok>', 'fr')).toBe('<Response><Say language="fr-FR">A &amp; B &lt;ok&gt;</Say><Hangup/></Response>');
    expect(voicemailOf('One. Two! Three?')).toBe('One. Two!');
  });
  it('maps the final status and who answered to the call outcome; reads a valid time zone only', () => {
    expect([outcomeOf('completed', 'human'), outcomeOf('completed', null), outcomeOf('completed', 'machine_end_beep'), outcomeOf('busy', null), outcomeOf('no-answer', null), outcomeOf('failed', null)]).toEqual([
      'connected',
      'connected',
      'voicemail',
      'no_answer',
      'no_answer',
      'wrong_number',
    ]);
    expect(timeZoneOf({ time_zone: 'America/New_York' })).toBe('America/New_York');
    expect(timeZoneOf({ timezone: 'Mars/Olympus' })).toBeNull();
    expect(timeZoneOf(null)).toBeNull();
  });
});

describe.each(DB_KINDS)('calls placed by the agent through Twilio on %s', (kind) => {
  let twilio: Awaited<ReturnType<typeof startTwilioServer>>;
  let t: TestApp;
  let a: Person;
  let b: Person;
  let clock = new Date(MONDAY);
  const deps = () => ({ db: t.db.db, config: t.config, jobs: t.app.jobs, clock: () => clock }) as unknown as Deps;
  const tick = (accountId: number, provider?: PhoneCallProvider) => inAccount(accountId, null, () => runCallTick(deps(), accountId, clock, provider));
  const origin = () => t.config.publicOrigins[0]!;
  /** The durable queue's call tick for the account, at the test's clock (the app's deps carry it). */
  const runJob = async (accountId: number) => {
    await t.app.jobs.send(placeCallsJob, { account_id: accountId });
    await t.app.jobs.drain();
  };

  /** A running campaign of `steps` over prospects whose profiles carry these phones and time zones. */
  async function callCampaign(p: Person, steps: SequenceStepInput[], profiles: Array<Record<string, string>>) {
    const fixture = await taskCampaignOf(t, p, steps, { prospects: profiles.length });
    // The ticks the composition asked for run now, before the prospects have numbers: nothing else runs later by itself.
    await t.app.jobs.drain({ skipDelays: true });
    for (const [i, profile] of profiles.entries()) {
      await t.db.db.update(prospects).set({ profile }).where(and(eq(prospects.accountId, fixture.accountId), eq(prospects.id, fixture.prospects[i]!.id)));
    }
    // Step 1 came due at composition (the real clock): one time for all, so the oldest-first order is the prospects'.
    await t.db.db.update(outreachTasks).set({ dueAt: DUE }).where(and(eq(outreachTasks.accountId, fixture.accountId), eq(outreachTasks.campaignId, fixture.campaign.id), eq(outreachTasks.status, 'due')));
    return fixture;
  }
  const callsOf = (accountId: number) => t.db.db.select().from(phoneCalls).where(eq(phoneCalls.accountId, accountId)).orderBy(asc(phoneCalls.id));
  const taskOf = async (accountId: number, id: number) => (await t.db.db.select().from(outreachTasks).where(and(eq(outreachTasks.accountId, accountId), eq(outreachTasks.id, id))))[0]!;
  const verbsOf = async (accountId: number, prospectId: number) =>
    (await t.db.db.select({ verb: activities.verb }).from(activities).where(and(eq(activities.accountId, accountId), eq(activities.prospectId, prospectId))).orderBy(asc(activities.id))).map((r) => r.verb);
  const dialled = (to: string) => twilio.seen.filter((r) => r.form.get('To') === to);

  /** A signed webhook from Twilio (or one signed with `token`, or not at all). */
  const webhook = (path: 'voice' | 'status', taskId: number, params: Record<string, string>, signature: string | null = sign(`${origin()}${v1(`/twilio/${path}`)}?task=${taskId}`, params)) =>
    t.app.inject({
      method: 'POST',
      url: `${v1(`/twilio/${path}`)}?task=${taskId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(signature === null ? {} : { 'x-twilio-signature': signature }) },
      payload: new URLSearchParams(params).toString(),
    });
  const status = (taskId: number, sid: string, callStatus: string, extra: Record<string, string> = {}) =>
    webhook('status', taskId, { AccountSid: TWILIO_TEST.accountSid, CallSid: sid, CallStatus: callStatus, From: TWILIO_TEST.from, To: '+14155550123', ApiVersion: '2010-04-01', ...extra });

  beforeAll(async () => {
    twilio = await startTwilioServer({ uniqueSids: true });
    t = await startTestApp(kind, {
      clock: () => clock,
      env: {
        TWILIO_ACCOUNT_SID: TWILIO_TEST.accountSid,
        TWILIO_AUTH_TOKEN: TWILIO_TEST.authToken,
        TWILIO_FROM: TWILIO_TEST.from,
        TWILIO_BASE_URL: twilio.url,
        // The tests run the call ticks themselves, at their clock.
        JOBS_POLL_INTERVAL_MS: '3600000',
      },
    });
    a = await signedInUser(t, 'caller-a');
    b = await signedInUser(t, 'caller-b');
  });
  afterAll(async () => {
    await t.close();
    await twilio.close();
  });

  it('places a due call step once; signed callbacks record its timeline and a voicemail moves the sequence on', async () => {
    clock = new Date(MONDAY);
    const { accountId, tasks, prospects: [prospect] } = await callCampaign(a, [{ kind: 'call', delay_days: 0 }, { kind: 'email', delay_days: 1 }], [{ phone: '+1 (415) 555-0123' }]);
    const task = tasks[0]!;
    // The durable queue places it (job place-due-calls, at the app's clock), and only once however often it runs.
    await runJob(accountId);
    await runJob(accountId);
    await runJob(accountId);
    const sent = dialled('+14155550123');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe(`/2010-04-01/Accounts/${TWILIO_TEST.accountSid}/Calls.json`);
    expect(sent[0]!.auth).toBe(`Basic ${Buffer.from(`${TWILIO_TEST.accountSid}:${TWILIO_TEST.authToken}`).toString('base64')}`);
    expect(sent[0]!.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(sent[0]!.form)).toMatchObject({
      From: TWILIO_TEST.from,
      Url: `${origin()}/api/v1/twilio/voice?task=${task.id}`,
      MachineDetection: 'DetectMessageEnd',
      StatusCallback: `${origin()}/api/v1/twilio/status?task=${task.id}`,
    });
    expect(sent[0]!.form.getAll('StatusCallbackEvent')).toEqual(['initiated', 'ringing', 'answered', 'completed']);
    const [call] = await callsOf(accountId);
    expect(call).toMatchObject({ outreachTaskId: task.id, status: 'queued', toNumber: '+14155550123' });
    const sid = call!.providerCallId!;
    expect(sid).toMatch(/^CA[0-9a-f]{32}$/);
    expect((await taskOf(accountId, task.id)).status).toBe('due');
    // The agent is calling: listed today as the agent's call (the page shows how it goes), not counted as the user's to make.
    const today = await t.app.inject({ method: 'GET', url: v1('/outreach_tasks?view=today&channel=call'), headers: a.headers });
    const listed = today.json<{ data: Array<{ id: number; agent_call: { status: string; placed_at: string | null } | null }>; meta: { today: { call: number } } }>();
    expect(listed.data.find((x) => x.id === task.id)?.agent_call).toMatchObject({ status: 'queued', placed_at: expect.any(String) });
    const counted = await t.app.inject({ method: 'GET', url: v1('/outreach_tasks/summary'), headers: a.headers });
    expect(counted.json().data.today.call).toBe(listed.meta.today.call);
    expect(listed.meta.today.call).toBe(listed.data.filter((x) => x.agent_call === null).length);

    // The TwiML fetch after the machine detection: a voicemail gets the voicemail script.
    const voice = await webhook('voice', task.id, { AccountSid: TWILIO_TEST.accountSid, CallSid: sid, AnsweredBy: 'machine_end_beep', CallStatus: 'in-progress' });
    expect(voice.statusCode, voice.body).toBe(200);
    expect(voice.headers['content-type']).toMatch(/^text\/xml/);
    expect(voice.body).toMatch(/^<Response><Say language="en-US">.+<\/Say><Hangup\/><\/Response>$/);

    // Forged or unsigned callbacks change nothing.
    expect((await webhook('status', task.id, { CallSid: sid, CallStatus: 'completed' }, sign('https://elsewhere.example/x', { CallSid: sid, CallStatus: 'completed' }))).statusCode).toBe(403);
    const forged = await webhook('status', task.id, { CallSid: sid, CallStatus: 'completed' }, null);
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ errors: ['The request signature is not valid'] });
    expect((await webhook('voice', 999_999, { CallSid: sid })).statusCode).toBe(403);
    // On a brand without phone calls (its own host) the webhooks do not exist.
    const offBrand = await t.app.inject({ method: 'POST', url: `${v1('/twilio/status')}?task=${task.id}`, headers: { host: 'brand1.localhost:3000', 'content-type': 'application/x-www-form-urlencoded' }, payload: 'CallStatus=completed' });
    expect(offBrand.statusCode).toBe(404);

    for (const s of ['initiated', 'ringing']) expect((await status(task.id, sid, s)).statusCode).toBe(200);
    clock = new Date(MONDAY.getTime() + MINUTE);
    expect((await status(task.id, sid, 'in-progress', { AnsweredBy: 'machine_end_beep' })).statusCode).toBe(200);
    clock = new Date(MONDAY.getTime() + 2 * MINUTE);
    const done = await status(task.id, sid, 'completed', { CallDuration: '42', AnsweredBy: 'machine_end_beep' });
    expect(done.statusCode, done.body).toBe(200);
    expect((await status(task.id, sid, 'completed', { CallDuration: '42' })).statusCode).toBe(200); // a repeat lands once

    const [ended] = await callsOf(accountId);
    expect(ended).toMatchObject({ status: 'completed', answeredBy: 'machine_end_beep', durationSeconds: 42, outcome: 'voicemail' });
    expect(ended!.timeline.map((e) => e.status)).toEqual(['initiated', 'ringing', 'in-progress', 'completed']);
    expect(await taskOf(accountId, task.id)).toMatchObject({ status: 'done', outcome: 'voicemail', doneBy: null });
    // The sequence moved on as after a logged voicemail: the email step is due a day after the call.
    const [email] = await t.db.db.select().from(campaignEmails).where(and(eq(campaignEmails.accountId, accountId), eq(campaignEmails.enrolmentId, task.enrolmentId)));
    expect(email!.dueAt?.toISOString()).toBe(new Date(MONDAY.getTime() + 2 * MINUTE + 86_400_000).toISOString());
    expect((await verbsOf(accountId, prospect!.id)).filter((v) => v.startsWith('call_'))).toEqual(['call_placed', 'call_ringing', 'call_answered', 'call_made']);

    // The interactions (the call message details panel reads these): timeline, length and outcome.
    const filters = encodeURIComponent(JSON.stringify({ by_prospect: [prospect!.id], by_channels: ['call'] }));
    const res = await t.app.inject({ method: 'GET', url: v1(`/campaign_emails?interaction_view=interactions&filters=${filters}`), headers: a.headers });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json<{ data: Interaction[] }>().data;
    expect(items.map((i) => [i.kind, i.summary, i.detail])).toEqual([
      ['call', `Called ${prospect!.fullName}`, '42 s · Left a voicemail · Voicemail answered'],
      ['call_progress', `${prospect!.fullName} answered`, 'Voicemail answered'],
      ['call_progress', `Ringing ${prospect!.fullName}`, null],
      ['call_progress', `The agent is calling ${prospect!.fullName}`, '+14155550123'],
    ]);
    // User B sees none of it.
    const theirs = await t.app.inject({ method: 'GET', url: v1(`/campaign_emails?interaction_view=interactions&filters=${filters}`), headers: b.headers });
    expect(theirs.json<{ data: Interaction[] }>().data).toEqual([]);
  });

  it('a person answering stops the sequence and opens the pipeline card, as a logged connected call does', async () => {
    clock = new Date(MONDAY);
    const { accountId, tasks, prospects: [prospect] } = await callCampaign(a, [{ kind: 'call', delay_days: 0 }, { kind: 'email', delay_days: 1 }], [{ phone: '+14155550124' }]);
    await runJob(accountId);
    const [call] = (await callsOf(accountId)).filter((c) => c.outreachTaskId === tasks[0]!.id);
    const voice = await webhook('voice', tasks[0]!.id, { CallSid: call!.providerCallId!, AnsweredBy: 'human' });
    expect(voice.body).toContain('<Say language="en-US">');
    expect(voice.body).not.toContain('<Hangup/><Say');
    await status(tasks[0]!.id, call!.providerCallId!, 'in-progress', { AnsweredBy: 'human' });
    await status(tasks[0]!.id, call!.providerCallId!, 'completed', { CallDuration: '95', AnsweredBy: 'human' });
    expect(await taskOf(accountId, tasks[0]!.id)).toMatchObject({ status: 'done', outcome: 'connected' });
    const [enrolment] = await t.db.db.select().from(campaignEnrolments).where(and(eq(campaignEnrolments.accountId, accountId), eq(campaignEnrolments.id, tasks[0]!.enrolmentId)));
    expect(enrolment!.status).toBe('stopped');
    const [card] = await t.db.db.select().from(pipelineOpportunities).where(and(eq(pipelineOpportunities.accountId, accountId), eq(pipelineOpportunities.prospectId, prospect!.id)));
    expect(card?.status).toBe('new_reply');
  });

  it("calls only inside the prospect's working hours, in their time zone when their profile names one", async () => {
    clock = new Date(MONDAY);
    // New York's 09:00 is 14:00 UTC; the other prospect has the account's hours (UTC, from 09:00).
    const { accountId, tasks, prospects: people } = await callCampaign(b, [{ kind: 'call', delay_days: 0 }], [{ phone: '+12125550101', time_zone: 'America/New_York' }, { phone: '+14155550102' }]);
    await runJob(accountId);
    expect(dialled('+14155550102')).toHaveLength(1);
    expect(dialled('+12125550101')).toHaveLength(0);
    const newYork = tasks.find((x) => x.prospectId === people[0]!.id)!;
    expect(await taskOf(accountId, newYork.id)).toMatchObject({ status: 'due', waitReason: null });
    // What the tick weighs, said plainly: the prospect's hours, and when they open (the job's next run).
    const look = await tick(accountId);
    expect(look).toMatchObject({ placed: 0, held: [{ taskId: newYork.id, reason: "outside the prospect's working hours (America/New_York)" }] });
    expect(look.next?.toISOString()).toBe('2027-01-04T14:00:00.000Z');
    clock = new Date('2027-01-04T14:00:00Z');
    await runJob(accountId);
    expect(dialled('+12125550101')).toHaveLength(1);
  });

  it('places no more calls a day than the daily phone limit, counting the calls placed already', async () => {
    clock = new Date('2027-01-04T15:00:00Z');
    const settings = await t.app.inject({ method: 'GET', url: v1('/auto_communication_settings'), headers: b.headers });
    // Two calls went out today (the test above): a limit of 3 leaves one.
    const put = await t.app.inject({ method: 'PUT', url: v1('/auto_communication_settings'), headers: b.headers, payload: { ...settings.json().data, updated_at: undefined, daily_limit_phone: 3 } });
    expect(put.statusCode, put.body).toBe(200);
    const { accountId, tasks } = await callCampaign(b, [{ kind: 'call', delay_days: 0 }], [{ phone: '+14155550103' }, { phone: '+14155550104' }]);
    await runJob(accountId);
    expect(dialled('+14155550103').length + dialled('+14155550104').length).toBe(1);
    const rows = await Promise.all(tasks.map((x) => taskOf(accountId, x.id)));
    const waiting = rows.filter((r) => r.status === 'waiting');
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.waitReason).toMatch(/^Daily call limit reached \(3 a day\): waits until Tue 09:00$/);
    const summary = await t.app.inject({ method: 'GET', url: v1('/outreach_tasks/summary'), headers: b.headers });
    expect(summary.json().data.capacity.calls).toEqual({ limit: 3, used: 3, left: 0 });
    // The next day's capacity takes it.
    clock = new Date('2027-01-05T09:00:00Z');
    await runJob(accountId);
    expect(dialled('+14155550103').length + dialled('+14155550104').length).toBe(2);
  });

  it('a crash while placing leaves the call uncertain and never dials it again', async () => {
    clock = new Date(MONDAY);
    const { accountId, tasks, prospects: [prospect] } = await callCampaign(a, [{ kind: 'call', delay_days: 0 }], [{ phone: '+14155550150' }]);
    // Twilio takes the call, then the process dies before it records the answer.
    const real = twilioProvider({ ...TWILIO_TEST, baseUrl: twilio.url });
    const dying: PhoneCallProvider = { name: 'twilio', call: async (c) => (await real.call(c), new Promise<never>(() => {})) };
    void tick(accountId, dying);
    await expect.poll(() => dialled('+14155550150').length).toBe(1);
    expect((await callsOf(accountId)).find((c) => c.outreachTaskId === tasks[0]!.id)?.status).toBe('placing');
    // Another process runs the tick: the claim is not stale yet, so nothing happens; then it is.
    expect((await tick(accountId)).placed).toBe(0);
    clock = new Date(MONDAY.getTime() + 3 * MINUTE);
    expect((await tick(accountId)).placed).toBe(0);
    const row = (await callsOf(accountId)).find((c) => c.outreachTaskId === tasks[0]!.id)!;
    expect(row.status).toBe('uncertain');
    expect(dialled('+14155550150')).toHaveLength(1);
    // The task stays open for the user to call by hand and log; the log says why.
    expect((await taskOf(accountId, tasks[0]!.id)).status).toBe('due');
    const today = await t.app.inject({ method: 'GET', url: v1('/outreach_tasks?view=today&channel=call'), headers: a.headers });
    expect(today.json<{ data: Array<{ id: number }> }>().data.map((x) => x.id)).toContain(tasks[0]!.id);
    expect(await verbsOf(accountId, prospect!.id)).toContain('call_uncertain');
  });

  it('a refused call is recorded and left to the user, never retried', async () => {
    clock = new Date(MONDAY);
    const { accountId, tasks } = await callCampaign(a, [{ kind: 'call', delay_days: 0 }], [{ phone: '+15005550001' }]);
    const callsUsed = async () => (await t.app.inject({ method: 'GET', url: v1('/outreach_tasks/summary'), headers: a.headers })).json().data.capacity.calls.used as number;
    const usedBefore = await callsUsed();
    await runJob(accountId);
    // A refused call rang nobody: it does not use the day's call limit.
    expect(await callsUsed()).toBe(usedBefore);
    const row = (await callsOf(accountId)).find((c) => c.outreachTaskId === tasks[0]!.id)!;
    expect(row).toMatchObject({ status: 'failed', error: "The phone provider refused the call: The 'To' number +15005550001 is not a valid phone number." });
    await runJob(accountId);
    expect(dialled('+15005550001')).toHaveLength(1);
  });

  it("a call tick for account A never reads or writes account B's calls", async () => {
    clock = new Date(MONDAY);
    const mine = await callCampaign(a, [{ kind: 'call', delay_days: 0 }], [{ phone: '+14155550161' }]);
    const theirs = await callCampaign(b, [{ kind: 'call', delay_days: 0 }], [{ phone: '+14155550162' }]);
    // The tick runs in A's tenancy scope (as the job does): a statement that reached B's rows would throw.
    const before = await taskOf(theirs.accountId, theirs.tasks[0]!.id);
    const result = await tick(mine.accountId);
    expect(result.placed).toBe(1);
    expect(dialled('+14155550161')).toHaveLength(1);
    expect(dialled('+14155550162')).toHaveLength(0);
    expect((await callsOf(theirs.accountId)).filter((c) => c.outreachTaskId === theirs.tasks[0]!.id)).toEqual([]);
    expect(await taskOf(theirs.accountId, theirs.tasks[0]!.id)).toEqual(before);
    // A's signed callback cannot close B's task either: it names A's task, whose call is A's.
    const [call] = (await callsOf(mine.accountId)).filter((c) => c.outreachTaskId === mine.tasks[0]!.id);
    await status(mine.tasks[0]!.id, call!.providerCallId!, 'no-answer');
    expect(await taskOf(theirs.accountId, theirs.tasks[0]!.id)).toEqual(before);
    expect((await taskOf(mine.accountId, mine.tasks[0]!.id)).outcome).toBe('no_answer');
  });

  it('a brand with phone calls off places no call', async () => {
    clock = new Date(MONDAY);
    const { accountId } = await callCampaign(a, [{ kind: 'call', delay_days: 0 }], [{ phone: '+14155550171' }]);
    const [account] = await t.db.db.select().from(accounts).where(eq(accounts.id, accountId));
    await t.db.db.update(accounts).set({ holderId: 1 }).where(eq(accounts.id, accountId));
    try {
      expect(await tick(accountId)).toMatchObject({ placed: 0, failed: 0 });
      expect(dialled('+14155550171')).toHaveLength(0);
    } finally {
      await t.db.db.update(accounts).set({ holderId: account!.holderId }).where(eq(accounts.id, accountId));
    }
  });
});
