import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONNECTION_STEP_LABELS, CONNECTION_STEPS, type ConnectionTest, type MailOAuthProviderInfo, type SendingDomain, type UserEmail } from '@shared/schemas/user-emails';
import { api } from '@web/lib/api';
import { renderRoute } from '@web/testing/render';
import { fakeAdapter, type FakeReply } from '@web/testing/fake-adapter';
import { MailboxesRoute } from '../routes/mailboxes';
import { OAuthConnectButtons } from '../components/oauth-connect-buttons';

const now = '2026-03-01T10:00:00.000Z';
const passedTest: ConnectionTest = {
  ok: true,
  failed_step: null,
  steps: CONNECTION_STEPS.map((step) => ({ step, label: CONNECTION_STEP_LABELS[step], status: 'passed', message: 'ok', server_reply: null })),
  tested_at: now,
};

const mailboxFixture = (id: number, body: Partial<UserEmail> = {}): UserEmail => ({
  id,
  email: `sender${id}@acme.example`,
  domain: 'acme.example',
  sender_name: 'Ada',
  smtp_host: 'smtp.gmail.com',
  smtp_port: 465,
  smtp_security: 'tls',
  smtp_username: `sender${id}@acme.example`,
  imap_host: 'imap.gmail.com',
  imap_port: 993,
  imap_security: 'tls',
  imap_username: `sender${id}@acme.example`,
  auth_method: 'password',
  oauth_provider: null,
  sent_folder: '[Gmail]/Sent Mail',
  daily_limit: 40,
  hourly_limit: 10,
  min_gap_seconds: 120,
  warmup_enabled: false,
  warmup_start: 10,
  warmup_increase: 5,
  warmup_ceiling: 40,
  warmup_started_on: null,
  limit_today: 40,
  dkim_selector: null,
  status: 'active',
  status_reason: null,
  auto_resume: true,
  auto_resume_at: null,
  reduced_until: null,
  domain_failing: null,
  last_test: passedTest,
  created_at: now,
  updated_at: now,
  ...body,
});

const domainFixture: SendingDomain = {
  domain: 'acme.example',
  status: 'fail',
  user_email_ids: [1],
  checked_at: now,
  checks: [
    { check: 'mx', status: 'pass', record: '10 mx.acme.example', advice: 'Replies and bounces have a server to go to.' },
    { check: 'spf', status: 'fail', record: null, advice: 'No SPF record: add one.' },
    { check: 'dkim', status: 'pass', record: 'selector "google"', advice: 'Signed.' },
    { check: 'dmarc', status: 'pass', record: 'v=DMARC1; p=none', advice: 'Monitoring only.' },
  ],
};

function fakeServer() {
  const db = {
    mailboxes: [] as UserEmail[],
    createReply: null as FakeReply | null,
    oauthProviders: [] as MailOAuthProviderInfo[],
    compliance: { compliance_footer: true, postal_address: null as string | null, gdpr_notice: false, address_missing: true },
  };
  const calls: Array<{ method: string; url: string; body: Record<string, unknown> }> = [];
  const adapter = fakeAdapter((c: InternalAxiosRequestConfig) => {
    const url = c.url ?? '';
    const method = (c.method ?? 'get').toUpperCase();
    const body = c.data ? (JSON.parse(String(c.data)) as Record<string, unknown>) : {};
    calls.push({ method, url, body });
    if (url === '/user_emails/oauth_providers') return { status: 200, data: { data: db.oauthProviders } };
    const oauth = /^\/user_emails\/oauth\/(google|microsoft)$/.exec(url);
    if (oauth && method === 'POST') return { status: 200, data: { data: { authorization_url: `https://accounts.example/authorize?provider=${oauth[1]}&state=signed` } } };
    if (url === '/user_emails' && method === 'GET') return { status: 200, data: { data: structuredClone(db.mailboxes) } };
    if (url === '/user_emails/capacity') {
      const mailboxes = db.mailboxes.map((m, i) => ({
        user_email_id: m.id,
        email: m.email,
        limit: 40,
        sent: 12 + i,
        scheduled: 5,
        left: 23 - i,
        held: i === 1 ? { rule: 'outside_window', message: 'outside working hours until 09:00 Europe/Berlin', until: now } : null,
      }));
      return { status: 200, data: { data: { day: '2026-03-01', time_zone: 'Europe/Berlin', total: { limit: 80, sent: 25, scheduled: 10, left: 45 }, account_limit: { limit: 80, source: 'plan', plan: 'Starter', message: "the Starter plan's daily email limit (80) reached" }, mailboxes } } };
    }
    if (url === '/compliance_settings' && method === 'GET') return { status: 200, data: { data: structuredClone(db.compliance) } };
    if (url === '/compliance_settings' && method === 'PUT') {
      const address = typeof body.postal_address === 'string' && body.postal_address.trim() ? body.postal_address.trim() : null;
      db.compliance = { compliance_footer: Boolean(body.compliance_footer), postal_address: address, gdpr_notice: Boolean(body.gdpr_notice), address_missing: Boolean(body.compliance_footer) && !address };
      return { status: 200, data: { data: structuredClone(db.compliance) } };
    }
    if (url === '/domains') return { status: 200, data: { data: db.mailboxes.length ? [domainFixture] : [] } };
    if (url === '/user_emails' && method === 'POST') {
      if (db.createReply) return db.createReply;
      const m = mailboxFixture(db.mailboxes.length + 1, { email: String(body.email), sender_name: String(body.sender_name) });
      db.mailboxes.push(m);
      return { status: 200, data: { data: m } };
    }
    const pause = /^\/user_emails\/(\d+)\/pause$/.exec(url);
    if (pause) {
      const m = db.mailboxes.find((x) => x.id === Number(pause[1]))!;
      Object.assign(m, { status: 'paused', status_reason: 'Paused by you' });
      return { status: 200, data: { data: m } };
    }
    const resume = /^\/user_emails\/(\d+)\/resume$/.exec(url);
    if (resume) {
      const m = db.mailboxes.find((x) => x.id === Number(resume[1]))!;
      Object.assign(m, { status: 'active', status_reason: null, auto_resume_at: null });
      return { status: 200, data: { data: m } };
    }
    const put = /^\/user_emails\/(\d+)$/.exec(url);
    if (put && method === 'PUT') {
      const m = db.mailboxes.find((x) => x.id === Number(put[1]))!;
      Object.assign(m, body, body.auto_resume === false ? { auto_resume_at: null } : {});
      return { status: 200, data: { data: m } };
    }
    return { status: 404, data: { errors: ['Not found'] } };
  });
  return { db, calls, adapter };
}

let original: typeof api.http.defaults.adapter;
let server: ReturnType<typeof fakeServer>;

beforeEach(() => {
  original = api.http.defaults.adapter;
  server = fakeServer();
  api.http.defaults.adapter = server.adapter as AxiosAdapter;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  api.http.defaults.adapter = original;
  vi.restoreAllMocks();
});

const render = () => renderRoute(MailboxesRoute, { path: '/cabinet/mailboxes' });

async function fillGoogle(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.click(within(dialog).getByRole('radio', { name: /Google Workspace/ }));
  await user.type(within(dialog).getByLabelText('Email address'), 'ada@acme.example');
  await user.type(within(dialog).getByLabelText('Sender name'), 'Ada Lovelace');
  await user.type(within(dialog).getByLabelText('SMTP username'), 'ada@acme.example');
  await user.type(within(dialog).getByLabelText('SMTP password'), 'app-password');
}

describe('Mailboxes page', () => {
  it('shows the empty state, then connects a Google Workspace mailbox with the preset', async () => {
    const user = userEvent.setup();
    render();
    expect(screen.getByRole('status', { name: 'Loading mailboxes' })).toBeInTheDocument();
    await screen.findByText('No mailbox connected yet');
    await user.click(screen.getByRole('button', { name: 'Connect a mailbox' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect a mailbox' });
    await fillGoogle(user, dialog);
    expect(within(dialog).getByLabelText('SMTP host')).toHaveValue('smtp.gmail.com');
    expect(within(dialog).getByLabelText('SMTP security')).toHaveValue('tls');
    await user.click(within(dialog).getByRole('button', { name: 'Test and connect' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = server.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({
      email: 'ada@acme.example',
      smtp_host: 'smtp.gmail.com',
      smtp_port: 465,
      smtp_security: 'tls',
      imap_host: 'imap.gmail.com',
      imap_username: 'ada@acme.example',
      imap_password: 'app-password',
      dkim_selector: 'google',
    });
    expect(await screen.findByRole('heading', { name: 'ada@acme.example' })).toBeInTheDocument();
    // The domain's DNS results with advice.
    const domain = await screen.findByLabelText('acme.example: needs attention');
    expect(within(domain).getByText('No SPF record: add one.')).toBeInTheDocument();
    // The fresh check flags the mailbox at once, though the list was read before it.
    expect(screen.getByText(/acme.example fails a DNS check/)).toBeInTheDocument();
  });

  it('warns under a 60-second gap and shows each step of a refused connection with the server’s reply', async () => {
    const user = userEvent.setup();
    const failed: ConnectionTest = {
      ok: false,
      failed_step: 'smtp_auth',
      tested_at: now,
      steps: [
        { step: 'smtp_connect', label: 'SMTP: connect', status: 'passed', message: 'Connected to smtp.gmail.com:465', server_reply: null },
        { step: 'smtp_tls', label: 'SMTP: encryption (TLS)', status: 'passed', message: 'Encrypted from the start (TLS)', server_reply: null },
        { step: 'smtp_auth', label: 'SMTP: sign in (AUTH)', status: 'failed', message: 'The server refused the username or password', server_reply: '535 5.7.8 Username and Password not accepted' },
      ],
    };
    server.db.createReply = { status: 422, data: { errors: ['SMTP: sign in (AUTH) failed: The server refused the username or password'], failed_step: 'smtp_auth', connection_test: failed } };
    render();
    await user.click(await screen.findByRole('button', { name: 'Connect a mailbox' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect a mailbox' });
    await fillGoogle(user, dialog);
    const gap = within(dialog).getByLabelText('Minimum gap (seconds)');
    await user.clear(gap);
    await user.type(gap, '30');
    expect(within(dialog).getByRole('note')).toHaveTextContent('A gap under 60 seconds');
    await user.click(within(dialog).getByRole('button', { name: 'Test and connect' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('SMTP: sign in (AUTH) failed');
    const steps = within(dialog).getByRole('region', { name: 'Connection test' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(3);
    expect(within(steps).getByText(/535 5.7.8 Username and Password not accepted/)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('lists a mailbox with its status and reason, flags a failing domain, and pauses it', async () => {
    const user = userEvent.setup();
    server.db.mailboxes.push(mailboxFixture(1, { domain_failing: true }), mailboxFixture(2, { status: 'failing', status_reason: 'SMTP: sign in (AUTH) failed: password changed' }));
    render();
    expect(await screen.findByText('SMTP: sign in (AUTH) failed: password changed')).toBeInTheDocument();
    expect(screen.getByText('Failing')).toBeInTheDocument();
    expect(screen.getByText(/fails a DNS check/)).toBeInTheDocument();
    // Today's capacity: in total, per mailbox, and what holds an idle one back.
    expect(await screen.findByLabelText("Today's sending capacity")).toHaveTextContent('Today (Europe/Berlin): 45 emails left of 80 · 25 sent · 10 scheduled');
    // The plan's daily limit is smaller than the settings': the panel says it is the plan that caps the day.
    expect(screen.getByLabelText("Today's sending capacity")).toHaveTextContent('Capped by your Starter plan at 80 emails a day.');
    expect(screen.getByLabelText('Today at sender1@acme.example')).toHaveTextContent('Today: 12 of 40 sent · 5 scheduled · 23 left');
    expect(screen.getByLabelText('Today at sender2@acme.example')).toHaveTextContent('Waiting: outside working hours until 09:00 Europe/Berlin');
    await user.click(screen.getAllByRole('button', { name: 'Pause' })[0]!);
    expect(await screen.findByText('Paused by you')).toBeInTheDocument();
  });

  it('a pause of the deliverability rule says why and when it resumes by itself; one that needs a human says so, and Resume works', async () => {
    const user = userEvent.setup();
    const bounced = '2 of 62 emails bounced in 7 days (3.2 %, over 3.0 %): the list holds dead addresses. The bounced ones are on the blacklist; verify the rest of the list before resuming.';
    const at = '2026-03-03T10:00:00.000Z';
    server.db.mailboxes.push(
      mailboxFixture(1, { status: 'paused', status_reason: bounced, auto_resume_at: at }),
      mailboxFixture(2, { status: 'paused', status_reason: `${bounced} It paused again within 14 days of resuming by itself (2026-03-01 09:00 UTC), so it stays paused until you resume it.`, auto_resume_at: null }),
      mailboxFixture(3, { status: 'paused', status_reason: 'Paused by you' }),
    );
    render();
    const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));
    expect(await screen.findByText(`Paused: ${bounced} Resumes automatically at reduced volume on ${when}.`)).toBeInTheDocument();
    expect(screen.getByText(/^Paused: 2 of 62 emails bounced .* so it stays paused until you resume it\. Resume by hand\.$/)).toBeInTheDocument();
    // A pause by the user says only that: it never ends by itself.
    expect(screen.getByText('Paused by you')).toBeInTheDocument();
    expect(screen.queryByText(/Paused: Paused by you/)).not.toBeInTheDocument();
    // The resume button still works on a mailbox that would resume by itself.
    const card = screen.getByRole('heading', { name: 'sender1@acme.example' }).closest('div.space-y-3') as HTMLElement;
    await user.click(within(card).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(server.calls).toContainEqual(expect.objectContaining({ method: 'POST', url: '/user_emails/1/resume' })));
    await waitFor(() => expect(screen.queryByText(/Resumes automatically at reduced volume/)).not.toBeInTheDocument());
  });

  it('a mailbox that resumed by itself shows its reduced limit until when; "resume automatically" is on by default and can be turned off', async () => {
    const user = userEvent.setup();
    server.db.mailboxes.push(mailboxFixture(1, { limit_today: 20, reduced_until: '2026-03-08' }));
    render();
    const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date('2026-03-08T00:00:00Z'));
    expect(await screen.findByText(`(reduced after a pause; full again on ${day})`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit sender1@acme.example' });
    const auto = within(dialog).getByRole('checkbox', { name: /Resume automatically after a deliverability pause/ });
    expect(auto).toBeChecked();
    expect(within(dialog).getByText(/48 hours after too many bounces, complaints or blocks, at 50 % of its daily limit/)).toBeInTheDocument();
    await user.click(auto);
    await user.click(within(dialog).getByRole('button', { name: /Save|Test and save/ }));
    await waitFor(() => expect(server.calls).toContainEqual(expect.objectContaining({ method: 'PUT', url: '/user_emails/1', body: expect.objectContaining({ auto_resume: false }) })));
  });

  it('the compliance footer: on by default, warns without a postal address, saves the address and the GDPR sentence', async () => {
    const user = userEvent.setup();
    render();
    const section = await screen.findByRole('region', { name: 'Compliance footer' });
    expect(await within(section).findByText(/No postal address yet/)).toBeInTheDocument();
    const footer = within(section).getByRole('checkbox', { name: /Add the compliance footer/ });
    expect(footer).toBeChecked();
    const gdpr = within(section).getByRole('checkbox', { name: /GDPR Art\. 14/ });
    expect(gdpr).not.toBeChecked();
    await user.type(within(section).getByLabelText('Postal address of the sender'), 'Hauptstraße 5{Enter}10115 Berlin');
    await user.click(gdpr);
    await user.click(within(section).getByRole('button', { name: 'Save footer' }));
    await waitFor(() => expect(within(section).queryByText(/No postal address yet/)).not.toBeInTheDocument());
    expect(server.calls).toContainEqual(
      expect.objectContaining({ method: 'PUT', url: '/compliance_settings', body: { compliance_footer: true, postal_address: 'Hauptstraße 5\n10115 Berlin', gdpr_notice: true } }),
    );
    expect(within(section).getByRole('status')).toHaveTextContent('Saved');
  });

  it('shows no "Connect with …" button when the server has no OAuth client configured', async () => {
    render();
    await screen.findByText('No mailbox connected yet');
    await waitFor(() => expect(server.calls.some((c) => c.url === '/user_emails/oauth_providers')).toBe(true));
    expect(screen.queryByRole('button', { name: /Connect with/ })).not.toBeInTheDocument();
  });

  it('offers "Connect with Google" only for the configured provider', async () => {
    server.db.oauthProviders = [{ provider: 'google', label: 'Google' }];
    render();
    expect(await screen.findByRole('button', { name: 'Connect with Google' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect with Microsoft' })).not.toBeInTheDocument();
  });

  it('a "Connect with …" button asks the API for the consent URL and sends the browser there', async () => {
    const user = userEvent.setup();
    server.db.oauthProviders = [
      { provider: 'google', label: 'Google' },
      { provider: 'microsoft', label: 'Microsoft' },
    ];
    const visited: string[] = [];
    const Buttons = () => <OAuthConnectButtons navigate={(url) => visited.push(url)} />;
    renderRoute(Buttons);
    await user.click(await screen.findByRole('button', { name: 'Connect with Microsoft' }));
    await waitFor(() => expect(visited).toEqual(['https://accounts.example/authorize?provider=microsoft&state=signed']));
    expect(server.calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/user_emails/oauth/microsoft']);
  });

  it('back from the provider: a connected mailbox says so; a failing one shows the failed step; a refusal says why', async () => {
    server.db.mailboxes.push(
      mailboxFixture(1, { auth_method: 'xoauth2', oauth_provider: 'google' }),
      mailboxFixture(2, {
        auth_method: 'xoauth2',
        oauth_provider: 'google',
        status: 'failing',
        status_reason: 'IMAP: sign in (LOGIN) failed: The server refused the access token',
        last_test: {
          ok: false,
          failed_step: 'imap_login',
          tested_at: now,
          steps: [{ step: 'imap_login', label: 'IMAP: sign in (LOGIN)', status: 'failed', message: 'The server refused the access token', server_reply: 'NO SASL authentication failed' }],
        },
      }),
    );
    const ok = renderRoute(MailboxesRoute, { path: '/cabinet/mailboxes', url: '/cabinet/mailboxes?mailbox_oauth=connected&user_email_id=1' });
    expect((await screen.findByText('sender1@acme.example is connected: every step of the connection test passed.')).closest('[role="status"]')).not.toBeNull();
    expect(screen.getAllByText('OAuth (Google)')).toHaveLength(2);
    ok.unmount();

    const failing = renderRoute(MailboxesRoute, { path: '/cabinet/mailboxes', url: '/cabinet/mailboxes?mailbox_oauth=failing&user_email_id=2' });
    expect((await screen.findByText(/sender2@acme.example was connected, but the connection test failed: IMAP: sign in \(LOGIN\) failed/)).closest('[role="alert"]')).not.toBeNull();
    expect(within(screen.getByRole('region', { name: 'Connection test' })).getByText(/NO SASL authentication failed/)).toBeInTheDocument();
    failing.unmount();

    const user = userEvent.setup();
    const refused = renderRoute(MailboxesRoute, { path: '/cabinet/mailboxes', url: '/cabinet/mailboxes?mailbox_oauth_error=access_denied' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The mailbox was not connected. Access was not granted');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(refused.router.state.location.search).toBe('');
  });
});
