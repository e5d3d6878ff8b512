import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_AUTO_COMMUNICATION_SETTINGS, WORK_END_MESSAGE } from '@shared/schemas/auto-communication';
import { api } from '@web/lib/api';
import { fakeAdapter, type FakeHandler } from '@web/testing/fake-adapter';
import { renderRoute } from '@web/testing/render';
import { AgentsRoute } from '../routes/agents';

let original: typeof api.http.defaults.adapter;
let adapter: ReturnType<typeof fakeAdapter>;
function serve(handler: FakeHandler) {
  // The virtual employees section on the same page lists none here (its own tests are in virtual-employees.test.tsx).
  adapter = fakeAdapter((config) => (config.url === '/virtual_employees' ? { status: 200, data: { data: [] } } : handler(config)));
  api.http.defaults.adapter = adapter as AxiosAdapter;
}
beforeEach(() => {
  original = api.http.defaults.adapter;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  api.http.defaults.adapter = original;
  vi.restoreAllMocks();
});

const puts = () => adapter.calls.filter((c) => c.method === 'put' && c.url === '/auto_communication_settings').map((c) => JSON.parse(String(c.data)));

describe('Edit agents without agents', () => {
  it('does not promise an action that does not exist; it points to the automatic behaviour and the tone of voice', async () => {
    serve(() => ({ status: 200, data: { data: DEFAULT_AUTO_COMMUNICATION_SETTINGS } }));
    renderRoute(AgentsRoute, { path: '/cabinet/agents' });
    expect(screen.getByRole('heading', { name: 'Your agents work from your settings' })).toBeInTheDocument();
    expect(screen.queryByText(/coming soon/i)).not.toBeInTheDocument();
    expect(screen.queryByText(/Create your first agent/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit tone of voice' })).toHaveAttribute('href', '/business-information/messaging/tone-voice');
    await screen.findByLabelText('Start');
    await userEvent.click(screen.getByRole('button', { name: 'Set automatic behaviour' }));
    expect(screen.getByLabelText('Start')).toHaveFocus();
  });
});

describe('Automatic behaviour on Edit agents', () => {
  it('says exactly what replying automatically does: which replies, how soon, within working hours, and when not', async () => {
    serve(() => ({ status: 200, data: { data: DEFAULT_AUTO_COMMUNICATION_SETTINGS } }));
    renderRoute(AgentsRoute, { path: '/cabinet/agents' });
    const checkbox = await screen.findByRole('checkbox', { name: 'Reply to prospects automatically' });
    expect(checkbox).not.toBeChecked();
    expect(checkbox).toHaveAccessibleDescription(
      'When a prospect replies and the reply is marked Interested, Meeting request or Other (a question, a thank-you), the agent writes an answer as "Draft with AI" does and sends it from the conversation\'s mailbox, ' +
        'no sooner than 10 minutes after the reply and only on the working days and hours above (in their time zone). ' +
        'Never for Not now, Not interested, Wrong person, Unsubscribe, out-of-office or other automatic replies, or bounces. ' +
        'If you answer, stop the conversation or mark the reply otherwise first, nothing is sent. The inbox marks these answers "Auto-answer by the agent".',
    );
  });


  it('shows the defaults, saves the changed settings and shows Saved', async () => {
    serve((config) => {
      if (config.method === 'get') return { status: 200, data: { data: DEFAULT_AUTO_COMMUNICATION_SETTINGS } };
      const body = JSON.parse(String(config.data));
      return { status: 200, data: { data: { ...body, updated_at: '2026-11-23T10:00:00Z' } } };
    });
    renderRoute(AgentsRoute, { path: '/cabinet/agents' });
    expect(await screen.findByText(/These are the defaults/)).toBeInTheDocument();
    expect(screen.getByLabelText('Start')).toHaveValue('09:00');
    expect(screen.getByLabelText('Emails a day')).toHaveValue(50);
    expect(screen.getByRole('checkbox', { name: 'Mon' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Sat' })).not.toBeChecked();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Sat' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Mon' }));
    const email = screen.getByLabelText('Emails a day');
    await userEvent.clear(email);
    await userEvent.type(email, '120');
    const invitations = screen.getByLabelText('LinkedIn invitations a week');
    expect(invitations).toHaveAccessibleDescription(/A newly connected account starts lower and ramps up/);
    await userEvent.clear(invitations);
    await userEvent.type(invitations, '60');
    const zone = screen.getByLabelText('Time zone');
    await userEvent.clear(zone);
    await userEvent.type(zone, 'Europe/Berlin');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Reply to prospects automatically' }));
    await userEvent.selectOptions(screen.getByLabelText('Sending'), 'autonomous');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Saved');
    expect(puts()).toEqual([
      {
        time_zone: 'Europe/Berlin',
        working_days: [2, 3, 4, 5, 6],
        work_start: '09:00',
        work_end: '17:00',
        daily_limit_email: 120,
        daily_limit_linkedin: 20,
        daily_limit_phone: 10,
        weekly_invitation_limit: 60,
        auto_reply: true,
        mode: 'autonomous',
      },
    ]);
    expect(screen.queryByText(/These are the defaults/)).not.toBeInTheDocument();
  });

  it('checks the form before sending: end after start, a real time zone, limits within range', async () => {
    serve(() => ({ status: 200, data: { data: { ...DEFAULT_AUTO_COMMUNICATION_SETTINGS, updated_at: '2026-11-01T00:00:00Z' } } }));
    renderRoute(AgentsRoute, { path: '/cabinet/agents' });
    const end = await screen.findByLabelText('End');
    await userEvent.clear(end);
    await userEvent.type(end, '08:00');
    const zone = screen.getByLabelText('Time zone');
    await userEvent.clear(zone);
    await userEvent.type(zone, 'Moon/Base');
    const calls = screen.getByLabelText('Calls a day');
    await userEvent.clear(calls);
    await userEvent.type(calls, '999');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(WORK_END_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('Time zone must be an IANA time zone such as Europe/Berlin')).toBeInTheDocument();
    expect(screen.getByText('Daily phone limit must be at most 200')).toBeInTheDocument();
    expect(puts()).toEqual([]);
  });

  it('says at once, before Save, that 18:00 to 09:00 is refused (no overnight hours), and that an emptied limit is required', async () => {
    serve(() => ({ status: 200, data: { data: { ...DEFAULT_AUTO_COMMUNICATION_SETTINGS, updated_at: '2026-11-01T00:00:00Z' } } }));
    renderRoute(AgentsRoute, { path: '/cabinet/agents' });
    const start = await screen.findByLabelText('Start');
    expect(screen.getByText('8 h a day')).toBeInTheDocument();
    await userEvent.clear(start);
    await userEvent.type(start, '18:00');
    await userEvent.tab();
    expect(await screen.findByText(WORK_END_MESSAGE)).toBeInTheDocument();
    const end = screen.getByLabelText('End');
    await userEvent.clear(end);
    await userEvent.type(end, '20:30');
    await waitFor(() => expect(screen.queryByText(WORK_END_MESSAGE)).not.toBeInTheDocument());
    expect(screen.getByText('2 h 30 min a day')).toBeInTheDocument();
    // The last minute a time field offers runs to midnight: 00:00–23:59 is the whole day.
    await userEvent.clear(start);
    await userEvent.type(start, '00:00');
    await userEvent.clear(end);
    await userEvent.type(end, '23:59');
    expect(await screen.findByText('24 h a day, until midnight')).toBeInTheDocument();

    const calls = screen.getByLabelText('Calls a day');
    await userEvent.clear(calls);
    await userEvent.tab();
    expect(await screen.findByText('Daily phone limit is required')).toBeInTheDocument();
    expect(screen.queryByText(/must be a number/)).not.toBeInTheDocument();
    expect(puts()).toEqual([]);
  });

  it('offers the IANA zones to search (UTC included) and checks the zone as the field is left', async () => {
    serve(() => ({ status: 200, data: { data: { ...DEFAULT_AUTO_COMMUNICATION_SETTINGS, updated_at: '2026-11-01T00:00:00Z' } } }));
    renderRoute(AgentsRoute, { path: '/cabinet/agents' });
    const zone = await screen.findByLabelText('Time zone');
    const list = document.getElementById(zone.getAttribute('list')!)!;
    const options = [...list.querySelectorAll('option')].map((o) => o.value);
    expect(options[0]).toBe('UTC');
    expect(options).toContain('Europe/Berlin');
    expect(options).toContain('America/New_York');
    await userEvent.clear(zone);
    await userEvent.type(zone, 'Mars/Phobos');
    await userEvent.tab();
    expect(await screen.findByText('Time zone must be an IANA time zone such as Europe/Berlin')).toBeInTheDocument();
    await userEvent.clear(zone);
    await userEvent.type(zone, 'Asia/Tokyo');
    await waitFor(() => expect(screen.queryByText('Time zone must be an IANA time zone such as Europe/Berlin')).not.toBeInTheDocument());
    expect(screen.getByText(/^\d\d:\d\d there now$/)).toBeInTheDocument();
    const mine = Intl.DateTimeFormat().resolvedOptions().timeZone;
    await userEvent.click(screen.getByRole('button', { name: `Use mine (${mine})` }));
    expect(zone).toHaveValue(mine);
  });

  it("shows the server's errors and no Saved", async () => {
    serve((config) =>
      config.method === 'get'
        ? { status: 200, data: { data: DEFAULT_AUTO_COMMUNICATION_SETTINGS } }
        : { status: 422, data: { errors: ['Time zone must be an IANA time zone such as Europe/Berlin'] } },
    );
    renderRoute(AgentsRoute, { path: '/cabinet/agents' });
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Time zone must be an IANA time zone');
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
