import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { REPLY_STATUSES, type ReplyStatus } from '@shared/schemas/inbox';
import {
  PIPELINE_RECENT_MOVES,
  PIPELINE_STATUSES,
  type movePipelineProspectBodySchema,
  type PipelineCounts,
  type PipelineList,
  type pipelineListQuerySchema,
  type PipelineMove,
  type PipelineProspect,
  type PipelineStatus,
  type undoPipelineMoveBodySchema,
  type updatePipelineDealBodySchema,
} from '@shared/schemas/pipeline';
import type { Db } from '../../db/client';
import { campaigns, emailThreadMessages, emailThreads, pipelineMoves, pipelineOpportunities, prospects, users } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import type { AuthContext, Deps } from '../../lib/route';
import { freshText } from '../inbox/wording';
import { moveByHand, PIPELINE_MESSAGES, undoLastMove } from './moves';

/**
 * The pipeline's reads and the user's moves (spec §7 campaign_emails/pipeline_prospects): a page of
 * cards (one column, or all of them), every column's count, a move by hand and the undo of a card's
 * last move. The moves themselves are moves.ts.
 */

type ListQuery = z.output<typeof pipelineListQuerySchema>;

const o = pipelineOpportunities;

const cardColumns = {
  card: o,
  prospectName: prospects.fullName,
  prospectEmail: prospects.email,
  prospectTitle: prospects.title,
  prospectCompany: prospects.company,
  replyStatus: emailThreads.replyStatus,
  campaignId: campaigns.id,
  campaignName: campaigns.name,
};

/** Cards with their prospect, thread and campaign (each join bound to the account). */
const joinedCards = (db: Db, accountId: number) =>
  db
    .select(cardColumns)
    .from(o)
    .innerJoin(prospects, and(eq(prospects.id, o.prospectId), eq(prospects.accountId, accountId)))
    .leftJoin(emailThreads, and(eq(emailThreads.id, o.threadId), eq(emailThreads.accountId, accountId)))
    .leftJoin(campaigns, and(eq(campaigns.id, emailThreads.campaignId), eq(campaigns.accountId, accountId)));

type CardRow = Awaited<ReturnType<ReturnType<typeof joinedCards>['where']>>[number];

/** Every column's count (zero when empty). */
export async function countsOf(db: Db, accountId: number): Promise<PipelineCounts> {
  const rows = await db
    .select({ status: o.status, n: sql<number>`count(*)::int` })
    .from(o)
    .where(eq(o.accountId, accountId))
    .groupBy(o.status);
  const counts = Object.fromEntries(PIPELINE_STATUSES.map((s) => [s, 0])) as PipelineCounts;
  for (const { status, n } of rows) counts[status] = Number(n);
  return counts;
}

type LastMessage = { threadId: number; direction: 'inbound' | 'outbound'; text: string; sentAt: Date };

/** The newest message of each thread (one DISTINCT ON over the (account, thread, sent_at) index). */
async function lastMessagesOf(db: Db, accountId: number, threadIds: number[]): Promise<Map<number, LastMessage>> {
  if (!threadIds.length) return new Map();
  const m = emailThreadMessages;
  const rows = await db
    .selectDistinctOn([m.threadId], { threadId: m.threadId, direction: m.direction, text: sql<string>`left(${m.text}, 2000)`, sentAt: m.sentAt })
    .from(m)
    .where(and(eq(m.accountId, accountId), inArray(m.threadId, threadIds)))
    .orderBy(m.threadId, desc(m.sentAt), desc(m.id));
  return new Map(rows.map((r) => [r.threadId, r]));
}

type MoveRow = {
  id: number;
  opportunity_id: number;
  from_status: PipelineStatus | null;
  to_status: PipelineStatus;
  actor_type: 'user' | 'system';
  actor_id: number | null;
  actor_name: string | null;
  source: PipelineMove['source'];
  reason: string | null;
  moved_at: string;
  undone: boolean;
  total: number;
};

/** Each card's newest moves (with the mover's name) and how many it has in all. */
async function movesOf(db: Db, accountId: number, cardIds: number[]): Promise<Map<number, { recent: PipelineMove[]; count: number }>> {
  if (!cardIds.length) return new Map();
  const result = await db.execute(sql`
    select x.* from (
      select m.id, m.opportunity_id, m.from_status, m.to_status, m.actor_type, m.actor_id,
             coalesce(nullif(u.name, ''), u.email) as actor_name, m.source, m.reason,
             to_char(m.moved_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as moved_at,
             m.undone_at is not null as undone,
             (count(*) over (partition by m.opportunity_id))::int as total,
             row_number() over (partition by m.opportunity_id order by m.id desc) as n
      from ${pipelineMoves} m
      left join ${users} u on u.id = m.actor_id and u.account_id = ${accountId}
      where m.account_id = ${accountId} and m.opportunity_id in (${sql.join(
        cardIds.map((id) => sql`${id}`),
        sql`, `,
      )})
    ) x where x.n <= ${PIPELINE_RECENT_MOVES} order by x.opportunity_id, x.id desc`);
  const out = new Map<number, { recent: PipelineMove[]; count: number }>();
  for (const r of (result as unknown as { rows: MoveRow[] }).rows) {
    const cardId = Number(r.opportunity_id);
    const entry = out.get(cardId) ?? { recent: [], count: Number(r.total) };
    entry.recent.push({
      id: Number(r.id),
      from: r.from_status,
      to: r.to_status,
      actor: { type: r.actor_type, id: r.actor_id === null ? null : Number(r.actor_id), name: r.actor_type === 'user' ? r.actor_name : null },
      source: r.source,
      reason: r.reason,
      at: r.moved_at,
      undone: Boolean(r.undone),
    });
    out.set(cardId, entry);
  }
  return out;
}

/** The move an undo would take back, per card: its newest move neither undone nor an undo (none when that opened the card). */
async function undoableOf(db: Db, accountId: number, cardIds: number[]): Promise<Map<number, number>> {
  if (!cardIds.length) return new Map();
  const m = pipelineMoves;
  const rows = await db
    .selectDistinctOn([m.opportunityId], { cardId: m.opportunityId, id: m.id, fromStatus: m.fromStatus })
    .from(m)
    .where(and(eq(m.accountId, accountId), inArray(m.opportunityId, cardIds), sql`${m.undoneAt} is null`, sql`${m.source} <> 'undo'`))
    .orderBy(m.opportunityId, desc(m.id));
  return new Map(rows.filter((r) => r.fromStatus !== null).map((r) => [r.cardId, r.id]));
}

/** The message's own words (quoted history cut), on one line. */
const snippetOf = (text: string) => freshText(text).replace(/\s+/g, ' ').trim().slice(0, 160);

async function toCards(db: Db, accountId: number, rows: CardRow[]): Promise<PipelineProspect[]> {
  const ids = rows.map((r) => r.card.id);
  const threadIds = [...new Set(rows.map((r) => r.card.threadId).filter((id): id is number => id !== null))];
  const [last, moves, undoable] = await Promise.all([lastMessagesOf(db, accountId, threadIds), movesOf(db, accountId, ids), undoableOf(db, accountId, ids)]);
  return rows.map((r) => {
    const c = r.card;
    const message = c.threadId !== null ? last.get(c.threadId) : undefined;
    const history = moves.get(c.id);
    const status = r.replyStatus as ReplyStatus | null;
    return {
      id: c.id,
      pipeline_status: c.status,
      set_by_hand: c.setByHand,
      entered_at: c.enteredAt.toISOString(),
      created_at: c.createdAt.toISOString(),
      prospect: { id: c.prospectId, name: r.prospectName, email: r.prospectEmail, title: r.prospectTitle, company: r.prospectCompany },
      thread_id: c.threadId,
      reply_status: status && (REPLY_STATUSES as readonly string[]).includes(status) ? status : null,
      campaign: r.campaignId !== null && r.campaignName !== null ? { id: r.campaignId, name: r.campaignName } : null,
      last_message: message ? { snippet: snippetOf(message.text), direction: message.direction, sent_at: message.sentAt.toISOString() } : null,
      moves_count: history?.count ?? 0,
      recent_moves: history?.recent ?? [],
      undoable_move_id: undoable.get(c.id) ?? null,
      deal_value: c.dealValue === null ? null : Number(c.dealValue),
      expected_close_on: c.expectedCloseOn,
    };
  });
}

/**
 * GET campaign_emails/pipeline_prospects: one page of a column (pipeline_status) or of every card,
 * most recently moved first, with every column's count in meta.
 */
export async function list(deps: Deps, auth: AuthContext, query: ListQuery): Promise<PipelineList> {
  const accountId = auth.account.id;
  const where = query.pipeline_status ? and(eq(o.accountId, accountId), eq(o.status, query.pipeline_status)) : eq(o.accountId, accountId);
  const [rows, counts] = await Promise.all([
    joinedCards(deps.db, accountId)
      .where(where)
      .orderBy(desc(o.enteredAt), desc(o.id))
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    countsOf(deps.db, accountId),
  ]);
  const total = query.pipeline_status ? counts[query.pipeline_status] : Object.values(counts).reduce((s, n) => s + n, 0);
  return { data: await toCards(deps.db, accountId, rows), meta: { page: query.page, per_page: query.per_page, total, counts } };
}

/** One card, as the list shows it. */
export async function show(db: Db, accountId: number, id: number): Promise<PipelineProspect> {
  const rows = await joinedCards(db, accountId).where(and(eq(o.accountId, accountId), eq(o.id, id)));
  if (!rows.length) throw notFound(PIPELINE_MESSAGES.notFound);
  return (await toCards(db, accountId, rows))[0]!;
}

/** PUT campaign_emails/pipeline_prospects/{id}: the user moves the card (to its own stage: nothing happens). */
export async function move(deps: Deps, auth: AuthContext, id: number, body: z.output<typeof movePipelineProspectBodySchema>): Promise<PipelineProspect> {
  const accountId = auth.account.id;
  await deps.db.transaction((tx) => moveByHand(tx, { accountId, cardId: id, to: body.pipeline_status, userId: auth.user.id, reason: body.reason || null, now: new Date() }));
  return show(deps.db, accountId, id);
}

/** POST campaign_emails/pipeline_prospects/{id}/undo: takes the card's last move back. */
export async function undo(deps: Deps, auth: AuthContext, id: number, body: z.output<typeof undoPipelineMoveBodySchema>): Promise<PipelineProspect> {
  const accountId = auth.account.id;
  await deps.db.transaction((tx) => undoLastMove(tx, { accountId, cardId: id, ...(body.move_id !== undefined ? { moveId: body.move_id } : {}), userId: auth.user.id, now: new Date() }));
  return show(deps.db, accountId, id);
}

/**
 * PUT campaign_emails/pipeline_prospects/{id}/deal: what the deal is worth and when the user expects it to close
 * (null clears one; a field left out is kept). Not a move: the card stays where it is and its history is unchanged;
 * the opportunities insight sums the values (insights/performance.ts).
 */
export async function updateDeal(deps: Deps, auth: AuthContext, id: number, body: z.output<typeof updatePipelineDealBodySchema>): Promise<PipelineProspect> {
  const accountId = auth.account.id;
  const set: Partial<typeof o.$inferInsert> = { updatedAt: new Date() };
  if (body.deal_value !== undefined) set.dealValue = body.deal_value === null ? null : body.deal_value.toFixed(2);
  if (body.expected_close_on !== undefined) set.expectedCloseOn = body.expected_close_on;
  const updated = await deps.db.update(o).set(set).where(and(eq(o.accountId, accountId), eq(o.id, id))).returning({ id: o.id });
  if (!updated.length) throw notFound(PIPELINE_MESSAGES.notFound);
  return show(deps.db, accountId, id);
}
