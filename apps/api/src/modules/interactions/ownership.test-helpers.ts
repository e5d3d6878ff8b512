import { expect } from 'vitest';
import type { Interaction, InteractionsStats } from '@shared/schemas/interactions';
import { v1, type signedInUser, type TestApp } from '../../testing/harness';
import { campaignOwnershipProbes } from '../campaigns/ownership.test-helpers';
import { threadOf } from '../inbox/ownership.test-helpers';

/**
 * Ownership probes for the interactions (spread into routes.test.ts after the campaigns' own): user B sees
 * none of A's interactions, counts or the people behind A's messages, also when B names A's ids in the
 * filters. A's interactions come from a thread built as the engine builds it (a sent campaign email and the
 * prospect's reply taken in by ingestion: reply_received and the enrolment's stop in A's activity log).
 */

type Person = Awaited<ReturnType<typeof signedInUser>>;
type Probe = (t: TestApp, a: Person, b: Person) => Promise<void>;

const get = (t: TestApp, p: Person, url: string) => t.app.inject({ method: 'GET', url: v1(url), headers: p.headers });
const filters = (f: object) => `filters=${encodeURIComponent(JSON.stringify(f))}`;

export const interactionOwnershipProbes: Record<string, Probe> = {
  // The campaigns' probe (the emails view), then the interactions view of the same route.
  'GET /api/v1/campaign_emails': async (t, a, b) => {
    await campaignOwnershipProbes['GET /api/v1/campaign_emails']!(t, a, b);
    const fixture = await threadOf(t, a);
    const mine = (await get(t, a, `/campaign_emails?interaction_view=interactions&${filters({ by_campaign: fixture.campaign.id })}`)).json<{ data: Interaction[] }>().data;
    expect(mine.map((i) => i.kind)).toContain('reply');
    for (const f of [{}, { by_campaign: fixture.campaign.id }, { by_prospect: fixture.prospect.id }, { by_search_query: fixture.prospect.email }]) {
      const res = await get(t, b, `/campaign_emails?interaction_view=interactions&per_page=100&${filters(f)}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain(fixture.prospect.email!);
      expect(res.body).not.toContain(fixture.campaign.name);
    }
  },
  'GET /api/v1/campaigns/:id/campaign_emails': async (t, a, b) => {
    await campaignOwnershipProbes['GET /api/v1/campaigns/:id/campaign_emails']!(t, a, b);
    const fixture = await threadOf(t, a);
    const res = await get(t, b, `/campaigns/${fixture.campaign.id}/campaign_emails?interaction_view=interactions`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(fixture.prospect.email!);
  },
  'GET /api/v1/campaign_emails/interactions_stats': async (t, a, b) => {
    const before = (await get(t, b, '/campaign_emails/interactions_stats')).json<{ data: InteractionsStats }>().data;
    const fixture = await threadOf(t, a);
    const mine = (await get(t, a, `/campaign_emails/interactions_stats?${filters({ by_campaign: fixture.campaign.id })}`)).json<{ data: InteractionsStats }>().data;
    expect(mine.by_kind.reply).toBe(1);
    expect((await get(t, b, '/campaign_emails/interactions_stats')).json<{ data: InteractionsStats }>().data).toEqual(before);
    const named = (await get(t, b, `/campaign_emails/interactions_stats?${filters({ by_campaign: fixture.campaign.id, by_prospect: fixture.prospect.id })}`)).json<{ data: InteractionsStats }>().data;
    expect({ total: named.total, prospects: named.prospects, enrolments: named.enrolments }).toEqual({ total: 0, prospects: 0, enrolments: 0 });
  },
  'GET /api/v1/campaign_emails/:id/person_offering_info': async (t, a, b) => {
    const fixture = await threadOf(t, a);
    const res = await get(t, b, `/campaign_emails/${fixture.email.id}/person_offering_info`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: ['Campaign email not found'] });
    const mine = await get(t, a, `/campaign_emails/${fixture.email.id}/person_offering_info`);
    expect(mine.statusCode).toBe(200);
    expect(mine.body).toContain(fixture.prospect.email!);
    expect(mine.body).toContain(fixture.persona.name);
  },
};
