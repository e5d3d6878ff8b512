import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SocialPost, SocialPostsSettings } from '@shared/schemas/brand-awareness';
import type { VirtualEmployee } from '@shared/schemas/campaigns';
import { api } from '@web/lib/api';
import { fakeAdapter } from '@web/testing/fake-adapter';
import { renderRoute } from '@web/testing/render';
import { BrandAwarenessRoute } from '../routes/brand-awareness';

const now = '2026-11-25T10:00:00.000Z';
const ve = (id: number, name: string): VirtualEmployee => ({
  id,
  name,
  title: null,
  photo_url: null,
  signature: '',
  user_email_ids: [],
  mailboxes: [],
  person_ids: [],
  created_at: now,
  updated_at: now,
});

let original: typeof api.http.defaults.adapter;
let employees: VirtualEmployee[];
let employeesFail: number;
let settings: SocialPostsSettings;
let posts: SocialPost[];
let calls: Array<{ method: string; url: string; body: Record<string, unknown> }>;

const baseSettings = (): SocialPostsSettings => ({
  virtual_employee_id: 1,
  social_network: 'linkedin',
  enabled: false,
  topics: [],
  posts_per_week: 2,
  days: [2, 4],
  time: '09:30',
  time_zone: 'Europe/Berlin',
  tone: 'professional',
  approval: 'required',
  topic_suggestions: ['Forecasts are late every quarter', 'What we learned building Engine Forecast'],
  profile: {
    virtual_employee_id: 1,
    social_network: 'linkedin',
    status: 'not_connected',
    status_reason: null,
    member_id: null,
    name: null,
    email: null,
    picture_url: null,
    connected_at: null,
    expires_at: null,
    configured: true,
  },
  saved: false,
});

const post = (over: Partial<SocialPost>): SocialPost => ({
  id: 10,
  virtual_employee_id: 1,
  virtual_employee_name: 'Alex Rivers',
  social_network: 'linkedin',
  topic: 'Pipeline hygiene',
  content: 'Pipeline hygiene.\nHere is what we keep seeing.',
  image_url: null,
  status: 'pending_approval',
  scheduled_at: '2036-12-02T08:30:00.000Z',
  published_at: null,
  external_url: null,
  error: null,
  attempts: 0,
  next_attempt_at: null,
  written_by: 'composer',
  approved_at: null,
  created_at: now,
  updated_at: now,
  ...over,
});

function server() {
  return fakeAdapter((c: InternalAxiosRequestConfig) => {
    const url = c.url ?? '';
    const body = c.data ? (JSON.parse(String(c.data)) as Record<string, unknown>) : {};
    if (c.method !== 'get') calls.push({ method: c.method ?? '', url, body });
    if (url === '/virtual_employees') {
      if (employeesFail > 0) {
        employeesFail -= 1;
        return { status: 429, data: { errors: ['Too many requests: try again in a minute'] } };
      }
      return { status: 200, data: { data: employees } };
    }
    if (url === '/virtual_employees/1/social_posts_settings') return { status: 200, data: { data: structuredClone(settings) } };
    if (url === '/virtual_employees/1/update_social_posts_settings') {
      settings = { ...settings, ...(body as Partial<SocialPostsSettings>), saved: true };
      return { status: 200, data: { data: settings } };
    }
    if (url === '/virtual_employees/1/social_network_connect_url') return { status: 200, data: { data: { authorization_url: '#linkedin-consent' } } };
    if (url === '/social_network_posts') return { status: 200, data: { data: structuredClone(posts), meta: { page: 1, per_page: 200, total: posts.length } } };
    if (url === '/social_network_posts/preview_post') {
      return { status: 200, data: { data: { topic: String(c.params?.topic), content: `${String(c.params?.topic)}.\nA preview in a ${String(c.params?.tone)} tone.`, written_by: 'composer' } } };
    }
    const regen = /^\/social_network_posts\/(\d+)\/regenerate$/.exec(url);
    if (regen) {
      const p = posts.find((x) => x.id === Number(regen[1]))!;
      Object.assign(p, { content: 'A fresh take on pipeline hygiene.', updated_at: '2026-11-25T10:05:00.000Z' });
      return { status: 200, data: { data: p } };
    }
    const edit = /^\/social_network_posts\/(\d+)$/.exec(url);
    if (edit) {
      const p = posts.find((x) => x.id === Number(edit[1]))!;
      Object.assign(p, body, { written_by: body.content ? 'user' : p.written_by, error: body.status === 'approved' ? null : p.error, updated_at: '2026-11-25T10:06:00.000Z' });
      return { status: 200, data: { data: p } };
    }
    if (url === '/linkedin_accounts/manage-posts') {
      for (const id of body.post_ids as number[]) posts.find((p) => p.id === id)!.status = 'approved';
      return { status: 200, data: { data: posts.filter((p) => (body.post_ids as number[]).includes(p.id)), unchanged: [] } };
    }
    return { status: 404, data: { errors: ['Not found'] } };
  });
}

beforeEach(() => {
  original = api.http.defaults.adapter;
  employees = [ve(1, 'Alex Rivers')];
  employeesFail = 0;
  settings = baseSettings();
  posts = [];
  calls = [];
  api.http.defaults.adapter = server() as AxiosAdapter;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  api.http.defaults.adapter = original;
  vi.restoreAllMocks();
});

const renderPage = (url = '/cabinet/brand-awareness') => renderRoute(BrandAwarenessRoute, { path: '/cabinet/brand-awareness', url });

describe('Brand awareness page', () => {
  it('says how to start when there is no virtual employee, and offers a retry when the list fails', async () => {
    employees = [];
    employeesFail = 1;
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText('Could not load the virtual employees.')).toBeInTheDocument();
    expect(screen.getByText('Too many requests: try again in a minute')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No virtual employee yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a virtual employee' })).toHaveAttribute('href', '/cabinet/agents');
  });

  it('connects LinkedIn for the virtual employee and shows what LinkedIn answered on the way back', async () => {
    const user = userEvent.setup();
    renderPage('/cabinet/brand-awareness?social_connect_error=access_denied&virtual_employee_id=1');
    expect(await screen.findByText('LinkedIn was not connected. LinkedIn access was not granted.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/LinkedIn was not connected/)).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Connect LinkedIn' }));
    expect(calls).toContainEqual({ method: 'post', url: '/virtual_employees/1/social_network_connect_url', body: { social_network: 'linkedin' } });
    // The browser goes to LinkedIn's consent page (here a same-page address jsdom can follow).
    await vi.waitFor(() => expect(window.location.hash).toBe('#linkedin-consent'));
    expect(await screen.findByText('No posts planned')).toBeInTheDocument();
  });

  it('shows an expired connection with its reason and a way to reconnect', async () => {
    settings.profile = { ...settings.profile, status: 'expired', status_reason: "LinkedIn access expired or was revoked: reconnect Alex Rivers's LinkedIn to publish again", name: 'Alex Rivers', email: 'alex@acme.example' };
    renderPage();
    expect(await screen.findByText(/LinkedIn access expired or was revoked/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reconnect LinkedIn' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unlink' })).toBeInTheDocument();
  });

  it('saves the settings from suggested topics, days, time and approval, and previews a post', async () => {
    const user = userEvent.setup();
    renderPage();
    const form = await screen.findByRole('form', { name: 'Posting settings' });
    await user.click(within(form).getByRole('checkbox', { name: 'Post on LinkedIn' }));
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Choose at least one topic to post about.');

    await user.click(within(form).getByRole('button', { name: 'Forecasts are late every quarter' }));
    await user.type(within(form).getByLabelText('Your own topic'), 'Pipeline hygiene');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(within(within(form).getByRole('list', { name: 'Chosen topics' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Forecasts are late every quarter', 'Pipeline hygiene']);
    await user.selectOptions(within(form).getByLabelText('Posts per week'), '3');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Choose at least 3 days for 3 posts a week.');
    await user.click(within(form).getByRole('checkbox', { name: 'Fri' }));
    await user.selectOptions(within(form).getByLabelText('Tone'), 'bold');
    await user.click(within(form).getByRole('radio', { name: 'Publish automatically at the planned time' }));
    await user.clear(within(form).getByLabelText('Time zone'));
    await user.type(within(form).getByLabelText('Time zone'), 'Europe/Berlin');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await within(form).findByText('Saved. The coming week is being planned.')).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({
      method: 'put',
      url: '/virtual_employees/1/update_social_posts_settings',
      body: { social_network: 'linkedin', enabled: true, topics: ['Forecasts are late every quarter', 'Pipeline hygiene'], posts_per_week: 3, days: [2, 4, 5], time: '09:30', time_zone: 'Europe/Berlin', tone: 'bold', approval: 'automatic' },
    });

    await user.click(within(form).getByRole('button', { name: 'Preview a post' }));
    const preview = await within(form).findByRole('figure', { name: 'Preview' });
    expect(preview).toHaveTextContent('A preview in a bold tone.');
  });

  it('lists the planned posts and manages one in the side panel: edit, regenerate, approve, skip', async () => {
    settings = { ...baseSettings(), enabled: true, topics: ['Pipeline hygiene'], saved: true };
    posts = [
      post({ id: 10 }),
      post({ id: 11, scheduled_at: '2036-12-04T08:30:00.000Z', topic: 'Forecasts', content: 'Forecasts are late.', status: 'paused', error: "LinkedIn access expired or was revoked: reconnect Alex Rivers's LinkedIn to publish again" }),
    ];
    const user = userEvent.setup();
    renderPage();
    const calendar = await screen.findByRole('heading', { name: 'Posts' });
    expect(calendar).toBeInTheDocument();
    expect(screen.getByText(/LinkedIn access expired or was revoked/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /· Pipeline hygiene/ }));
    const panel = await screen.findByRole('dialog', { name: 'Manage automated post' });
    expect(within(panel).getByRole('figure', { name: 'Preview on LinkedIn' })).toHaveTextContent('Here is what we keep seeing.');

    await user.click(within(panel).getByRole('button', { name: 'Regenerate' }));
    expect(await within(panel).findByDisplayValue('A fresh take on pipeline hygiene.')).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'put', url: '/social_network_posts/10/regenerate', body: {} });

    const text = within(panel).getByLabelText('Text');
    await user.clear(text);
    await user.type(text, 'My own words on hygiene.');
    expect(within(panel).getByRole('figure', { name: 'Preview on LinkedIn' })).toHaveTextContent('My own words on hygiene.');
    await user.click(within(panel).getByRole('button', { name: 'Approve' }));
    expect(await within(panel).findByText('Approved')).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({ method: 'put', url: '/social_network_posts/10', body: { content: 'My own words on hygiene.', status: 'approved' } });
    await user.click(within(panel).getByRole('button', { name: 'Skip' }));
    expect(calls.at(-1)).toEqual({ method: 'put', url: '/social_network_posts/10', body: { status: 'skipped' } });
    await user.click(within(panel).getByRole('button', { name: 'Close panel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('approves every post waiting for approval at once', async () => {
    settings = { ...baseSettings(), enabled: true, topics: ['Pipeline hygiene'], saved: true };
    posts = [post({ id: 10 }), post({ id: 12, scheduled_at: '2036-12-04T08:30:00.000Z' })];
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Approve all 2 waiting' }));
    expect(calls).toContainEqual({ method: 'put', url: '/linkedin_accounts/manage-posts', body: { post_ids: [10, 12], action: 'approve' } });
    expect(await screen.findAllByText('Approved')).toHaveLength(2);
  });
});
