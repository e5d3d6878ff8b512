import type { InternalAxiosRequestConfig } from 'axios';
import type { EmailThread, EmailThreadMessage, EmailThreadStats } from '@shared/schemas/email-threads';
import { REPLY_STATUSES } from '@shared/schemas/inbox';
import { fakeAdapter, type FakeReply } from '@web/testing/fake-adapter';

const at = (i: number) => new Date(Date.UTC(2026, 10, 20, 9, i)).toISOString();

export const threadFixture = (id: number, over: Partial<EmailThread> = {}): EmailThread => ({
  id,
  prospect_email: `p${id}@acme.com`,
  reply_status: 'interested',
  reply_status_source: 'rules',
  interested: true,
  stop_sending: false,
  subject: `Re: Idea ${id}`,
  last_message_at: at(60 - (id % 60)),
  replied_at: at(60 - (id % 60)),
  unread: true,
  starred: false,
  user_email_id: 1,
  prospect: { id: 1000 + id, name: `Prospect ${id}`, company: `Company ${id}`, title: null },
  campaign: { id: 7, name: 'Q4 outreach' },
  virtual_employee: null,
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
  ...over,
});

type Filters = Record<string, unknown>;

/** An in-memory inbox API behind the fake axios adapter (filters: the ones the tests use, as the API reads them). */
export function fakeInboxServer() {
  const db = {
    threads: [] as EmailThread[],
    messages: [] as EmailThreadMessage[],
    mailboxes: [{ id: 1, email: 'me@ours.com' }] as Array<{ id: number; email: string }>,
    campaigns: [{ id: 7, name: 'Q4 outreach', status: 'running' }] as Array<{ id: number; name: string; status: string }>,
    failList: null as FakeReply | null,
    draft: { status: 200, data: { data: { text: 'Hi Ann,\n\nHappy to show you a demo on Tuesday.', html: '<p>Hi Ann,</p>', provider: 'builtin' } } } as FakeReply,
    csv: 'Email,Subject\r\n',
  };
  let nextId = 9000;
  const body = (c: InternalAxiosRequestConfig) => (c.data ? (JSON.parse(String(c.data)) as Record<string, unknown>) : {});

  const matches = (t: EmailThread, f: Filters) => {
    if (f.by_unread !== undefined && t.unread !== f.by_unread) return false;
    if (f.by_starred !== undefined && t.starred !== f.by_starred) return false;
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
      by_reply_status: by,
    };
  };

  const adapter = fakeAdapter((c) => {
    const url = c.url ?? '';
    const method = (c.method ?? 'get').toUpperCase();
    const p = (c.params ?? {}) as { page?: number; per_page?: number; filters?: string };
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
    if (method === 'GET' && url === '/virtual_employees') return { status: 200, data: { data: [] } };
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
        Object.assign(thread, body(c));
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
