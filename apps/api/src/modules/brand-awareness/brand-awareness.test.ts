import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, lt } from 'drizzle-orm';
import type { SocialPost, SocialPostsSettings, SocialProfile } from '@shared/schemas/brand-awareness';
import { activities, liveEvents, messagingSettings, offerings, personas, socialPosts, socialProfiles, virtualEmployeePersonas, virtualEmployees } from '../../db/schema';
import { inAccount } from '../../db/tenancy';
import type { Deps } from '../../lib/route';
import { DB_KINDS, PGLITE_PASS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type AuthHeaders, type TestApp } from '../../testing/harness';
import { startLinkedInServer, type LinkedInTestServer } from '../../testing/linkedin-server';
import { findUserByEmail } from '../auth/repository';
import { dispatcherFor } from '../notifications/dispatch';
import { planPosts } from './planner';
import { MAX_PUBLISH_ATTEMPTS, publishPost, UNCERTAIN_REASON } from './publish';
import { slotsBetween } from './slots';

const HOUR = 3_600_000;
/**
 * A Monday morning in Berlin (UTC+1 in winter), years ahead: the routes run on the real clock, so every
 * planned post stays in their future whatever day the tests run.
 */
const MONDAY = new Date('2036-12-01T07:00:00Z');

describe.runIf(PGLITE_PASS)('posting slots', () => {
  it('posts on the first N chosen weekdays at the local time, within the next 7 days', () => {
    const rule = { days: [5, 2, 4], time: '09:30', timeZone: 'Europe/Berlin', postsPerWeek: 2 };
    expect(slotsBetween(rule, MONDAY).map((d) => d.toISOString())).toEqual(['2036-12-02T08:30:00.000Z', '2036-12-04T08:30:00.000Z']);
    // Past today's time on a posting day: that slot is gone, next week's comes in.
    expect(slotsBetween({ ...rule, postsPerWeek: 3 }, new Date('2036-12-02T09:00:00Z')).map((d) => d.toISOString())).toEqual([
      '2036-12-04T08:30:00.000Z',
      '2036-12-05T08:30:00.000Z',
      '2036-12-09T08:30:00.000Z',
    ]);
    // Across the change to summer time the local time holds.
    expect(slotsBetween({ days: [1], time: '09:00', timeZone: 'Europe/Berlin', postsPerWeek: 1 }, new Date('2027-03-27T12:00:00Z'))[0]!.toISOString()).toBe('2027-03-29T07:00:00.000Z');
  });
});

describe.each(DB_KINDS)('brand awareness: virtual employees post on LinkedIn (%s)', (kind) => {
  let t: TestApp;
  let li: LinkedInTestServer;
  let headers: AuthHeaders;
  let accountId: number;
  let veId: number;
  let otherVeId: number;
  const deps = () => ({ db: t.db.db, config: t.config, jobs: t.app.jobs }) as unknown as Deps;

  beforeAll(async () => {
    li = await startLinkedInServer();
    t = await startTestApp(kind, {
      env: { LINKEDIN_CLIENT_ID: li.clientId, LINKEDIN_CLIENT_SECRET: li.clientSecret, LINKEDIN_AUTH_BASE: li.url, LINKEDIN_API_BASE: li.url, GUARDED_FETCH_ALLOW_HOSTS: '127.0.0.1' },
    });
    const signed = await signedInUser(t, 'awareness');
    headers = signed.headers;
    accountId = (await findUserByEmail(t.db.db, 0, signed.email))!.account.id;
    const db = t.db.db;
    const [ve] = await db.insert(virtualEmployees).values({ accountId, name: 'Alex Rivers', title: 'Head of Growth' }).returning();
    const [other] = await db.insert(virtualEmployees).values({ accountId, name: 'Sam Lee' }).returning();
    veId = ve!.id;
    otherVeId = other!.id;
    const [persona] = await db.insert(personas).values({ accountId, name: 'CFOs', description: 'Forecasts are late every quarter. Board decks use stale numbers.' }).returning();
    await db.insert(virtualEmployeePersonas).values({ accountId, virtualEmployeeId: veId, personaId: persona!.id });
    const [offering] = await db.insert(offerings).values({ accountId, name: 'Engine Forecast', description: 'Engine Forecast pulls deal data into the CRM automatically.' }).returning();
    await db.insert(messagingSettings).values({ accountId, offeringId: offering!.id, name: 'Default' });
  });
  afterAll(async () => {
    await t?.close();
    await li?.close();
  });

  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, h: Record<string, string> = headers) =>
    t.app.inject({ method, url: v1(url), headers: h, ...(payload ? { payload } : {}) });

  async function connect(id = veId) {
    const start = await inject('POST', `/virtual_employees/${id}/social_network_connect_url`, { social_network: 'linkedin' });
    expect(start.statusCode, start.body).toBe(200);
    const cookie = String(start.headers['set-cookie']).split(';')[0]!;
    const consent = await fetch(start.json<{ data: { authorization_url: string } }>().data.authorization_url, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    return { back, cookie, callback: () => t.app.inject({ method: 'GET', url: back.pathname + back.search, headers: { cookie } }) };
  }

  /**
   * Saving the settings plans at once on the real clock (a job): run it now, then drop what it planned
   * (before 2030), so the tests plan on their own clock (MONDAY, years ahead) only.
   */
  async function saveSettings(body: object) {
    const res = await inject('PUT', `/virtual_employees/${veId}/update_social_posts_settings`, body);
    await t.app.jobs.drain();
    const planned = await t.db.db
      .delete(socialPosts)
      .where(and(eq(socialPosts.accountId, accountId), lt(socialPosts.scheduledAt, new Date('2030-01-01T00:00:00Z'))))
      .returning();
    return Object.assign(res, { planned });
  }

  const postsOf = async (id = veId) => (await inject('GET', `/social_network_posts?virtual_employee_id=${id}`)).json<{ data: SocialPost[] }>().data;
  const runAsAccount = <T>(fn: () => Promise<T>) => inAccount(accountId, null, fn);

  it('answers 404 "This feature is not available" on a brand without brand awareness', async () => {
    const res = await t.app.inject({ method: 'GET', url: v1('/social_network_posts'), headers: { host: 'brand3.localhost' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: ['This feature is not available'] });
  });

  it('shows default settings with topics drawn from the personas and the offering, and no connection', async () => {
    const res = await inject('GET', `/virtual_employees/${veId}/social_posts_settings?social_network=linkedin`);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json<{ data: SocialPostsSettings }>().data;
    expect(s).toMatchObject({ enabled: false, topics: [], posts_per_week: 2, days: [2, 4], time: '09:30', tone: 'professional', approval: 'required', saved: false });
    expect(s.topic_suggestions).toEqual(expect.arrayContaining(['Forecasts are late every quarter', 'What we learned building Engine Forecast', 'What CFOs ask us most']));
    expect(s.profile).toMatchObject({ status: 'not_connected', configured: true, name: null });
    expect((await inject('GET', '/virtual_employees/999999/social_posts_settings')).statusCode).toBe(404);
  });

  it('connects the LinkedIn member by OAuth: the profile comes from userinfo, the token is sealed at rest', async () => {
    const { back, callback } = await connect();
    const authorize = li.requests.find((r) => r.path.startsWith('/oauth/v2/authorization'))!;
    expect(new URL(authorize.path, li.url).searchParams.get('scope')).toBe('openid profile email w_member_social');
    expect(back.pathname).toBe('/api/v1/social_networks/linkedin/callback');
    const res = await callback();
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe(`http://localhost:3000/cabinet/brand-awareness?social_connect=connected&virtual_employee_id=${veId}`);

    const profile = (await inject('GET', `/virtual_employees/${veId}/social_network_processing_profile`)).json<{ data: SocialProfile }>().data;
    expect(profile).toMatchObject({ status: 'connected', name: 'Alex Rivers', email: 'alex@acme.example', member_id: 'Ab3XyZ_9', picture_url: 'https://media.licdn.com/dms/image/alex.jpg' });
    const [row] = await t.db.db.select().from(socialProfiles).where(eq(socialProfiles.virtualEmployeeId, veId));
    const issued = [...li.tokens.keys()].at(-1)!;
    expect(row!.accessToken).toMatch(/^v1\./);
    expect(row!.accessToken).not.toContain(issued);
    expect(JSON.stringify(profile)).not.toContain(issued);
  });

  it('refuses a callback from another browser, a cancelled consent and an altered state', async () => {
    const stolen = await connect(otherVeId);
    const res = await t.app.inject({ method: 'GET', url: stolen.back.pathname + stolen.back.search, headers: { cookie: 'social_oauth_nonce=someone-else' } });
    expect(res.headers.location).toContain('social_connect_error=state_mismatch');
    li.denyNext = true;
    const denied = await connect(otherVeId);
    expect((await denied.callback()).headers.location).toContain('social_connect_error=access_denied');
    const altered = await t.app.inject({ method: 'GET', url: v1(`/social_networks/linkedin/callback?state=abc.def&code=x`) });
    expect(altered.statusCode).toBe(400);
    expect((await inject('GET', `/virtual_employees/${otherVeId}/social_network_processing_profile`)).json().data.status).toBe('not_connected');
  });

  it('validates the settings and plans the week: posts needing approval at the chosen days and time', async () => {
    const bad = await inject('PUT', `/virtual_employees/${veId}/update_social_posts_settings`, { social_network: 'linkedin', enabled: true, topics: [] });
    expect(bad.statusCode).toBe(422);
    const tooMany = await inject('PUT', `/virtual_employees/${veId}/update_social_posts_settings`, { posts_per_week: 3, days: [2, 4] });
    expect(tooMany.json()).toEqual({ errors: ['Choose at least 3 days for 3 posts a week'] });
    const badTime = await inject('PUT', `/virtual_employees/${veId}/update_social_posts_settings`, { time: '25:00', time_zone: 'Mars/Base' });
    expect(badTime.statusCode).toBe(422);

    const saved = await saveSettings({
      social_network: 'linkedin',
      enabled: true,
      topics: ['Forecasts are late every quarter', 'Pipeline hygiene'],
      posts_per_week: 2,
      days: [2, 4],
      time: '09:30',
      time_zone: 'Europe/Berlin',
      tone: 'friendly',
      approval: 'required',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ data: SocialPostsSettings }>().data).toMatchObject({ enabled: true, saved: true, tone: 'friendly', time_zone: 'Europe/Berlin' });
    // The save planned the coming week through the durable queue (on the real clock): one post on Tuesday and one on Thursday.
    expect(saved.planned.map((p) => [new Date(p.scheduledAt).getUTCDay(), p.status]).sort()).toEqual([
      [2, 'pending_approval'],
      [4, 'pending_approval'],
    ]);
    const plan = await runAsAccount(() => planPosts(deps(), accountId, veId, 'linkedin', MONDAY));
    expect(plan.created.map((p) => [p.scheduledAt.toISOString(), p.status, p.topic])).toEqual([
      ['2036-12-02T08:30:00.000Z', 'pending_approval', 'Forecasts are late every quarter'],
      ['2036-12-04T08:30:00.000Z', 'pending_approval', 'Pipeline hygiene'],
    ]);
    expect(plan.created[0]!.content).toMatch(/^Forecasts are late every quarter\./);
    expect(plan.created[0]!.content).not.toBe(plan.created[1]!.content);
    // Planning again (another process, the next day's run) adds nothing for the same slots.
    expect((await runAsAccount(() => planPosts(deps(), accountId, veId, 'linkedin', new Date(MONDAY.getTime() + HOUR)))).created).toHaveLength(0);
    const listed = await postsOf();
    expect(listed.map((p) => p.status)).toEqual(['pending_approval', 'pending_approval']);
    expect(listed[0]!.virtual_employee_name).toBe('Alex Rivers');
  });

  it('previews, regenerates, edits and approves a post; only approved posts publish, at their time, once', async () => {
    const preview = await inject('GET', `/social_network_posts/preview_post?virtual_employee_id=${veId}&social_network=linkedin&topic=Pipeline%20hygiene`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({ topic: 'Pipeline hygiene', written_by: 'composer' });
    expect(preview.json().data.content).toMatch(/^Pipeline hygiene\./);

    const [first, second] = await postsOf();
    const regenerated = await inject('PUT', `/social_network_posts/${first!.id}/regenerate`, {});
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    expect(regenerated.json().data.content).not.toBe(first!.content);

    const edited = await inject('PUT', `/social_network_posts/${first!.id}`, { content: 'Forecasts slip when the CRM is updated on Fridays (we measured it). #RevOps' });
    expect(edited.json().data).toMatchObject({ written_by: 'user', status: 'pending_approval' });
    expect((await inject('PUT', `/social_network_posts/${first!.id}`, { scheduled_at: '2020-01-01T00:00:00Z' })).json()).toEqual({ errors: ['Choose a time in the future'] });
    expect((await inject('PUT', `/social_network_posts/${first!.id}`, { scheduled_at: second!.scheduled_at })).json()).toEqual({
      errors: ['Another post of this virtual employee is planned at that time: choose another time'],
    });

    const approved = await inject('PUT', `/social_network_posts/${first!.id}`, { status: 'approved' });
    expect(approved.json().data).toMatchObject({ status: 'approved' });
    const dueAt = new Date(first!.scheduled_at);

    // Not yet due: nothing happens. A pending post never publishes.
    expect(await runAsAccount(() => publishPost(deps(), accountId, first!.id, new Date(dueAt.getTime() - 60_000)))).toEqual({ state: 'not_due' });
    expect(await runAsAccount(() => publishPost(deps(), accountId, second!.id, new Date(dueAt.getTime() + 3 * 24 * HOUR)))).toEqual({ state: 'not_due' });

    // Due: two runs at once (a repeated job, a second process) publish it once.
    const before = li.posts.length;
    const outcomes = await runAsAccount(() => Promise.all([publishPost(deps(), accountId, first!.id, dueAt), publishPost(deps(), accountId, first!.id, dueAt)]));
    expect(outcomes.filter((o) => o.state === 'published')).toHaveLength(1);
    expect(li.posts.length).toBe(before + 1);
    const sent = li.posts.at(-1)!;
    expect(sent.body).toMatchObject({ author: 'urn:li:person:Ab3XyZ_9', commentary: 'Forecasts slip when the CRM is updated on Fridays \\(we measured it\\). {hashtag|\\#|RevOps}' });

    const published = (await postsOf()).find((p) => p.id === first!.id)!;
    expect(published).toMatchObject({ status: 'published', error: null });
    expect(published.external_url).toMatch(/^https:\/\/www\.linkedin\.com\/feed\/update\/urn:li:share:\d+\/$/);
    expect((await inject('PUT', `/social_network_posts/${first!.id}`, { content: 'changed' })).json()).toEqual({ errors: ['This post has already been published and cannot be changed'] });
    const listed = (await inject('GET', '/linkedin_posts')).json<{ data: SocialPost[] }>().data;
    expect(listed.map((p) => p.id)).toEqual([first!.id]);
    const [activity] = await t.db.db.select().from(activities).where(and(eq(activities.accountId, accountId), eq(activities.verb, 'post_published')));
    expect(activity?.payload).toMatchObject({ social_post_id: first!.id });
  });

  it('uploads an image through the images API before posting', async () => {
    const image = await import('node:http').then(
      (http) =>
        new Promise<{ url: string; close: () => void }>((resolve) => {
          const server = http.createServer((_req, res) => {
            res.writeHead(200, { 'content-type': 'image/png' });
            res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 9, 9]));
          });
          server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}/chart.png`, close: () => server.close() }));
        }),
    );
    const [, second] = await postsOf();
    expect((await inject('PUT', `/social_network_posts/${second!.id}`, { image_url: image.url, status: 'approved' })).statusCode).toBe(200);
    const outcome = await runAsAccount(() => publishPost(deps(), accountId, second!.id, new Date(second!.scheduled_at)));
    image.close();
    expect(outcome.state).toBe('published');
    const media = (li.posts.at(-1)!.body.content as { media: { id: string } }).media;
    expect(li.images.get(media.id)?.bytes).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 9, 9]));
  });

  it('backs off on 429 with the reason on the post, pauses on an expired token, fails an uncertain answer once', async () => {
    await saveSettings({ approval: 'automatic' });
    await t.db.db.delete(socialPosts).where(and(eq(socialPosts.accountId, accountId), eq(socialPosts.status, 'pending_approval')));
    const nextWeek = new Date(MONDAY.getTime() + 7 * 24 * HOUR);
    const plan = await runAsAccount(() => planPosts(deps(), accountId, veId, 'linkedin', nextWeek));
    expect(plan.created.map((p) => p.status)).toEqual(['approved', 'approved']);
    const [a, b] = plan.created;

    li.postFailures.push({ status: 429, retryAfter: 90 });
    const throttled = await runAsAccount(() => publishPost(deps(), accountId, a!.id, a!.scheduledAt));
    expect(throttled).toMatchObject({ state: 'retry', at: new Date(a!.scheduledAt.getTime() + 90_000) });
    let shown = (await postsOf()).find((p) => p.id === a!.id)!;
    expect(shown).toMatchObject({ status: 'approved', attempts: 1, next_attempt_at: new Date(a!.scheduledAt.getTime() + 90_000).toISOString() });
    expect(shown.error).toMatch(/^LinkedIn is limiting posts right now \(429\): trying again at \d\d:\d\d UTC \(attempt 2 of 5\)$/);
    // Before the backoff ends nothing is claimed; after it, the retry publishes.
    expect(await runAsAccount(() => publishPost(deps(), accountId, a!.id, new Date(a!.scheduledAt.getTime() + 60_000)))).toEqual({ state: 'not_due' });
    expect((await runAsAccount(() => publishPost(deps(), accountId, a!.id, new Date(a!.scheduledAt.getTime() + 91_000)))).state).toBe('published');

    // Throttled every time: it gives up after MAX_PUBLISH_ATTEMPTS, with the reason.
    li.postFailures.push(...Array.from({ length: MAX_PUBLISH_ATTEMPTS }, () => ({ status: 429 })));
    let at = b!.scheduledAt;
    for (let i = 0; i < MAX_PUBLISH_ATTEMPTS; i++) {
      const o = await runAsAccount(() => publishPost(deps(), accountId, b!.id, at));
      if (o.state === 'retry') at = o.at;
      else expect(o.state).toBe('failed');
    }
    shown = (await postsOf()).find((p) => p.id === b!.id)!;
    expect(shown.status).toBe('failed');
    expect(shown.error).toMatch(/rate limit, 5 attempts/);
    li.postFailures.length = 0;

    // A 5xx may hide a created post: failed as uncertain, not retried.
    const later = (minutes: number) => new Date(b!.scheduledAt.getTime() + minutes * 60_000);
    expect((await inject('PUT', `/social_network_posts/${b!.id}`, { status: 'approved' })).json().data.status).toBe('approved');
    li.postFailures.push({ status: 503, message: 'Service Unavailable' });
    expect(await runAsAccount(() => publishPost(deps(), accountId, b!.id, later(1)))).toEqual({ state: 'failed', reason: UNCERTAIN_REASON });
    expect(await runAsAccount(() => publishPost(deps(), accountId, b!.id, later(2)))).toEqual({ state: 'not_due' });

    // The member's token expires: the post pauses with the reason, the connection shows it.
    expect((await inject('PUT', `/social_network_posts/${b!.id}`, { status: 'approved' })).statusCode).toBe(200);
    li.expireTokensOf('Ab3XyZ_9');
    const paused = await runAsAccount(() => publishPost(deps(), accountId, b!.id, later(3)));
    expect(paused).toMatchObject({ state: 'paused' });
    shown = (await postsOf()).find((p) => p.id === b!.id)!;
    expect(shown).toMatchObject({ status: 'paused', error: "LinkedIn access expired or was revoked: reconnect Alex Rivers's LinkedIn to publish again" });
    const profile = (await inject('GET', `/virtual_employees/${veId}/social_network_processing_profile`)).json<{ data: SocialProfile }>().data;
    expect(profile).toMatchObject({ status: 'expired' });
    const expiries = await t.db.db.select().from(activities).where(and(eq(activities.accountId, accountId), eq(activities.verb, 'social_profile_expired')));
    expect(expiries).toHaveLength(1);

    // The account is told of the failed posts and the expired connection, with a link to Brand awareness (the bell, live).
    await dispatcherFor(t.db.db)!.settle();
    const told = (await inject('GET', '/notifications')).json<{ data: Array<{ event: string; title: string; body: string; url: string | null }> }>().data;
    const failedTold = told.filter((n) => n.event === 'social_post_failed');
    expect(failedTold.map((n) => n.body)).toEqual(expect.arrayContaining([`${UNCERTAIN_REASON}`, expect.stringMatching(/rate limit, 5 attempts/)]));
    expect(failedTold.every((n) => n.title === "Alex Rivers's LinkedIn post could not be published" && n.url === '/cabinet/brand-awareness')).toBe(true);
    expect(told.filter((n) => n.event === 'social_profile_expired')).toEqual([
      expect.objectContaining({ title: "Alex Rivers's LinkedIn connection expired", url: '/cabinet/brand-awareness' }),
    ]);
    const [bell] = await t.db.db.select().from(liveEvents).where(and(eq(liveEvents.accountId, accountId), eq(liveEvents.name, 'notification_created'))).limit(1);
    expect(bell).toBeDefined();

    // Reconnecting resumes it (its time is still ahead): approved again, and it publishes.
    expect((await (await connect()).callback()).statusCode).toBe(302);
    shown = (await postsOf()).find((p) => p.id === b!.id)!;
    expect(shown).toMatchObject({ status: 'approved', error: null });
    expect((await runAsAccount(() => publishPost(deps(), accountId, b!.id, later(4)))).state).toBe('published');
  });

  it('approves or skips several posts at once, and marks posts not approved in time as missed', async () => {
    await saveSettings({ approval: 'required' });
    const week3 = new Date(MONDAY.getTime() + 14 * 24 * HOUR);
    const plan = await runAsAccount(() => planPosts(deps(), accountId, veId, 'linkedin', week3));
    const [a, b] = plan.created;
    const res = await inject('PUT', '/linkedin_accounts/manage-posts', { post_ids: [a!.id, b!.id], action: 'skip' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((p: SocialPost) => p.status)).toEqual(['skipped', 'skipped']);
    const again = await inject('PUT', '/linkedin_accounts/manage-posts', { post_ids: [a!.id], action: 'approve' });
    expect(again.json().data[0].status).toBe('approved');
    expect((await inject('PUT', '/linkedin_accounts/manage-posts', { post_ids: [999999], action: 'skip' })).statusCode).toBe(404);

    await inject('PUT', `/social_network_posts/${b!.id}`, { status: 'pending_approval' });
    const later = await runAsAccount(() => planPosts(deps(), accountId, veId, 'linkedin', new Date(b!.scheduledAt.getTime() + HOUR)));
    expect(later.missed).toBe(1);
    expect((await postsOf()).find((p) => p.id === b!.id)).toMatchObject({ status: 'missed', error: 'Not approved before its time' });
  });

  it("unlinks: revokes the token at LinkedIn, deletes it, and pauses the employee's approved posts", async () => {
    const [row] = await t.db.db.select().from(socialProfiles).where(eq(socialProfiles.virtualEmployeeId, veId));
    const issued = [...li.tokens.entries()].filter(([, v]) => !v.revoked && !v.expired).map(([k]) => k);
    const res = await inject('DELETE', `/virtual_employees/${veId}/unlink_social_network_profile?social_network=linkedin`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { revoked: true } });
    expect(row).toBeDefined();
    expect(issued.some((k) => li.tokens.get(k)!.revoked)).toBe(true);
    expect(await t.db.db.select().from(socialProfiles).where(eq(socialProfiles.virtualEmployeeId, veId))).toHaveLength(0);
    const approvedLater = (await postsOf()).filter((p) => p.status === 'approved' && new Date(p.scheduled_at) > new Date());
    expect(approvedLater).toHaveLength(0);
    expect((await inject('DELETE', `/virtual_employees/${veId}/unlink_social_network_profile`)).statusCode).toBe(404);
  });

  it("never shows or changes another account's employees and posts", async () => {
    const stranger = await signedInUser(t, 'awareness-other');
    const [post] = await t.db.db.select().from(socialPosts).where(eq(socialPosts.accountId, accountId)).limit(1);
    expect((await inject('GET', `/virtual_employees/${veId}/social_posts_settings`, undefined, stranger.headers)).statusCode).toBe(404);
    expect((await inject('PUT', `/social_network_posts/${post!.id}`, { status: 'skipped' }, stranger.headers)).statusCode).toBe(404);
    expect((await inject('GET', '/social_network_posts', undefined, stranger.headers)).json().data).toEqual([]);
    expect((await inject('POST', `/virtual_employees/${veId}/social_network_connect_url`, {}, stranger.headers)).statusCode).toBe(404);
  });
});
