import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBrand } from '@shared/brands';
import { brandChannels, DASHBOARD_CHANNELS } from '@shared/schemas/dashboard';
import { accounts, activities, personas, prospects } from '../../db/schema';
import { DB_KINDS, PGLITE_PASS } from '../../testing/databases';
import { startTestApp, type TestApp } from '../../testing/harness';
import { myOpportunities } from '../insights/performance';
import { accountChannels } from '../activities/channels';
import { activityList, awareCompanies, channelsActivity, generalStatistics } from './service';

const NOW = new Date('2026-03-18T15:00:00.000Z');
const ago = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

describe.runIf(PGLITE_PASS)('the channels a brand shows', () => {
  it('follows the feature flags: brand 9 has LinkedIn and phone off, brand 0 has all', () => {
    expect(brandChannels(getBrand(0).feature_flags)).toEqual([...DASHBOARD_CHANNELS]);
    expect(brandChannels(getBrand(9).feature_flags)).toEqual(['email']);
    expect(brandChannels(getBrand(4).feature_flags)).toEqual(['email', 'phone']);
  });
});

describe.each(DB_KINDS)('dashboard figures of switched-off channels on %s', (kind) => {
  let t: TestApp;
  let accountId: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    const [account] = await t.db.db.insert(accounts).values({ name: 'Channels' }).returning();
    accountId = account!.id;
    const [persona] = await t.db.db.insert(personas).values({ accountId, name: 'P' }).returning();
    const [p] = await t.db.db.insert(prospects).values({ accountId, fullName: 'Ada Park', company: 'Acme', source: 'import' as const, email: 'ada@example.com', createdAt: ago(5) }).returning();
    const act = (verb: string, channel: 'email' | 'linkedin' | 'phone', days: number) => ({ accountId, actorType: 'agent' as const, verb, channel, prospectId: p!.id, personaId: persona!.id, payload: {}, occurredAt: ago(days) });
    await t.db.db.insert(activities).values([
      act('email_sent', 'email', 1),
      act('linkedin_invitation_sent', 'linkedin', 2),
      act('linkedin_message_sent', 'linkedin', 3),
      act('call_made', 'phone', 4),
      act('reply_received', 'linkedin', 2),
    ]);
  });
  afterAll(() => t.close());

  it('brand 9 (LinkedIn and phone off) shows email only: no LinkedIn share, touches or feed lines', async () => {
    const channels = brandChannels(getBrand(9).feature_flags);
    const activity = await channelsActivity(t.db.db, accountId, 'month', NOW, channels);
    expect(activity.channels.map((c) => c.channel)).toEqual(['email']);
    expect(activity).toMatchObject({ total_sent: 1, channels: [{ channel: 'email', sent: 1, share: 100 }] });
    const companies = await awareCompanies(t.db.db, accountId, { period: 'month', limit: 10 }, NOW, channels);
    expect(companies.companies[0]).toMatchObject({ company: 'Acme', touches: 1, email: 1, linkedin: 0, phone: 0, replies: 0 });
    const list = await activityList(t.db.db, accountId, { page: 1, per_page: 20 }, channels);
    expect(list.data.map((a) => a.channel)).toEqual(['email']);
    expect(JSON.stringify(list)).not.toMatch(/LinkedIn|Called/);
    const general = await generalStatistics(t.db.db, accountId, 'month', NOW, channels);
    const all = await generalStatistics(t.db.db, accountId, 'month', NOW);
    expect(JSON.stringify(general)).not.toEqual(JSON.stringify(all));
  });

  it('insights follow the account’s brand as the dashboard follows the request’s: a LinkedIn reply is no reply on brand 9', async () => {
    expect(await accountChannels(t.db.db, accountId)).toEqual([...DASHBOARD_CHANNELS]);
    await t.db.db.update(accounts).set({ holderId: 9 }).where(eq(accounts.id, accountId));
    try {
      const channels = await accountChannels(t.db.db, accountId);
      expect(channels).toEqual(['email']);
      const stage = (o: Awaited<ReturnType<typeof myOpportunities>>, name: string) => o.funnel.find((s) => s.stage === name)!.prospects;
      const emailOnly = await myOpportunities(t.db.db, accountId, 'month', NOW, undefined, channels);
      const all = await myOpportunities(t.db.db, accountId, 'month', NOW);
      expect([stage(emailOnly, 'contacted'), stage(emailOnly, 'replied')]).toEqual([1, 0]);
      expect([stage(all, 'contacted'), stage(all, 'replied')]).toEqual([1, 1]);
      const general = await generalStatistics(t.db.db, accountId, 'month', NOW, channels);
      expect(general.reply_rate.value).toBe(0);
    } finally {
      await t.db.db.update(accounts).set({ holderId: 0 }).where(eq(accounts.id, accountId));
    }
  });

  it('brand 0 shows every channel with its share', async () => {
    const activity = await channelsActivity(t.db.db, accountId, 'month', NOW, brandChannels(getBrand(0).feature_flags));
    expect(activity.total_sent).toBe(4);
    expect(activity.channels.map((c) => [c.channel, c.sent])).toEqual([['email', 1], ['linkedin', 2], ['phone', 1]]);
  });
});
