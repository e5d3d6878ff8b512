import type { InternalAxiosRequestConfig } from 'axios';
import { PIPELINE_STATUSES, type PipelineCounts, type PipelineMove, type PipelineProspect, type PipelineStatus } from '@shared/schemas/pipeline';
import { fakeAdapter, type FakeReply } from '@web/testing/fake-adapter';
import { userFixture } from '@web/testing/user-fixture';

export const ME = 7;
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

export const cardFixture = (id: number, status: PipelineStatus, over: Partial<PipelineProspect> = {}): PipelineProspect => ({
  id,
  pipeline_status: status,
  set_by_hand: false,
  entered_at: at(id),
  created_at: at(600),
  prospect: { id: 1000 + id, name: `Prospect ${id}`, email: `p${id}@acme.test`, title: 'VP Sales', company: `Company ${id}` },
  thread_id: 500 + id,
  reply_status: 'interested',
  campaign: { id: 3, name: 'Q4 outreach' },
  last_message: { snippet: `Snippet of ${id}`, direction: 'inbound', sent_at: at(120) },
  moves_count: 1,
  recent_moves: [{ id: id * 100, from: null, to: status, actor: { type: 'system', id: null, name: null }, source: 'reply', reason: 'Replied with interest', at: at(120), undone: false }],
  undoable_move_id: null,
  deal_value: null,
  expected_close_on: null,
  ...over,
});

/** An in-memory pipeline API behind the fake axios adapter, answering as the server does (columns newest first, counts, moves, undo). */
export function fakePipelineServer() {
  const db = {
    cards: [] as PipelineProspect[],
    fail: null as FakeReply | null,
    /** The answer to a move, instead of moving. */
    refuseMove: null as FakeReply | null,
  };
  let nextMove = 90_000;
  const body = (c: InternalAxiosRequestConfig) => (c.data ? (JSON.parse(String(c.data)) as Record<string, unknown>) : {});
  const counts = (): PipelineCounts => Object.fromEntries(PIPELINE_STATUSES.map((s) => [s, db.cards.filter((c) => c.pipeline_status === s).length])) as PipelineCounts;
  const ordered = () => [...db.cards].sort((a, b) => b.entered_at.localeCompare(a.entered_at) || b.id - a.id);
  const clone = <T>(v: T) => structuredClone(v);

  const move = (card: PipelineProspect, to: PipelineStatus, source: PipelineMove['source'], undoes?: PipelineMove) => {
    const m: PipelineMove = { id: ++nextMove, from: card.pipeline_status, to, actor: { type: 'user', id: ME, name: 'Alex Morgan' }, source, reason: null, at: new Date().toISOString(), undone: false };
    card.recent_moves = [m, ...card.recent_moves.map((x) => (x.id === undoes?.id ? { ...x, undone: true } : x))].slice(0, 5);
    card.moves_count++;
    card.pipeline_status = to;
    card.entered_at = new Date().toISOString();
    card.set_by_hand = source === 'board';
    const live = card.recent_moves.find((x) => !x.undone && x.source !== 'undo');
    card.undoable_move_id = live && live.from !== null ? live.id : null;
  };

  const adapter = fakeAdapter((c) => {
    const url = c.url ?? '';
    const method = (c.method ?? 'get').toUpperCase();
    if (method === 'GET' && url === '/user_info') return { status: 200, data: { data: userFixture({ id: ME }) } };
    if (method === 'GET' && url === '/campaign_emails/pipeline_prospects') {
      if (db.fail) return db.fail;
      const p = (c.params ?? {}) as { pipeline_status?: PipelineStatus; page?: number; per_page?: number };
      const list = ordered().filter((card) => !p.pipeline_status || card.pipeline_status === p.pipeline_status);
      const page = p.page ?? 1;
      const perPage = p.per_page ?? 20;
      return { status: 200, data: { data: clone(list.slice((page - 1) * perPage, page * perPage)), meta: { page, per_page: perPage, total: list.length, counts: counts() } } };
    }
    const deal = /^\/campaign_emails\/pipeline_prospects\/(\d+)\/deal$/.exec(url);
    if (deal && method === 'PUT') {
      const card = db.cards.find((x) => x.id === Number(deal[1]));
      if (!card) return { status: 404, data: { errors: ['Pipeline prospect not found'] } };
      const b = body(c) as { deal_value?: number | null; expected_close_on?: string | null };
      if (typeof b.deal_value === 'number' && b.deal_value < 0) return { status: 422, data: { errors: ['Deal value cannot be negative'] } };
      if (b.deal_value !== undefined) card.deal_value = b.deal_value;
      if (b.expected_close_on !== undefined) card.expected_close_on = b.expected_close_on;
      return { status: 200, data: { data: clone(card) } };
    }
    const m = /^\/campaign_emails\/pipeline_prospects\/(\d+)(\/undo)?$/.exec(url);
    if (m) {
      const card = db.cards.find((x) => x.id === Number(m[1]));
      if (!card) return { status: 404, data: { errors: ['Pipeline prospect not found'] } };
      if (method === 'PUT' && !m[2]) {
        if (db.refuseMove) return db.refuseMove;
        const to = body(c).pipeline_status as PipelineStatus;
        if (!PIPELINE_STATUSES.includes(to)) return { status: 422, data: { errors: ['Pipeline status must be one of …'] } };
        if (to !== card.pipeline_status) move(card, to, 'board');
        return { status: 200, data: { data: clone(card) } };
      }
      if (method === 'POST' && m[2]) {
        const last = card.recent_moves.find((x) => x.id === card.undoable_move_id);
        const wanted = body(c).move_id;
        if (!last || last.from === null) return { status: 422, data: { errors: ['There is no move to undo on this card'] } };
        if (wanted !== undefined && wanted !== last.id) return { status: 422, data: { errors: ['This card has moved since; only its last move can be undone'] } };
        move(card, last.from, 'undo', last);
        return { status: 200, data: { data: clone(card) } };
      }
    }
    return { status: 404, data: { errors: [`No fake for ${method} ${url}`] } };
  });

  const calls = (method: string, url: string) => adapter.calls.filter((c) => (c.method ?? 'get').toUpperCase() === method && c.url === url);
  return { db, adapter, calls, sent: body };
}
