import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type DbHandle } from '../db/client';
import { DB_KINDS } from '../testing/databases';
import { signedInUser, startTestApp, type TestApp } from '../testing/harness';
import { accountIdOf } from '../modules/messaging/ownership.test-helpers';
import { recordActivity } from '../modules/activities/service';
import { reactions as appReactions } from '../reactions';
import { bindEvents, defineReactions, eventsBound, publish, type DomainEvent } from './events';
import type { Deps } from './route';

/** A registry whose reactions count their runs; `failFirst` durable attempts of `flaky` throw. */
function countingRegistry(failFirst = 0) {
  const runs: string[] = [];
  let flakyAttempts = 0;
  const keyOf = (e: DomainEvent) => (e.name === 'activity' ? `activity:${e.data.id}` : `${e.name}:${(e.data as { reason?: string }).reason}`);
  const registry = defineReactions([
    { name: 'same-tx', on: 'address_suppressed', in: 'transaction', run: async (_tx, e) => void runs.push(`same-tx ${keyOf(e)}`) },
    { name: 'steady', on: 'address_suppressed', in: 'job', run: async (_deps, e) => void runs.push(`steady ${keyOf(e)}`) },
    {
      name: 'flaky',
      on: 'address_suppressed',
      in: 'job',
      run: async (_deps, e) => {
        flakyAttempts++;
        if (flakyAttempts <= failFirst) throw new Error(`the receiver is down (${flakyAttempts})`);
        runs.push(`flaky ${keyOf(e)}`);
      },
    },
    { name: 'on-sent', on: 'activity', verbs: ['email_sent'], in: 'job', run: async (_deps, e) => void runs.push(`on-sent ${keyOf(e)}`) },
  ]);
  return { registry, runs, attempts: () => flakyAttempts };
}

const suppressed = (reason: 'manual' | 'stopped') => ({ target: { kind: 'email' as const, email: 'x@events.test' }, reason });

describe.each(DB_KINDS)('domain events and the reaction registry on %s', (kind) => {
  let t: TestApp;
  let accountId: number;
  beforeAll(async () => {
    t = await startTestApp(kind);
    accountId = await accountIdOf(t, await signedInUser(t, 'events'));
  });
  afterAll(() => t.close());
  const depsOf = (app: TestApp) => ({ db: app.db.db, jobs: app.app.jobs }) as unknown as Deps;

  it('the app binds its registry to its database; each reaction name is unique', () => {
    expect(eventsBound(t.db.db)).toBe(true);
    expect(new Set(appReactions.reactions.map((r) => r.name)).size).toBe(appReactions.reactions.length);
    expect(() => defineReactions([...appReactions.reactions, appReactions.reactions[0]!])).toThrow(/defined twice/);
  });

  it('runs each reaction once per event: in the transaction, and as a durable job once it commits', async () => {
    const { registry, runs } = countingRegistry();
    const unbind = bindEvents(depsOf(t), registry);
    try {
      await publish(t.db.db, accountId, 'address_suppressed', suppressed('manual'));
      // The same-transaction reaction has run; the durable ones wait for the queue.
      expect(runs).toEqual(['same-tx address_suppressed:manual']);
      await t.app.jobs.drain();
      expect(runs.sort()).toEqual(['flaky address_suppressed:manual', 'same-tx address_suppressed:manual', 'steady address_suppressed:manual']);
      // An activity's reactions are filtered by verb.
      const sent = await recordActivity(t.db.db, { accountId, actorType: 'agent', verb: 'email_sent', channel: 'email' });
      await recordActivity(t.db.db, { accountId, actorType: 'agent', verb: 'post_published', channel: 'linkedin' });
      await t.app.jobs.drain();
      expect(runs.filter((r) => r.startsWith('on-sent'))).toEqual([`on-sent activity:${sent.id}`]);
    } finally {
      unbind();
    }
  });

  it('a rolled-back change runs no reaction (its durable jobs were never enqueued)', async () => {
    const { registry, runs } = countingRegistry();
    const unbind = bindEvents(depsOf(t), registry);
    try {
      await expect(
        t.db.db.transaction(async (tx) => {
          await publish(tx, accountId, 'address_suppressed', suppressed('stopped'));
          throw new Error('the change fails after the event');
        }),
      ).rejects.toThrow('the change fails');
      await t.app.jobs.drain({ skipDelays: true });
      expect(runs).toEqual(['same-tx address_suppressed:stopped']);
    } finally {
      unbind();
    }
  });

  it('a failing durable reaction is retried on its own: the ones that succeeded do not run again', async () => {
    const { registry, runs, attempts } = countingRegistry(2);
    const unbind = bindEvents(depsOf(t), registry);
    try {
      await publish(t.db.db, accountId, 'address_suppressed', suppressed('manual'));
      await t.app.jobs.drain({ skipDelays: true });
      expect(attempts()).toBe(3);
      expect(runs.filter((r) => r.startsWith('steady'))).toHaveLength(1);
      expect(runs.filter((r) => r.startsWith('flaky'))).toHaveLength(1);
      expect(runs.filter((r) => r.startsWith('same-tx'))).toHaveLength(1);
    } finally {
      unbind();
    }
  });

  it('refuses to publish through a database no app has bound (an event is never lost silently)', async () => {
    const { registry } = countingRegistry();
    const unbind = bindEvents(depsOf(t), registry);
    unbind();
    const other = await startTestApp(kind);
    const handle = other.db;
    await other.app.close();
    try {
      expect(eventsBound(handle.db)).toBe(false);
      await expect(publish(handle.db, accountId, 'address_suppressed', suppressed('manual'))).rejects.toThrow(/No reactions are bound/);
    } finally {
      await other.close().catch(() => {});
    }
  });
});

describe.runIf(DB_KINDS.includes('postgres'))('two API processes on one PostgreSQL', () => {
  let first: TestApp;
  let secondDb: DbHandle;
  let second: TestApp;
  beforeAll(async () => {
    first = await startTestApp('postgres');
    const url = (first.db as DbHandle & { pool: { options: { connectionString: string } } }).pool.options.connectionString;
    secondDb = await openPostgres(url, 5);
    second = await startTestApp('postgres', { db: secondDb });
  });
  afterAll(async () => {
    await second.close();
    await secondDb.close();
    await first.close();
  });

  it('run each durable reaction once per event, whichever process takes it', async () => {
    const accountId = await accountIdOf(first, await signedInUser(first, 'events-two'));
    const one = countingRegistry();
    const two = countingRegistry();
    const unbindOne = bindEvents({ db: first.db.db, jobs: first.app.jobs } as unknown as Deps, one.registry);
    const unbindTwo = bindEvents({ db: secondDb.db, jobs: second.app.jobs } as unknown as Deps, two.registry);
    try {
      const sent = [];
      for (let i = 0; i < 30; i++) sent.push(await recordActivity(first.db.db, { accountId, actorType: 'agent', verb: 'email_sent', channel: 'email' }));
      await Promise.all([first.app.jobs.drain(), second.app.jobs.drain()]);
      const all = [...one.runs, ...two.runs].filter((r) => r.startsWith('on-sent'));
      expect(all).toHaveLength(30);
      expect(new Set(all)).toEqual(new Set(sent.map((s) => `on-sent activity:${s.id}`)));
    } finally {
      unbindOne();
      unbindTwo();
    }
  });
});
