import type { InternalAxiosRequestConfig } from 'axios';
import type { CampaignEmailDetail } from '@shared/schemas/campaigns';
import type { ActivityItem } from '@shared/schemas/dashboard';
import { AGENT_ANSWER_STOPPED_BY_USER, type EmailThread, type EmailThreadMessage, type EmailThreadStats, type ReplyStatusCorrections } from '@shared/schemas/email-threads';
import { ENROLMENT_OUTCOMES, INTERACTION_CHANNELS, INTERACTION_DIRECTIONS, INTERACTION_KIND_INFO, INTERACTION_KINDS, type Interaction, type InteractionsStats, type PersonOfferingInfo } from '@shared/schemas/interactions';
import { REPLY_STATUSES } from '@shared/schemas/inbox';
import { checkClaims } from '@shared/claims/check';
import { fakeAdapter, type FakeReply } from '@web/testing/fake-adapter';

const at = (i: number) => new Date(Date.UTC(2026, 10, 20, 9, i)).toISOString();

export const threadFixture = (id: number, over: Partial<EmailThread> = {}): EmailThread => ({
  id,
  prospect_email: `p${id}@acme.com`,
  reply_status: 'interested',
  reply_status_source: 'rules',
  interested: true,
  stop_sending: false,
  needs_review: false,
  subject: `Re: Idea ${id}`,
  last_message_at: at(60 - (id % 60)),
  replied_at: at(60 - (id % 60)),
  unread: true,
  starred: false,
  user_email_id: 1,
  prospect: { id: 1000 + id, name: `Prospect ${id}`, company: `Company ${id}`, title: null },
  campaign: { id: 7, name: 'Q4 outreach' },
  virtual_employee: null,
  campaign_email_id: 500 + id,
  last_message: { id: id * 10 + 1, direction: 'inbound', kind: 'human', from: `p${id}@acme.com`, snippet: `Snippet of thread ${id}`, sent_at: at(1) },
  created_at: at(0),
  ...over,
});

export const messageFixture = (id: number, threadId: number, over: Partial<EmailThreadMessage> = {}): EmailThreadMessage => ({
  id,
  thread_id: threadId,
  direction: 'inbound',
  kind: 'human',
  from: `p${threadId}@acme.com`,
  from_name: `Prospect ${threadId}`,
  to: ['me@ours.com'],
  cc: [],
  subject: `Re: Idea ${threadId}`,
  text: 'Sounds good.',
  html: null,
  sent_at: at(id),
  from_colleague: false,
  source: null,
  campaign_email_id: null,
  agent_answer: null,
  needs_review: false,
  ...over,
});

export const interactionFixture = (id: number, over: Partial<Interaction> = {}): Interaction => ({
  id,
  kind: 'email_sent',
  channel: 'email',
  direction: 'outbound',
  occurred_at: at(60 - (id % 60)),
  summary: `Step 1 sent to Prospect ${id}`,
  detail: null,
  actor: { type: 'virtual_employee', name: 'Ada Agent' },
  prospect: { id: 1000 + id, name: `Prospect ${id}`, email: `p${id}@acme.com`, company: `Company ${id}`, title: 'CFO' },
  campaign: { id: 7, name: 'Q4 outreach' },
  virtual_employee: { id: 3, name: 'Ada Agent' },
  enrolment_id: 300 + id,
  campaign_email_id: 500 + id,
  step: 1,
  subject: `Idea ${id}`,
  snippet: null,
  thread: null,
  message_source: 'campaign',
  ...over,
});

/** GET campaign_emails/{id}: the email of thread `id` (campaign_email_id 500 + id) with its context. */
export const detailFixture = (emailId: number, over: Partial<CampaignEmailDetail> = {}): CampaignEmailDetail => ({
  id: emailId,
  campaign_id: 7,
  campaign_name: 'Q4 outreach',
  enrolment_id: 300,
  step: 1,
  delay_days: 0,
  variant_index: null,
  prospect_id: emailId + 500,
  prospect_name: `Prospect ${emailId - 500}`,
  prospect_company: `Company ${emailId - 500}`,
  virtual_employee_id: 3,
  user_email_id: 1,
  from_email: 'me@ours.com',
  to_email: `p${emailId - 500}@acme.com`,
  subject: 'Idea',
  body_html: '<p>Hi</p>',
  body_text: 'Hi',
  message_id: '<1@ours.com>',
  in_reply_to: null,
  references: null,
  status: 'sent',
  status_reason: null,
  claim_flags: [],
  due_at: at(0),
  approved_at: at(0),
  sent_at: at(1),
  created_at: at(0),
  updated_at: at(1),
  campaign_status: 'running',
  persona: { id: 4, name: 'CFOs' },
  virtual_employee: { id: 3, name: 'Ada Agent', title: 'SDR' },
  enrolment: { id: 300, status: 'stopped', email: `p${emailId - 500}@acme.com`, stop_reason: 'The prospect replied', stopped_at: at(5), created_at: at(0), outcome: 'interested', step_reached: 1, last_touch_at: at(1) },
  sequence: [
    { step: 1, channel: 'email', delay_days: 0, campaign_email_id: emailId, status: 'sent', status_reason: null, subject: 'Idea', due_at: at(0), send_after: null, sent_at: at(1) },
    { step: 2, channel: 'email', delay_days: 3, campaign_email_id: emailId + 1, status: 'cancelled', status_reason: 'The prospect replied', subject: 'Re: Idea', due_at: null, send_after: null, sent_at: null },
    { step: 3, channel: 'email', delay_days: 7, campaign_email_id: null, status: null, status_reason: null, subject: null, due_at: null, send_after: null, sent_at: null },
  ],
  thread: { id: emailId - 500, reply_status: 'interested', replied_at: at(5), unread: false, stop_sending: true },
  ...over,
});

export const personOfferingFixture = (emailId: number, over: Partial<PersonOfferingInfo> = {}): PersonOfferingInfo => ({
  campaign_email_id: emailId,
  campaign: { id: 7, name: 'Q4 outreach', status: 'running' },
  prospect: {
    id: emailId + 500,
    full_name: `Prospect ${emailId - 500}`,
    email: `p${emailId - 500}@acme.com`,
    title: 'CFO',
    headline: null,
    company: `Company ${emailId - 500}`,
    company_domain: 'acme.com',
    industry: 'Software',
    location: 'Berlin',
    country: 'Germany',
    linkedin_url: 'https://www.linkedin.com/in/prospect/',
    photo_url: null,
    source: 'import',
    created_at: at(0),
  },
  persona: { id: 4, name: 'CFOs', description: 'Finance leaders of mid-size SaaS', figures: { prospects: 40, contacted: 32, replied: 8, reply_rate: 25, interested: 3, in_sequence: 12 } },
  offering: { id: 2, name: 'Pipeline Radar', description: 'Finds the deals that stall.', price_min: 400, price_max: 900, currency: 'EUR', price_period: 'monthly', url: 'https://radar.example/' },
  messaging_setting: { id: 9, own: true, language: 'en', tone_voice: 'Friendly' },
  virtual_employee: { id: 3, name: 'Ada Agent', title: 'SDR' },
  ...over,
});

export const activityFixture = (id: number, prospectId: number, over: Partial<ActivityItem> = {}): ActivityItem => ({
  id,
  verb: 'email_sent',
  description: `Entry ${id} for prospect ${prospectId}`,
  actor: { type: 'virtual_employee', name: 'Virtual employee' },
  channel: 'email',
  prospect: { id: prospectId, name: `Prospect ${prospectId - 1000}`, company: null },
  persona: { id: 4, name: 'CFOs' },
  occurred_at: at(id % 60),
  ...over,
});

type Filters = Record<string, unknown>;

const ids = (v: unknown) => (Array.isArray(v) ? v : v === undefined ? [] : [v]) as unknown[];

/** An in-memory inbox API behind the fake axios adapter (filters: the ones the tests use, as the API reads them). */
export function fakeInboxServer() {
  const db = {
    threads: [] as EmailThread[],
    messages: [] as EmailThreadMessage[],
    mailboxes: [{ id: 1, email: 'me@ours.com' }] as Array<{ id: number; email: string }>,
    campaigns: [{ id: 7, name: 'Q4 outreach', status: 'running' }] as Array<{ id: number; name: string; status: string }>,
    failList: null as FakeReply | null,
    /** What POST replies/{id}/skip_agent_answer answers instead of stopping (e.g. a 409: it is being sent). */
    failSkip: null as FakeReply | null,
    draft: { status: 200, data: { data: { text: 'Hi Ann,\n\nHappy to show you a demo on Tuesday.', html: '<p>Hi Ann,</p>', provider: 'builtin' } } } as FakeReply,
    csv: 'Email,Subject\r\n',
    interactions: [] as Interaction[],
    details: new Map<number, CampaignEmailDetail | FakeReply>(),
    personOffering: new Map<number, PersonOfferingInfo | FakeReply>(),
    activity: [] as ActivityItem[],
    /** GET reply_status_corrections answers this (null: the real shape with nothing corrected). */
    corrections: null as ReplyStatusCorrections['data'] | FakeReply | null,
    /** The approved claims POST claims_check compares with (through the real shared check), beside the thread's prospect. */
    claims: [] as Array<{ text: string }>,
  };
  let nextId = 9000;
  const body = (c: InternalAxiosRequestConfig) => (c.data ? (JSON.parse(String(c.data)) as Record<string, unknown>) : {});

  const matches = (t: EmailThread, f: Filters) => {
    if (f.by_unread !== undefined && t.unread !== f.by_unread) return false;
    if (f.by_starred !== undefined && t.starred !== f.by_starred) return false;
    if (f.by_needs_review !== undefined && t.needs_review !== f.by_needs_review) return false;
    if (f.by_reply_status && t.reply_status !== f.by_reply_status) return false;
    if (Array.isArray(f.by_reply_statuses) && !f.by_reply_statuses.includes(t.reply_status)) return false;
    const q = typeof f.by_search_query === 'string' ? f.by_search_query.toLowerCase() : '';
    if (q && ![t.prospect_email, t.prospect?.name ?? '', t.subject].some((s) => s.toLowerCase().includes(q))) return false;
    return true;
  };

  const stats = (): EmailThreadStats => {
    const by = Object.fromEntries([...REPLY_STATUSES, 'unclassified'].map((s) => [s, 0])) as EmailThreadStats['by_reply_status'];
    for (const t of db.threads) by[t.reply_status ?? 'unclassified']++;
    return {
      total: db.threads.length,
      unread: db.threads.filter((t) => t.unread).length,
      starred: db.threads.filter((t) => t.starred).length,
      stopped: db.threads.filter((t) => t.stop_sending).length,
      interested: db.threads.filter((t) => t.interested).length,
      needs_review: db.threads.filter((t) => t.needs_review).length,
      by_reply_status: by,
    };
  };

  const interactionMatches = (i: Interaction, f: Filters) => {
    if (f.by_kinds !== undefined && !ids(f.by_kinds).includes(i.kind)) return false;
    if (f.by_prospect !== undefined && !ids(f.by_prospect).includes(i.prospect?.id)) return false;
    if (f.by_campaign !== undefined && !ids(f.by_campaign).includes(i.campaign?.id)) return false;
    if (f.by_channels !== undefined && !ids(f.by_channels).includes(i.channel)) return false;
    return true;
  };

  const interactionStats = (list: Interaction[]): InteractionsStats => {
    const count = <K extends string>(keys: readonly K[], of: (i: Interaction) => K) => Object.fromEntries(keys.map((k) => [k, list.filter((i) => of(i) === k).length])) as Record<K, number>;
    return {
      total: list.length,
      prospects: new Set(list.map((i) => i.prospect?.id)).size,
      by_channel: count(INTERACTION_CHANNELS, (i) => i.channel),
      by_direction: count(INTERACTION_DIRECTIONS, (i) => INTERACTION_KIND_INFO[i.kind].direction),
      by_kind: count(INTERACTION_KINDS, (i) => i.kind),
      enrolments: new Set(list.map((i) => i.enrolment_id)).size,
      by_outcome: { ...(Object.fromEntries(ENROLMENT_OUTCOMES.map((o) => [o, 0])) as InteractionsStats['by_outcome']), in_sequence: new Set(list.map((i) => i.enrolment_id)).size },
      reply_rate: 0,
    };
  };

  const adapter = fakeAdapter((c) => {
    const url = c.url ?? '';
    const method = (c.method ?? 'get').toUpperCase();
    const p = (c.params ?? {}) as { page?: number; per_page?: number; filters?: string; interaction_view?: string; prospect_id?: number };
    if (method === 'GET' && url === '/campaign_emails' && p.interaction_view === 'interactions') {
      const f = p.filters ? (JSON.parse(p.filters) as Filters) : {};
      const list = db.interactions.filter((i) => interactionMatches(i, f));
      const perPage = p.per_page ?? 25;
      const n = p.page ?? 1;
      return { status: 200, data: { data: structuredClone(list.slice((n - 1) * perPage, n * perPage)), meta: { page: n, per_page: perPage, total: list.length } } };
    }
    if (method === 'GET' && url === '/campaign_emails/interactions_stats') {
      const f = p.filters ? (JSON.parse(p.filters) as Filters) : {};
      return { status: 200, data: { data: interactionStats(db.interactions.filter((i) => interactionMatches(i, f))) } };
    }
    const email = /^\/campaign_emails\/(\d+)(\/person_offering_info)?$/.exec(url);
    if (method === 'GET' && email) {
      const found = (email[2] ? db.personOffering : db.details).get(Number(email[1]));
      if (!found) return { status: 404, data: { errors: ['Campaign email not found'] } };
      return 'status' in found && typeof found.status === 'number' ? (found as FakeReply) : { status: 200, data: { data: structuredClone(found) } };
    }
    if (method === 'GET' && url === '/insights/performance/target_audience') {
      // The persona panel reads the Insights page's target audience by persona (last 52 weeks).
      const interval = (rate: number, low: number, high: number) => ({ rate, low, high });
      return {
        status: 200,
        data: {
          data: {
            freshness: { as_of: '2027-01-04T10:00:00.000Z', stale: false, computed_in_ms: 9 },
            period: 'year',
            range: { from: '2026-01-05T00:00:00.000Z', to: '2027-01-04T10:00:00.000Z' },
            statistic_name: 'persona',
            label: 'Persona',
            min_sample: 30,
            values: [
              { value: 'cfos', contacted: 32, replied: 8, positive: 3, meetings: 1, enough_data: true, reply_rate: interval(0.25, 0.133, 0.419), positive_rate: interval(0.094, 0.032, 0.242), meeting_rate: interval(0.031, 0.006, 0.157) },
              { value: 'Founders', contacted: 4, replied: 1, positive: 0, meetings: 0, enough_data: false, reply_rate: interval(0, 0, 0), positive_rate: interval(0, 0, 0), meeting_rate: interval(0, 0, 0) },
            ],
          },
        },
      };
    }
    if (method === 'GET' && url === '/activity_list') {
      const list = db.activity.filter((a) => p.prospect_id === undefined || a.prospect?.id === Number(p.prospect_id));
      const perPage = p.per_page ?? 20;
      return { status: 200, data: { data: structuredClone(list.slice(0, perPage)), meta: { page: 1, per_page: perPage, total: list.length } } };
    }
    if (method === 'GET' && url === '/email_threads') {
      if (db.failList) return db.failList;
      const f = p.filters ? (JSON.parse(p.filters) as Filters) : {};
      const list = db.threads.filter((t) => matches(t, f));
      const perPage = p.per_page ?? 25;
      const n = p.page ?? 1;
      return { status: 200, data: { data: structuredClone(list.slice((n - 1) * perPage, n * perPage)), meta: { page: n, per_page: perPage, total: list.length, next_cursor: null } } };
    }
    if (method === 'GET' && url === '/email_threads/stats') return { status: 200, data: { data: stats() } };
    if (method === 'GET' && url === '/email_threads/export_to_csv') return { status: 200, data: db.csv };
    if (method === 'GET' && url === '/user_emails') return { status: 200, data: { data: db.mailboxes } };
    if (method === 'GET' && url === '/campaigns') return { status: 200, data: { data: db.campaigns } };
    if (method === 'GET' && url === '/persons') return { status: 200, data: { data: [], meta: { page: 1, per_page: 100, total: 0 } } };
    if (method === 'GET' && url === '/reply_status_corrections') {
      const c = db.corrections ?? REPLY_STATUSES.map((label) => ({ label, given: 0, corrected: 0, corrected_to: [] }));
      return Array.isArray(c) ? { status: 200, data: { data: structuredClone(c) } } : c;
    }
    if (method === 'GET' && url === '/virtual_employees') return { status: 200, data: { data: [] } };
    const skip = /^\/replies\/(\d+)\/skip_agent_answer$/.exec(url);
    if (skip && method === 'POST') {
      if (db.failSkip) return db.failSkip;
      const reply = db.messages.find((x) => x.id === Number(skip[1]) && x.direction === 'inbound');
      if (!reply) return { status: 404, data: { errors: ['Reply not found'] } };
      const state = reply.agent_answer?.state;
      if (state === 'scheduled') reply.agent_answer = { ...reply.agent_answer!, state: 'skipped', reason: AGENT_ANSWER_STOPPED_BY_USER };
      else if (state !== 'skipped') return { status: 409, data: { errors: [state === 'sent' ? "The agent's answer was already sent" : 'The agent has no answer waiting for this reply'] } };
      return { status: 200, data: { data: structuredClone(reply) } };
    }
    if (url === '/claims_check' && method === 'POST') {
      const b = body(c);
      const thread = db.threads.find((t) => t.id === b.email_thread_id);
      const facts = thread ? [thread.prospect?.name, thread.prospect?.company, ...db.messages.filter((x) => x.thread_id === thread.id && x.direction === 'inbound').map((x) => x.text)] : [];
      return { status: 200, data: { data: { flags: checkClaims(String(b.body ?? ''), { claims: db.claims, facts }), claims_compared: db.claims.length } } };
    }
    const m = /^\/email_thread(?:s|_messages)\/(\d+)(\/[a-z_]+)?$/.exec(url);
    if (m) {
      const id = Number(m[1]);
      const thread = db.threads.find((t) => t.id === id);
      if (!thread) return { status: 404, data: { errors: ['Thread not found'] } };
      const action = m[2] ?? '';
      if (url.startsWith('/email_thread_messages/') && method === 'GET') {
        return { status: 200, data: { data: structuredClone(db.messages.filter((x) => x.thread_id === id).sort((a, b) => a.sent_at.localeCompare(b.sent_at))) } };
      }
      if (!action && method === 'GET') return { status: 200, data: { data: structuredClone(thread) } };
      if (!action && method === 'PUT') {
        const b = body(c);
        Object.assign(thread, b);
        // The user's status decides a thread that needs review (the API clears the mark).
        if (b.reply_status !== undefined || b.interested !== undefined) thread.needs_review = false;
        return { status: 200, data: { data: structuredClone(thread) } };
      }
      if (action === '/mark_stop_sending' && method === 'PUT') {
        thread.stop_sending = true;
        return { status: 200, data: { data: structuredClone(thread) } };
      }
      if (action === '/reply_text' && method === 'POST') return db.draft;
      if (action === '/send_reply' && method === 'POST') {
        const text = String(body(c).body ?? '');
        if (!text.trim()) return { status: 422, data: { errors: ['Write an answer first'] } };
        const msg = messageFixture(nextId++, id, { direction: 'outbound', from: 'me@ours.com', from_name: 'Me', text, sent_at: new Date(Date.UTC(2026, 10, 21)).toISOString(), source: 'inbox' });
        db.messages.push(msg);
        return { status: 200, data: { data: structuredClone(msg) } };
      }
    }
    return { status: 404, data: { errors: [`No fake for ${method} ${url}`] } };
  });

  const calls = (method: string, url: string) => adapter.calls.filter((c) => (c.method ?? 'get').toUpperCase() === method && c.url === url);
  return { db, adapter, calls, sent: (c: InternalAxiosRequestConfig) => body(c) };
}
