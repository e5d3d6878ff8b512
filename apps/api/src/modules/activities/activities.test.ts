import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../../testing/databases';
import { signedInUser, startTestApp, type TestApp } from '../../testing/harness';
import { accountIdOf, personaWithProspect } from '../messaging/ownership.test-helpers';
import { recentActivities, recordActivity } from './service';

describe.each(DB_KINDS)('the activity log on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('records who did what, when, on which channel, to which prospect and persona; newest first, per account', async () => {
    const a = await signedInUser(t, 'activity-a');
    const b = await signedInUser(t, 'activity-b');
    const accountA = await accountIdOf(t, a);
    const { persona, prospectId } = await personaWithProspect(t, a.headers);
    const earlier = new Date(Date.now() - 60_000);
    await recordActivity(t.db.db, { accountId: accountA, actorType: 'agent', verb: 'email_sent', channel: 'email', prospectId, personaId: persona.id, payload: { subject: 'Hi' }, occurredAt: earlier });
    await recordActivity(t.db.db, { accountId: accountA, actorType: 'virtual_employee', actorId: 7, verb: 'post_published', channel: 'linkedin' });
    const list = await recentActivities(t.db.db, accountA);
    expect(list.map((x) => x.verb)).toEqual(['post_published', 'prospect_added', 'email_sent']);
    expect(list[2]).toMatchObject({ actorType: 'agent', channel: 'email', prospectId, personaId: persona.id, payload: { subject: 'Hi' }, occurredAt: earlier });
    expect(await recentActivities(t.db.db, await accountIdOf(t, b))).toEqual([]);
  });

  it('adding a prospect from the extension is logged as prospect_added', async () => {
    const a = await signedInUser(t, 'activity-ext');
    const { persona, prospectId } = await personaWithProspect(t, a.headers);
    const [added] = await recentActivities(t.db.db, await accountIdOf(t, a), { verb: 'prospect_added' });
    expect(added).toMatchObject({ actorType: 'user', channel: 'linkedin', prospectId, personaId: persona.id, payload: { source: 'extension', created: true } });
  });

  it('refuses an unknown actor type or channel', async () => {
    const a = await signedInUser(t, 'activity-bad');
    const accountId = await accountIdOf(t, a);
    await expect(recordActivity(t.db.db, { accountId, actorType: 'robot' as never, verb: 'x' as never })).rejects.toThrow();
    await expect(recordActivity(t.db.db, { accountId, actorType: 'user', verb: 'x' as never, channel: 'fax' as never })).rejects.toThrow();
  });
});
