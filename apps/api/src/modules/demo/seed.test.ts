import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Persona, Prospect } from '@shared/schemas/personas';
import { DB_KINDS } from '../../testing/databases';
import { signIn, startTestApp, v1, type TestApp } from '../../testing/harness';
import { sanitizeRichText } from '../../lib/sanitize-rich-text';
import { demoExtraProspects, personaKeyOfTitle } from './activity';
import { DEMO_LINKEDIN_ACCOUNT, DEMO_MESSAGING, DEMO_OFFERING } from './data';
import { DEMO_USER, seedDemo } from './seed';

describe.each(DB_KINDS)('the demo seed on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('creates the demo user with two personas, their prospects and a connected LinkedIn account, once', async () => {
    expect(await seedDemo(t.db.db)).toBe(true);
    expect(await seedDemo(t.db.db)).toBe(false);
    const headers = await signIn(t, DEMO_USER.email, DEMO_USER.password);

    const list = (await t.app.inject({ method: 'GET', url: v1('/persons'), headers })).json<{ data: Persona[]; meta: { total: number } }>();
    expect(list.meta.total).toBe(2);
    // The brand-0 demo's imported prospects joined the persona their title fits (the demo campaign works VP Sales).
    const imported = demoExtraProspects(new Date()).map((p) => personaKeyOfTitle(p.title));
    expect(list.data.map((p) => [p.name, p.prospects_count]).sort()).toEqual([
      ['Heads of RevOps, fintech', 8 + imported.filter((k) => k === 'revops').length],
      ['VP Sales, B2B SaaS (US)', 8 + imported.filter((k) => k === 'vp-sales').length],
    ]);

    const vpSales = list.data.find((p) => p.name.startsWith('VP Sales'))!;
    const page = (
      await t.app.inject({ method: 'GET', url: v1(`/persons/${vpSales.id}/loaded_prospects?order_by=full_name&order_direction=asc&per_page=100`), headers })
    ).json<{ data: Prospect[] }>();
    expect(page.data.find((p) => p.full_name === 'Aisha Rahman')).toMatchObject({ title: 'VP Sales & Partnerships', company: 'Loopwise' });
    // One person sits in both personas.
    expect(page.data.find((p) => p.full_name === 'Derek Okafor')?.persona_ids).toHaveLength(2);

    const accounts = (await t.app.inject({ method: 'GET', url: v1('/linkedin_accounts'), headers })).json<{ data: unknown[] }>();
    expect(accounts.data).toEqual([expect.objectContaining({ profile_url: DEMO_LINKEDIN_ACCOUNT.profileUrl, full_name: 'Alex Morgan' })]);
    const status = await t.app.inject({ method: 'POST', url: v1('/linkedin_accounts/account-status'), payload: { profile_url: DEMO_LINKEDIN_ACCOUNT.profileUrl } });
    expect(status.json()).toEqual({ status: 'connected' });

    // An offering and the default messaging settings, so the messaging pages and the example start filled.
    const offerings = (await t.app.inject({ method: 'GET', url: v1('/offerings'), headers })).json<{ data: Array<{ id: number; name: string }> }>().data;
    expect(offerings.map((o) => o.name)).toEqual([DEMO_OFFERING.name]);
    const settings = (await t.app.inject({ method: 'GET', url: v1('/messaging_settings'), headers })).json<{ data: Array<Record<string, unknown>> }>().data;
    expect(settings).toEqual([expect.objectContaining({ persona_id: null, offering_id: offerings[0]!.id, tone_voice: 'Consultative' })]);
    // Stored as the sanitiser would store it (the seed writes rich text without loading jsdom at start).
    expect(sanitizeRichText('signature', DEMO_MESSAGING.signature)).toBe(DEMO_MESSAGING.signature);
    expect(sanitizeRichText('message_guidelines', DEMO_MESSAGING.messageGuidelines)).toBe(DEMO_MESSAGING.messageGuidelines);
  });

  it("gives the demo personas real saved searches that find the demo prospects", async () => {
    await seedDemo(t.db.db);
    const headers = await signIn(t, DEMO_USER.email, DEMO_USER.password);
    const list = (await t.app.inject({ method: 'GET', url: v1('/persons'), headers })).json<{ data: Persona[] }>();
    const counts: Record<string, number> = {};
    for (const persona of list.data) {
      expect(Object.keys(persona.filters ?? {}).length, persona.name).toBeGreaterThanOrEqual(5);
      const preview = await t.app.inject({ method: 'POST', url: v1('/prospects_preview'), headers, payload: { filters: persona.filters } });
      expect(preview.statusCode, preview.body).toBe(200);
      counts[persona.name] = preview.json().data.count;
    }
    expect(counts).toEqual({ 'VP Sales, B2B SaaS (US)': 8, 'Heads of RevOps, fintech': 7 });
    const loaded = (
      await t.app.inject({ method: 'GET', url: v1(`/persons/${list.data[0]!.id}/loaded_prospects?per_page=1`), headers })
    ).json<{ data: Prospect[] }>();
    expect(loaded.data[0]).toMatchObject({ company_domain: expect.any(String), company_size: expect.any(Number), industry: expect.any(String), country: expect.any(String) });
  });
});
