import type { ActivityVerb } from '@shared/events';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent, LiveEventData, LiveEventName } from '@shared/live/events';
import type { EmailThread } from '@shared/schemas/email-threads';
import { brandAwarenessKeys } from '@web/features/brand-awareness';
import { campaignKeys } from '@web/features/campaigns';
import { dashboardKeys } from '@web/features/dashboard';
import { inboxKeys, interactionKeys } from '@web/features/inbox';
import { mailboxKeys } from '@web/features/mailboxes';
import { notificationKeys } from '@web/features/notifications';
import { personasPageKeys } from '@web/features/personas';
import { createLiveConnector, PIPELINE_KEY } from '../live-connector';

let seq = 0;
const event = <N extends LiveEventName>(name: N, data: LiveEventData[N]) => ({ type: 'event', seq: ++seq, name, data, at: new Date().toISOString() }) as LiveEvent;
const activity = (verb: ActivityVerb, refs: LiveEventData['activity']['refs'] = {}) => event('activity', { id: ++seq, verb, channel: 'email', prospect_id: null, persona_id: null, refs });

const thread = (id: number, over: Partial<EmailThread> = {}) => ({ id, unread: true, starred: false, stop_sending: false, subject: `Thread ${id}`, ...over }) as EmailThread;

/** Every cached query with fresh data; the test reads which the connector invalidated. */
function setUp() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const keys: QueryKey[] = [
    inboxKeys.list({}),
    inboxKeys.stats(),
    inboxKeys.thread(7),
    inboxKeys.messages(7),
    inboxKeys.thread(8),
    campaignKeys.list(),
    campaignKeys.detail(3),
    campaignKeys.detail(4),
    campaignKeys.emailList(3, { page: 1 } as never),
    mailboxKeys.list(),
    mailboxKeys.capacity(),
    dashboardKeys.generalStatistics('week' as never),
    personasPageKeys.importStatus(12),
    personasPageKeys.lists(),
    notificationKeys.list({ page: 1, unread: false }),
    [...PIPELINE_KEY, 'board'],
    brandAwarenessKeys.posts(5),
  ];
  for (const key of keys) queryClient.setQueryData(key, { data: [] });
  queryClient.setQueryData(inboxKeys.list({}), { pages: [{ data: [thread(7), thread(8)] }], pageParams: [] });
  queryClient.setQueryData(inboxKeys.thread(7), thread(7));
  const poll = vi.fn();
  const connector = createLiveConnector({ queryClient, requestNotificationPoll: poll, throttleMs: 1000 });
  const stale = () => keys.filter((k) => queryClient.getQueryState(k)?.isInvalidated).map((k) => JSON.stringify(k));
  const reset = () => {
    for (const key of keys) queryClient.setQueryData(key, queryClient.getQueryData(key));
  };
  return { queryClient, connector, poll, stale, reset, keys };
}
const k = (key: QueryKey) => JSON.stringify(key);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the live connector: event names to the query cache', () => {
  it('a reply coming home refreshes its thread, the inbox lists and counts, the pipeline, the campaign and the dashboard', () => {
    const { connector, stale } = setUp();
    connector.handleEvent(activity('reply_received', { thread_id: 7, campaign_id: 3 }));
    expect(stale().sort()).toEqual(
      [inboxKeys.list({}), inboxKeys.stats(), inboxKeys.thread(7), inboxKeys.messages(7), campaignKeys.list(), campaignKeys.detail(3), dashboardKeys.generalStatistics('week' as never), [...PIPELINE_KEY, 'board']].map(k).sort(),
    );
  });

  it("a thread's marks are written into the cached thread and list rows at once", () => {
    const { connector, queryClient, stale } = setUp();
    connector.handleEvent(event('thread_changed', { thread_id: 7, changed: ['unread', 'starred'], unread: false, starred: true }));
    expect(queryClient.getQueryData<EmailThread>(inboxKeys.thread(7))).toMatchObject({ unread: false, starred: true });
    const list = queryClient.getQueryData<{ pages: Array<{ data: EmailThread[] }> }>(inboxKeys.list({}))!;
    expect(list.pages[0]!.data.map((t) => [t.id, t.unread, t.starred])).toEqual([
      [7, false, true],
      [8, true, false],
    ]);
    // The messages did not change: not refetched.
    expect(stale()).not.toContain(k(inboxKeys.messages(7)));
    expect(stale()).toContain(k(inboxKeys.stats()));
  });

  it('campaign email states, mailboxes, imports and notifications each reach their queries', () => {
    const { connector, stale, poll } = setUp();
    connector.handleEvent(event('campaign_emails_changed', { campaign_id: 3, ids: [1, 2], statuses: ['sent'], count: 2 }));
    expect(stale()).toEqual(expect.arrayContaining([campaignKeys.detail(3), campaignKeys.emailList(3, { page: 1 } as never), campaignKeys.list(), mailboxKeys.capacity()].map(k)));
    expect(stale()).not.toContain(k(campaignKeys.detail(4)));

    const second = setUp();
    second.connector.handleEvent(event('mailbox_changed', { user_email_id: 2, status: 'paused' }));
    expect(second.stale().sort()).toEqual([mailboxKeys.list(), mailboxKeys.capacity()].map(k).sort());

    const third = setUp();
    third.connector.handleEvent(event('import_progress', { job_id: 12, status: 'running', processed: 500 }));
    expect(third.stale()).toEqual([k(personasPageKeys.importStatus(12))]);

    connector.handleEvent(event('notification_created', { notification_id: 5, event: 'reply_received' }));
    expect(poll).toHaveBeenCalledTimes(1);
    expect(stale()).toContain(k(notificationKeys.list({ page: 1, unread: false })));
  });

  it("every activity and a thread's reply status refresh the interactions (list, counts, panels); other marks do not", async () => {
    const { connector, queryClient } = setUp();
    const interactions = [interactionKeys.list({}), interactionKeys.stats({}), interactionKeys.prospectActivity(9, 30)];
    const cache = () => {
      for (const key of interactions) queryClient.setQueryData(key, { data: [] });
    };
    const stale = () => interactions.filter((key) => queryClient.getQueryState(key)?.isInvalidated).map(k);
    cache();
    connector.handleEvent(activity('email_sent', { campaign_id: 3, campaign_email_id: 11 }));
    expect(stale()).toEqual(interactions.map(k));

    // Past the throttle window, so the next refresh is at once.
    await vi.advanceTimersByTimeAsync(1000);
    cache();
    connector.handleEvent(event('thread_changed', { thread_id: 7, changed: ['unread'], unread: false }));
    expect(stale()).toEqual([]);
    connector.handleEvent(event('thread_changed', { thread_id: 7, changed: ['reply_status'], reply_status: 'interested' }));
    expect(stale()).toEqual(interactions.map(k));
    connector.dispose();
  });

  it('a pipeline move (the activity pipeline_moved) refreshes the board', () => {
    const { connector, stale } = setUp();
    connector.handleEvent(activity('pipeline_moved', {}));
    expect(stale()).toContain(k([...PIPELINE_KEY, 'board']));
  });

  it("a virtual employee's post published or failed refreshes the brand-awareness calendar", () => {
    const { connector, stale } = setUp();
    connector.handleEvent(activity('pipeline_moved', {}));
    expect(stale()).not.toContain(k(brandAwarenessKeys.posts(5)));
    connector.handleEvent(activity('post_published', {}));
    expect(stale()).toContain(k(brandAwarenessKeys.posts(5)));
  });

  it('refetches counts at most once a second however many events come', async () => {
    const { connector, queryClient } = setUp();
    const spy = vi.spyOn(queryClient, 'invalidateQueries');
    const statsCalls = () => spy.mock.calls.filter(([filters]) => k(filters!.queryKey!) === k(inboxKeys.stats())).length;
    for (let i = 0; i < 50; i++) connector.handleEvent(activity('reply_received', { thread_id: 7 }));
    expect(statsCalls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(statsCalls()).toBe(2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(statsCalls()).toBe(2);
    connector.handleEvent(activity('reply_received', { thread_id: 7 }));
    expect(statsCalls()).toBe(3);
    connector.dispose();
  });

  it('when events may have been missed (first sync, resync), everything is refetched and notifications asked for', () => {
    const { connector, stale, poll, keys } = setUp();
    connector.handleStale('pruned');
    expect(stale().length).toBe(keys.length);
    expect(poll).toHaveBeenCalledTimes(1);
  });
});
