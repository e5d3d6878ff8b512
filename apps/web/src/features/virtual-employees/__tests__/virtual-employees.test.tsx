import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_AUTO_COMMUNICATION_SETTINGS } from '@shared/schemas/auto-communication';
import type { VirtualEmployee } from '@shared/schemas/campaigns';
import { api } from '@web/lib/api';
import { fakeAdapter } from '@web/testing/fake-adapter';
import { renderRoute } from '@web/testing/render';
import { AgentsRoute } from '../routes/agents';

const now = '2026-11-25T10:00:00.000Z';
let original: typeof api.http.defaults.adapter;
let employees: VirtualEmployee[];
let posted: Array<{ method: string; url: string; body: Record<string, unknown> }>;

function server() {
  return fakeAdapter((c: InternalAxiosRequestConfig) => {
    const url = c.url ?? '';
    const body = c.data ? (JSON.parse(String(c.data)) as Record<string, unknown>) : {};
    if (c.method !== 'get') posted.push({ method: c.method ?? '', url, body });
    if (url === '/auto_communication_settings') return { status: 200, data: { data: DEFAULT_AUTO_COMMUNICATION_SETTINGS } };
    if (url === '/user_emails') return { status: 200, data: { data: [{ id: 7, email: 'ada@acme.example', status: 'active' }] } };
    if (url === '/persons') return { status: 200, data: { data: [{ id: 3, name: 'CFOs' }], meta: { page: 1, per_page: 100, total: 1 } } };
    if (url === '/virtual_employees' && c.method === 'get') return { status: 200, data: { data: structuredClone(employees) } };
    if (url === '/virtual_employees' && c.method === 'post') {
      if (!body.name) return { status: 422, data: { errors: ['Name is required'] } };
      const ve: VirtualEmployee = {
        id: employees.length + 1,
        name: String(body.name),
        title: (body.title as string) ?? null,
        photo_url: null,
        signature: '',
        user_email_ids: body.user_email_ids as number[],
        mailboxes: [{ id: 7, email: 'ada@acme.example', status: 'active' }],
        person_ids: (body.person_ids as number[]) ?? [],
        created_at: now,
        updated_at: now,
      };
      employees.push(ve);
      return { status: 200, data: { data: ve } };
    }
    const put = /^\/virtual_employees\/(\d+)$/.exec(url);
    if (put) {
      const ve = employees.find((e) => e.id === Number(put[1]))!;
      Object.assign(ve, { name: body.name, title: body.title });
      return { status: 200, data: { data: ve } };
    }
    return { status: 404, data: { errors: ['Not found'] } };
  });
}

beforeEach(() => {
  original = api.http.defaults.adapter;
  employees = [];
  posted = [];
  api.http.defaults.adapter = server() as AxiosAdapter;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  api.http.defaults.adapter = original;
  vi.restoreAllMocks();
});

describe('Virtual employees on Edit agents', () => {
  it('shows the empty state, creates one with a mailbox and a persona, then edits it', async () => {
    const user = userEvent.setup();
    renderRoute(AgentsRoute, { path: '/cabinet/agents' });
    expect(await screen.findByRole('heading', { name: 'No virtual employee yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /New virtual employee/ }));
    const dialog = await screen.findByRole('dialog', { name: 'New virtual employee' });
    await user.click(await within(dialog).findByRole('button', { name: 'Create' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Name is required');
    await user.type(within(dialog).getByLabelText('Name'), 'Alex Rivers');
    await user.type(within(dialog).getByLabelText('Title'), 'SDR');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose at least one mailbox');
    await user.click(within(dialog).getByRole('checkbox', { name: /ada@acme.example/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'CFOs' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Alex Rivers')).toBeInTheDocument();
    expect(posted).toContainEqual({ method: 'post', url: '/virtual_employees', body: { name: 'Alex Rivers', title: 'SDR', photo_url: null, signature: '', user_email_ids: [7], person_ids: [3] } });

    await user.click(screen.getByRole('button', { name: 'Edit Alex Rivers' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit virtual employee' });
    const name = await within(edit).findByLabelText('Name');
    expect(name).toHaveValue('Alex Rivers');
    await user.clear(name);
    await user.type(name, 'Alex R.{Enter}');
    expect(await screen.findByText('Alex R.')).toBeInTheDocument();
    expect(posted.at(-1)).toMatchObject({ method: 'put', url: '/virtual_employees/1', body: { name: 'Alex R.' } });
  });
});
