import { and, asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEventData, LiveEventName } from '@shared/live/events';
import { liveEvents } from '../../db/schema';
import { DB_KINDS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type TestApp } from '../../testing/harness';
import { composedCampaignOf } from '../campaigns/ownership.test-helpers';
import { threadOf } from '../inbox/ownership.test-helpers';
import { dispatcherFor } from '../notifications/dispatch';
import { rulesOf } from '../notifications/ownership.test-helpers';
import { mailboxOf } from '../mailboxes/ownership.test-helpers';

type Person = Awaited<ReturnType<typeof signedInUser>>;
type Written = { seq: number; name: LiveEventName; data: Record<string, unknown> };

/**
 * What the product writes to an account's live stream when things happen (the connector in the web app
 * maps these names to its queries): read straight from the outbox, in commit order.
 */
describe.each(DB_KINDS)('live events written by the product (%s)', (kind) => {
  let t: TestApp;
  let a: Person;

  beforeAll(async () => {
    t = await startTestApp(kind);
    a = await signedInUser(t, 'live-events');
  });
  afterAll(async () => t?.close());

  let seen = 0;
  /** The account's events committed since the last call. */
  async function written(): Promise<Written[]> {
    const rows = await t.db.db
      .select({ seq: liveEvents.seq, name: liveEvents.name, data: liveEvents.data })
      .from(liveEvents)
      .where(and(eq(liveEvents.accountId, a.user.account_id), gt(liveEvents.seq, seen)))
      .orderBy(asc(liveEvents.seq));
    if (rows.length) seen = Number(rows.at(-1)!.seq);
    return rows.map((r) => ({ seq: Number(r.seq), name: r.name as LiveEventName, data: r.data }));
  }
  const named = <N extends LiveEventName>(events: Written[], name: N) => events.filter((e) => e.name === name).map((e) => e.data as LiveEventData[N]);

  it('numbers an account’s events 1, 2, 3, … without gaps', async () => {
    await written();
    const rows = await t.db.db.select({ seq: liveEvents.seq }).from(liveEvents).where(eq(liveEvents.accountId, a.user.account_id)).orderBy(asc(liveEvents.seq));
    expect(rows.map((r) => Number(r.seq))).toEqual(rows.map((_, i) => i + 1));
  });

  it('a reply coming home: its activities, the thread, and the in-app notification', async () => {
    await rulesOf(t, a.headers); // the default rules (in-app for replies) exist from the first read
    await written();
    const fixture = await threadOf(t, a);
    await dispatcherFor(t.db.db)!.settle();
    const events = await written();
    expect(named(events, 'activity').find((e) => e.verb === 'reply_received')).toMatchObject({ refs: { thread_id: fixture.threadId, campaign_id: fixture.campaign.id } });
    expect(named(events, 'thread_changed')).toContainEqual({ thread_id: fixture.threadId, changed: ['messages', 'unread', 'stop_sending'], unread: true, stop_sending: true });
    expect(named(events, 'notification_created')).toContainEqual({ event: 'reply_received', notification_id: expect.any(Number) });
    // The thread's marks by the user: one event with what changed.
    await written();
    const put = await t.app.inject({ method: 'PUT', url: v1(`/email_threads/${fixture.threadId}`), headers: a.headers, payload: { unread: false, starred: true } });
    expect(put.statusCode, put.body).toBe(200);
    expect(named(await written(), 'thread_changed')).toEqual([{ thread_id: fixture.threadId, changed: ['unread', 'starred'], unread: false, starred: true }]);
    const status = await t.app.inject({ method: 'PUT', url: v1(`/email_threads/${fixture.threadId}`), headers: a.headers, payload: { reply_status: 'meeting_request' } });
    expect(status.statusCode, status.body).toBe(200);
    const afterStatus = await written();
    expect(named(afterStatus, 'thread_changed')).toEqual([{ thread_id: fixture.threadId, changed: ['reply_status'], reply_status: 'meeting_request' }]);
    expect(named(afterStatus, 'activity').map((e) => e.verb)).toContain('reply_status_changed');
    // Nothing changed: nothing written.
    await t.app.inject({ method: 'PUT', url: v1(`/email_threads/${fixture.threadId}`), headers: a.headers, payload: { starred: true } });
    expect(named(await written(), 'thread_changed')).toEqual([]);
  });

  it('campaign emails changing state: one event per statement and campaign, written by the changing transaction', async () => {
    await written();
    const { campaign, emails } = await composedCampaignOf(t, a);
    const composed = named(await written(), 'campaign_emails_changed').filter((e) => e.campaign_id === campaign.id);
    expect(composed.length).toBeGreaterThan(0);
    expect(composed.flatMap((e) => e.ids)).toEqual(expect.arrayContaining(emails.map((e) => e.id)));
    const stop = await t.app.inject({ method: 'POST', url: v1(`/campaign_emails/${emails[0]!.id}/mark_stop_sending`), headers: a.headers });
    expect(stop.statusCode, stop.body).toBe(200);
    const changed = named(await written(), 'campaign_emails_changed');
    // The prospect's unsent emails are cancelled together: one event.
    expect(changed).toEqual([{ campaign_id: campaign.id, ids: expect.arrayContaining([emails[0]!.id]), statuses: ['cancelled'], count: expect.any(Number) }]);
  });

  it('mailboxes: edits, pauses and removal', async () => {
    const mailbox = await mailboxOf(t, a);
    await written();
    const pause = await t.app.inject({ method: 'POST', url: v1(`/user_emails/${mailbox.id}/pause`), headers: a.headers });
    expect(pause.statusCode, pause.body).toBe(200);
    expect(named(await written(), 'activity')).toEqual([expect.objectContaining({ verb: 'mailbox_paused', refs: { user_email_id: mailbox.id } })]);
    const edit = await t.app.inject({ method: 'PUT', url: v1(`/user_emails/${mailbox.id}`), headers: a.headers, payload: { sender_name: 'Someone Else' } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(named(await written(), 'mailbox_changed')).toEqual([{ user_email_id: mailbox.id, status: 'paused' }]);
    const gone = await t.app.inject({ method: 'DELETE', url: v1(`/user_emails/${mailbox.id}`), headers: a.headers });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(named(await written(), 'mailbox_changed')).toEqual([{ user_email_id: mailbox.id, status: 'removed' }]);
  });

  it('an import: progress per committed chunk, then done', async () => {
    await written();
    const rows = Array.from({ length: 3 }, (_, i) => `Person ${i},person${i}.${Date.now()}@import.example`).join('\n');
    const res = await t.app.inject({
      method: 'POST',
      url: v1('/upload'),
      headers: a.headers,
      payload: { file_name: 'people.csv', content: `Name,Email\n${rows}\n`, persona_id: null, mapping: { Name: 'full_name', Email: 'email' } },
    });
    expect(res.statusCode, res.body).toBe(202);
    const jobId = res.json<{ data: { job_id: number } }>().data.job_id;
    await t.app.jobs.drain();
    const progress = named(await written(), 'import_progress');
    expect(progress.at(-1)).toEqual({ job_id: jobId, status: 'done', processed: 3 });
    expect(progress.slice(0, -1).every((p) => p.job_id === jobId && p.status === 'running')).toBe(true);
    expect(progress.length).toBeGreaterThanOrEqual(2);
  });
});
