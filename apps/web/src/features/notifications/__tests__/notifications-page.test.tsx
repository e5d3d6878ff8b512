import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@web/lib/api';
import { renderRoute } from '@web/testing/render';
import { NotificationsRoute } from '../routes/notifications';
import { fakeNotificationsServer, notificationFixture, ruleFixture } from './fake-notifications-server';

let original: typeof api.http.defaults.adapter;
let server: ReturnType<typeof fakeNotificationsServer>;

beforeEach(() => {
  original = api.http.defaults.adapter;
  server = fakeNotificationsServer();
  api.http.defaults.adapter = server.adapter as AxiosAdapter;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  api.http.defaults.adapter = original;
  vi.restoreAllMocks();
});

/** A paragraph whose whole text (a <time> inside included) matches. */
const paragraph = (re: RegExp) => (_: string, el: Element | null) => el?.tagName === 'P' && re.test(el.textContent ?? '');
const render = () => renderRoute(NotificationsRoute, { path: '/cabinet/notifications' });
const section = (name: RegExp | string) => screen.getByRole('region', { name });

describe('Notifications page: rules', () => {
  it('shows a loading state, then the rules per provider with their events', async () => {
    render();
    expect(screen.getByRole('status', { name: 'Loading notification settings' })).toBeInTheDocument();
    const inApp = await screen.findByRole('group', { name: 'In the app' });
    expect(within(inApp).getByRole('checkbox', { name: 'A prospect replied' })).toBeChecked();
    expect(within(inApp).getByRole('checkbox', { name: 'Your plan changed' })).toBeChecked();
    expect(within(inApp).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    const email = screen.getByRole('group', { name: 'Everyone on your account' });
    expect(within(email).getByRole('checkbox', { name: 'A meeting was booked' })).toBeChecked();
    expect(within(email).getByRole('checkbox', { name: 'An import finished' })).not.toBeChecked();
    expect(within(section('Webhook (Slack-compatible)')).getByText(/No webhooks yet/)).toBeInTheDocument();
  });

  it('turning an in-app event off goes through update_by_provider; an email rule is switched off by its id', async () => {
    render();
    const inApp = await screen.findByRole('group', { name: 'In the app' });
    await userEvent.click(within(inApp).getByRole('checkbox', { name: 'A prospect was added' }));
    await waitFor(() => expect(server.calls('PUT', '/campaign_notifications/update_by_provider')).toHaveLength(1));
    expect(server.sent(server.calls('PUT', '/campaign_notifications/update_by_provider')[0]!)).toEqual({
      provider: 'in_app',
      events: ['reply_received', 'meeting_booked', 'import_finished', 'plan_changed'],
    });
    await waitFor(() => expect(within(inApp).getByRole('checkbox', { name: 'A prospect was added' })).not.toBeChecked());

    const email = screen.getByRole('group', { name: 'Everyone on your account' });
    const toggle = within(email).getByRole('switch', { name: 'Enabled: Everyone on your account' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(server.calls('PUT', '/campaign_notifications/2')).toHaveLength(1));
    expect(server.sent(server.calls('PUT', '/campaign_notifications/2')[0]!)).toEqual({ enabled: false });
    expect(await within(email).findByText('Off')).toBeInTheDocument();
    // Its name stays the same when its state changes.
    expect(within(email).getByRole('switch', { name: 'Enabled: Everyone on your account' })).not.toBeChecked();
  });

  it('a checkbox change shows at once and says "Saved"; a refused save says so and puts the box back', async () => {
    render();
    const email = await screen.findByRole('group', { name: 'Everyone on your account' });
    const imports = within(email).getByRole('checkbox', { name: 'An import finished' });
    await userEvent.click(imports);
    expect(imports).toBeChecked();
    expect(await within(email).findByText('Saved')).toBeInTheDocument();
    expect(server.sent(server.calls('PUT', '/campaign_notifications/2')[0]!)).toEqual({ events: ['reply_received', 'meeting_booked', 'import_finished'] });

    server.db.failNextUpdate = { status: 500, data: { errors: ['Something broke'] } };
    const plan = within(email).getByRole('checkbox', { name: 'Your plan changed' });
    await userEvent.click(plan);
    expect(await within(email).findByRole('alert')).toHaveTextContent('Not saved: Something broke');
    expect(plan).not.toBeChecked();
    expect(within(email).queryByText('Saved')).not.toBeInTheDocument();
    expect(within(email).getByRole('checkbox', { name: 'An import finished' })).toBeChecked();
  });

  it('adds a webhook: a bad URL is refused before sending, a good one is created; its test send shows the server’s refusal', async () => {
    render();
    await screen.findByRole('group', { name: 'In the app' });
    await userEvent.click(within(section('Webhook (Slack-compatible)')).getByRole('button', { name: 'Add webhook' }));
    const url = screen.getByRole('textbox', { name: 'Webhook URL' });
    expect(url).toHaveFocus();
    await userEvent.type(url, 'ftp://files.example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText('Webhook URL must be an http or https address (no user name or password in it)')).toBeInTheDocument();
    expect(server.calls('POST', '/campaign_notifications')).toHaveLength(0);

    await userEvent.clear(url);
    await userEvent.type(url, 'http://127.0.0.1:9/hook');
    await userEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    await waitFor(() => expect(server.calls('POST', '/campaign_notifications')).toHaveLength(1));
    const card = await screen.findByRole('group', { name: 'http://127.0.0.1:9/hook' });
    expect(server.sent(server.calls('POST', '/campaign_notifications')[0]!)).toEqual({ provider: 'webhook', events: ['reply_received', 'meeting_booked'], target: 'http://127.0.0.1:9/hook' });

    server.db.testReplies.set(10, { status: 422, data: { errors: ['Blocked: 127.0.0.1 is a private, loopback, link-local or reserved address'] } });
    await userEvent.click(within(card).getByRole('button', { name: 'Send test to http://127.0.0.1:9/hook' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Test failed: Blocked: 127.0.0.1 is a private, loopback, link-local or reserved address');
    expect(await within(card).findByText(paragraph(/^Last delivery failed less than a minute ago: Blocked: 127\.0\.0\.1/))).toBeInTheDocument();
  });

  it('a successful test send says so; a rule is deleted after confirming', async () => {
    server.db.rules.push(ruleFixture(7, { provider: 'webhook', target: 'https://hooks.example.com/x' }));
    render();
    const card = await screen.findByRole('group', { name: 'https://hooks.example.com/x' });
    await userEvent.click(within(card).getByRole('button', { name: /^Send test/ }));
    expect(await within(card).findByRole('status')).toHaveTextContent('Sent: the test reached its target.');
    expect(await within(card).findByText(paragraph(/^Delivered less than a minute ago$/))).toBeInTheDocument();
    expect(within(card).queryByText(/Last delivery: ok/)).not.toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Delete https://hooks.example.com/x' }));
    const confirm = within(card).getByRole('button', { name: 'Delete this rule' });
    expect(confirm).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('group', { name: 'https://hooks.example.com/x' })).not.toBeInTheDocument());
    expect(server.calls('DELETE', '/campaign_notifications/7')).toHaveLength(1);
  });

  it('adds an email rule for a named address', async () => {
    render();
    await screen.findByRole('group', { name: 'In the app' });
    await userEvent.click(screen.getByRole('button', { name: 'Add email' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Email address' }), 'boss@example.com');
    await userEvent.click(within(screen.getByRole('form', { name: 'Add an email rule' })).getByRole('checkbox', { name: 'A meeting was booked' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add email rule' }));
    expect(await screen.findByRole('group', { name: 'boss@example.com' })).toBeInTheDocument();
    expect(server.sent(server.calls('POST', '/campaign_notifications')[0]!)).toEqual({ provider: 'email', events: ['reply_received'], target: 'boss@example.com' });
  });

  it('shows the error and retries when the rules cannot load', async () => {
    server.db.failRules = { status: 500, data: { errors: ['Something broke'] } };
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something broke');
    server.db.failRules = null;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'In the app' })).toBeInTheDocument();
  });
});

describe('Notifications page: history', () => {
  it('is empty for a new account', async () => {
    render();
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
  });

  it('lists newest first, marks one read, filters unread, marks all read', async () => {
    server.db.notifications = [notificationFixture(1, 'Old one', true), notificationFixture(2, 'Dana replied'), notificationFixture(3, 'Meeting booked with Lee')];
    render();
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Meeting booked with Lee'),
      expect.stringContaining('Dana replied'),
      expect.stringContaining('Old one'),
    ]);
    expect(screen.getByText('(2 unread)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mark “Dana replied” read' }));
    await waitFor(() => expect(server.calls('PUT', '/notifications/2/read')).toHaveLength(1));
    expect(await screen.findByText('(1 unread)')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Unread' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByText('Nothing unread')).toBeInTheDocument();
    expect(server.calls('PUT', '/notifications/read_all')).toHaveLength(1);
  });

  it('goes back a page when marking read empties the last page of the unread view', async () => {
    // 21 unread: page 2 of "Unread" holds only the oldest one.
    server.db.notifications = Array.from({ length: 21 }, (_, i) => notificationFixture(i + 1, `Note ${i + 1}`));
    render();
    await screen.findByRole('list', { name: 'Notifications' });
    await userEvent.click(screen.getByRole('button', { name: 'Unread' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Older' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mark “Note 1” read' }));
    // Not "Nothing unread" on an empty page 2 while 20 are unread on page 1.
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem')).toHaveLength(20));
    expect(screen.queryByText('Nothing unread')).not.toBeInTheDocument();
    expect(await screen.findByText('(20 unread)')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'History pages' })).not.toBeInTheDocument();
  });
});
