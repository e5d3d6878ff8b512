import { expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { PipelineList, PipelineProspect } from '@shared/schemas/pipeline';
import { activities, pipelineMoves, pipelineOpportunities } from '../../db/schema';
import { v1, type signedInUser, type TestApp } from '../../testing/harness';
import { threadOf } from '../inbox/ownership.test-helpers';

/**
 * Ownership probes for the pipeline routes (spread into routes.test.ts): user B can neither see A's
 * cards nor move them or undo their moves. A's card is made as the product makes it: a campaign email
 * and the prospect's interested reply, taken in by ingestion (threadOf).
 */

type Person = Awaited<ReturnType<typeof signedInUser>>;
type Probe = (t: TestApp, a: Person, b: Person) => Promise<void>;

/** A's card (opened by an interested reply), as A's list shows it. */
export async function cardOf(t: TestApp, a: Person, options: Parameters<typeof threadOf>[2] = {}) {
  const fixture = await threadOf(t, a, options);
  const [row] = await t.db.db
    .select()
    .from(pipelineOpportunities)
    .where(and(eq(pipelineOpportunities.accountId, fixture.accountId), eq(pipelineOpportunities.prospectId, fixture.prospect.id)));
  expect(row, 'a person’s reply opens a card').toBeDefined();
  return { ...fixture, cardId: row!.id };
}

const historyOf = (t: TestApp, cardId: number) => t.db.db.select().from(pipelineMoves).where(eq(pipelineMoves.opportunityId, cardId));
const cardRow = async (t: TestApp, cardId: number) => (await t.db.db.select().from(pipelineOpportunities).where(eq(pipelineOpportunities.id, cardId)))[0]!;

export const pipelineOwnershipProbes: Record<string, Probe> = {
  'GET /api/v1/campaign_emails/pipeline_prospects': async (t, a, b) => {
    const before = (await t.app.inject({ method: 'GET', url: v1('/campaign_emails/pipeline_prospects'), headers: b.headers })).json<PipelineList>().meta.counts;
    const { prospect } = await cardOf(t, a);
    for (const query of ['', '?pipeline_status=interested', '?per_page=100']) {
      const res = await t.app.inject({ method: 'GET', url: v1(`/campaign_emails/pipeline_prospects${query}`), headers: b.headers });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(prospect.email!);
      expect(res.json<PipelineList>().meta.counts).toEqual(before);
    }
    const mine = (await t.app.inject({ method: 'GET', url: v1('/campaign_emails/pipeline_prospects?pipeline_status=interested&per_page=100'), headers: a.headers })).json<PipelineList>();
    expect(mine.data.map((c) => c.prospect.email)).toContain(prospect.email);
  },
  'PUT /api/v1/campaign_emails/pipeline_prospects/:id': async (t, a, b) => {
    const { cardId } = await cardOf(t, a);
    const before = await historyOf(t, cardId);
    const res = await t.app.inject({ method: 'PUT', url: v1(`/campaign_emails/pipeline_prospects/${cardId}`), headers: b.headers, payload: { pipeline_status: 'lost' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: ['Pipeline prospect not found'] });
    expect((await cardRow(t, cardId)).status).toBe('interested');
    expect(await historyOf(t, cardId)).toHaveLength(before.length);
  },
  'PUT /api/v1/campaign_emails/pipeline_prospects/:id/deal': async (t, a, b) => {
    const { cardId } = await cardOf(t, a);
    const mine = await t.app.inject({ method: 'PUT', url: v1(`/campaign_emails/pipeline_prospects/${cardId}/deal`), headers: a.headers, payload: { deal_value: 1200, expected_close_on: '2027-03-31' } });
    expect(mine.statusCode).toBe(200);
    const res = await t.app.inject({ method: 'PUT', url: v1(`/campaign_emails/pipeline_prospects/${cardId}/deal`), headers: b.headers, payload: { deal_value: 1, expected_close_on: null } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: ['Pipeline prospect not found'] });
    const row = await cardRow(t, cardId);
    expect([Number(row.dealValue), row.expectedCloseOn]).toEqual([1200, '2027-03-31']);
  },
  'POST /api/v1/campaign_emails/pipeline_prospects/:id/undo': async (t, a, b) => {
    const { cardId, accountId } = await cardOf(t, a);
    const moved = await t.app.inject({ method: 'PUT', url: v1(`/campaign_emails/pipeline_prospects/${cardId}`), headers: a.headers, payload: { pipeline_status: 'won' } });
    const card = moved.json<{ data: PipelineProspect }>().data;
    expect(card.pipeline_status).toBe('won');
    const res = await t.app.inject({ method: 'POST', url: v1(`/campaign_emails/pipeline_prospects/${cardId}/undo`), headers: b.headers, payload: { move_id: card.undoable_move_id } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: ['Pipeline prospect not found'] });
    expect((await cardRow(t, cardId)).status).toBe('won');
    // A's won deal is still A's (its milestone was not taken back by B).
    const won = await t.db.db.select().from(activities).where(and(eq(activities.accountId, accountId), eq(activities.verb, 'deal_won')));
    expect(won.some((w) => (w.payload as { opportunity_id?: number }).opportunity_id === cardId)).toBe(true);
  },
};
