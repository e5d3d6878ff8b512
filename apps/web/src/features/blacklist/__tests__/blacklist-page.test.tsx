import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@web/lib/api';
import { readFileText } from '@web/lib/download';
import { renderRoute } from '@web/testing/render';
import { BlacklistRoute } from '../routes/blacklist';
import { emailFixture, fakeBlacklistServer } from './fake-blacklist-server';

let original: typeof api.http.defaults.adapter;
let server: ReturnType<typeof fakeBlacklistServer>;

beforeEach(() => {
  original = api.http.defaults.adapter;
  server = fakeBlacklistServer();
  api.http.defaults.adapter = server.adapter as AxiosAdapter;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  api.http.defaults.adapter = original;
  vi.restoreAllMocks();
});

const render = () => renderRoute(BlacklistRoute, { path: '/cabinet/blacklist' });
const table = () => screen.getByRole('table', { name: /Blacklisted emails/ });

describe('Blacklist page', () => {
  it('shows loading, then an empty state that says what lands here', async () => {
    render();
    expect(screen.getByRole('status')).toHaveTextContent('Loading blacklisted emails');
    expect(await screen.findByRole('heading', { name: 'No blacklisted emails yet' })).toBeInTheDocument();
    expect(screen.getByText(/unsubscribe and addresses that bounce land here/)).toBeInTheDocument();
  });

  it('shows an error with Try again when the list cannot load', async () => {
    server.db.failList = { status: 500, data: { errors: ['boom'] } };
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your blacklisted emails.');
    server.db.failList = null;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No blacklisted emails yet' })).toBeInTheDocument();
  });

  it('lists unsubscribes and bounces with their reason, source and date', async () => {
    server.db.emails.push(
      emailFixture(1, 'left@acme.com', { reason: 'unsubscribed', details: 'Unsubscribe link' }),
      emailFixture(2, 'gone@acme.com', { reason: 'hard_bounce', details: '550 5.1.1 User unknown' }),
    );
    render();
    await screen.findByRole('table', { name: /Blacklisted emails/ });
    const left = within(table()).getByRole('row', { name: /left@acme\.com/ });
    expect(left).toHaveTextContent('Unsubscribed');
    expect(left).toHaveTextContent('Unsubscribe link');
    expect(left.querySelector('time')).toHaveAttribute('datetime', '2026-03-01T10:01:00.000Z');
    expect(within(table()).getByRole('row', { name: /gone@acme\.com/ })).toHaveTextContent('Hard bounce');
    expect(screen.getByText('2 emails')).toBeInTheDocument();
  });

  it('adds many pasted at once; invalid ones stay in the box with their reason', async () => {
    server.db.emails.push(emailFixture(1, 'known@acme.com'));
    render();
    await screen.findByRole('table', { name: /Blacklisted emails/ });
    await userEvent.click(screen.getByRole('button', { name: 'Add emails' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add emails to the blacklist' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Emails' }), 'ann@acme.com, KNOWN@acme.com{enter}not-an-email{enter}Bob <bob@acme.com>');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to blacklist' }));
    await waitFor(() => expect(server.calls('POST', '/create_blacklisted_emails')).toHaveLength(1));
    expect(server.sent(server.calls('POST', '/create_blacklisted_emails')[0]!)).toEqual({ emails: ['ann@acme.com', 'KNOWN@acme.com', 'not-an-email', 'bob@acme.com'] });
    const outcome = await within(dialog).findByRole('status');
    expect(outcome).toHaveTextContent('2 emails added, 1 already on the list. 1 email was not added:');
    expect(outcome).toHaveTextContent('not-an-email: Not a valid email address');
    expect(within(dialog).getByRole('textbox', { name: 'Emails' })).toHaveValue('not-an-email');
    await userEvent.keyboard('{Escape}');
    expect(await within(table()).findByRole('row', { name: /ann@acme\.com/ })).toBeInTheDocument();
  });

  it('keeps the dialog and its report open when the first entries replace the empty state', async () => {
    render();
    await screen.findByRole('heading', { name: 'No blacklisted emails yet' });
    await userEvent.click(screen.getByRole('button', { name: 'Add emails' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add emails to the blacklist' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Emails' }), 'ann@acme.com nope');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to blacklist' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('1 email added. 1 email was not added:');
    await screen.findByRole('table', { name: /Blacklisted emails/ });
    expect(screen.getByRole('dialog', { name: 'Add emails to the blacklist' })).toBeInTheDocument();
  });

  it('asks for something to add instead of sending an empty list', async () => {
    render();
    await screen.findByRole('heading', { name: 'No blacklisted emails yet' });
    await userEvent.click(screen.getByRole('button', { name: 'Add emails' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add emails to the blacklist' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to blacklist' }));
    expect(within(dialog).getByText('Paste at least one email.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Emails' })).toHaveAttribute('aria-invalid', 'true');
    expect(server.calls('POST', '/create_blacklisted_emails')).toHaveLength(0);
  });

  it('reads the addresses of a CSV file into the box', async () => {
    render();
    await screen.findByRole('heading', { name: 'No blacklisted emails yet' });
    await userEvent.click(screen.getByRole('button', { name: 'Add emails' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add emails to the blacklist' });
    const file = new File(['Name,Email\nAnn,ann@acme.com\nBob,bob@acme.com\n'], 'crm.csv', { type: 'text/csv' });
    await userEvent.upload(within(dialog).getByLabelText('CSV file'), file);
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Emails' })).toHaveValue('ann@acme.com\nbob@acme.com'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to blacklist' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.db.emails.map((e) => e.email)).toEqual(['ann@acme.com', 'bob@acme.com']);
  });

  it('searches and pages', async () => {
    for (let i = 1; i <= 30; i++) server.db.emails.push(emailFixture(i, `p${i}@${i % 2 ? 'odd' : 'even'}.com`));
    render();
    await screen.findByRole('table', { name: /Blacklisted emails/ });
    expect(screen.getByText('30 emails')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Blacklisted emails pages' });
    expect(pages).toHaveTextContent('1–25 of 30');
    await userEvent.click(within(pages).getByRole('button', { name: /Next/ }));
    expect(await within(pages).findByText('26–30 of 30')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search blacklisted emails' }), 'even');
    expect(await screen.findByText('15 emails')).toBeInTheDocument();
    // A new search starts on page 1 (one page: no pager).
    expect(screen.queryByRole('navigation', { name: 'Blacklisted emails pages' })).not.toBeInTheDocument();
    expect(server.calls('GET', '/blacklisted_emails').at(-1)!.params).toEqual({ search: 'even', page: 1, per_page: 25 });
  });

  it('removes one after confirming, warning that the person unsubscribed', async () => {
    server.db.emails.push(emailFixture(1, 'left@acme.com', { reason: 'unsubscribed' }), emailFixture(2, 'keep@acme.com'));
    render();
    await screen.findByRole('table', { name: /Blacklisted emails/ });
    await userEvent.click(screen.getByRole('button', { name: 'Remove left@acme.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove left@acme.com from the blacklist?' });
    expect(dialog).toHaveTextContent('This person unsubscribed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('DELETE', '/remove_email_from_blacklist')[0]!.params).toEqual({ id: 1 });
    await waitFor(() => expect(within(table()).queryByRole('row', { name: /left@acme\.com/ })).not.toBeInTheDocument());
    expect(within(table()).getByRole('row', { name: /keep@acme\.com/ })).toBeInTheDocument();
  });

  it('has a domains tab reached by keyboard, with its own list and add', async () => {
    render();
    await screen.findByRole('heading', { name: 'No blacklisted emails yet' });
    screen.getByRole('tab', { name: 'Emails' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Domains' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { name: 'No blacklisted domains yet' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add domains' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add domains to the blacklist' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Domains' }), '@Rival.io www.partner.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to blacklist' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const domains = await screen.findByRole('table', { name: /Blacklisted domains/ });
    expect(within(domains).getByRole('row', { name: /rival\.io/ })).toBeInTheDocument();
    expect(within(domains).getByRole('row', { name: /partner\.com/ })).toBeInTheDocument();
  });

  it('exports the list as CSV', async () => {
    const created: Blob[] = [];
    const createObjectURL = vi.fn((b: Blob) => (created.push(b), 'blob:csv'));
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(server.calls('GET', '/campaign_emails/export_blacklisted_prospects')).toHaveLength(1);
    expect(await readFileText(created[0]!)).toContain('Type,Email or domain');
  });
});
