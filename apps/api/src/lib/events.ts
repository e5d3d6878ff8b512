import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { ACTIVITY_VERBS, DOMAIN_EVENT_NAMES, type ActivityVerb, type DomainEventName, type DomainEventPayloads } from '@shared/events';
import { dbId, text } from '@shared/schemas/primitives';
import type { Db } from '../db/client';
import { activities, type ActivityRow } from '../db/schema';
import { databaseIdentity, withinTransaction } from '../db/transaction';
import { defineJob } from './jobs/queue';
import type { Deps } from './route';

/**
 * Domain events and who reacts to them. A layer of the engine tells the layers above it what happened by publishing
 * an event in the transaction of the change (an activity is one, recordActivity publishes it); it never imports
 * them. Who reacts to what is one list, `apps/api/src/reactions.ts` (like routes.ts and jobs.ts), bound to the
 * app's database at build (`bindEvents`, app.ts):
 * - a reaction `in: 'transaction'` runs inside the publishing transaction and commits or rolls back with it (stop
 *   the enrolments of a suppressed address, move a pipeline card on a reply);
 * - a reaction `in: 'job'` does I/O: publishing enqueues one durable job per reaction in the same transaction, keyed
 *   by reaction and event (job `reaction`), so it runs once the change commits and only then, at least once,
 *   retried with backoff on its own (a failing reaction never repeats the ones that succeeded), in the account's
 *   scope, never inside the request that caused it. SKIP LOCKED hands each to one process.
 */

export type EventPayloads = DomainEventPayloads & { activity: ActivityRow };
export type EventName = keyof EventPayloads;
export type DomainEvent<N extends EventName = EventName> = {
  [K in N]: { name: K; accountId: number; /** Unique per event: a durable reaction's job key. */ key: string; data: EventPayloads[K] };
}[N];

type Filter = { /** Only these activity verbs (for `on: 'activity'`). */ verbs?: readonly ActivityVerb[] };
export type Reaction =
  | ({ [N in EventName]: { name: string; on: N; in: 'transaction'; run: (tx: Db, event: DomainEvent<N>, deps: Deps) => Promise<void> } }[EventName] & Filter)
  | ({ [N in EventName]: { name: string; on: N; in: 'job'; run: (deps: Deps, event: DomainEvent<N>) => Promise<void> } }[EventName] & Filter);

export type ReactionRegistry = {
  readonly reactions: readonly Reaction[];
  /** The reactions to one event, in registry order. */
  to(event: DomainEvent): readonly Reaction[];
  byName(name: string): Reaction | undefined;
};

export function defineReactions(reactions: readonly Reaction[]): ReactionRegistry {
  const names = new Set<string>();
  for (const r of reactions) {
    if (names.has(r.name)) throw new Error(`reaction ${r.name} is defined twice`);
    names.add(r.name);
    if (r.verbs && r.on !== 'activity') throw new Error(`reaction ${r.name}: verbs filter only activities`);
  }
  const byEvent = new Map<string, Reaction[]>();
  const keyOf = (name: string, verb?: string) => (verb ? `${name}:${verb}` : name);
  for (const r of reactions) {
    const keys = r.on === 'activity' ? (r.verbs ?? ACTIVITY_VERBS).map((v) => keyOf('activity', v)) : [keyOf(r.on)];
    for (const k of keys) byEvent.set(k, [...(byEvent.get(k) ?? []), r]);
  }
  return {
    reactions,
    to: (event) => byEvent.get(event.name === 'activity' ? keyOf('activity', event.data.verb) : keyOf(event.name)) ?? [],
    byName: (name) => reactions.find((r) => r.name === name),
  };
}

type Runtime = { registry: ReactionRegistry; deps: Deps };
/** The runtimes bound to each database (newest last: two apps on one database in a test share it). */
const runtimes = new WeakMap<object, Runtime[]>();

/** Binds the reaction registry to the app's database (app.ts, at build); returns the unbinding (at close). */
export function bindEvents(deps: Deps, registry: ReactionRegistry): () => void {
  const id = databaseIdentity(deps.db);
  const runtime: Runtime = { registry, deps };
  runtimes.set(id, [...(runtimes.get(id) ?? []), runtime]);
  return () => runtimes.set(id, (runtimes.get(id) ?? []).filter((r) => r !== runtime));
}

function runtimeOf(db: Db): Runtime {
  const runtime = runtimes.get(databaseIdentity(db))?.at(-1);
  // Without it an event would be lost silently (no enrolment stopped on a suppression): refuse instead.
  if (!runtime) throw new Error('No reactions are bound to this database: build the app (app.ts binds src/reactions.ts) before writing through it');
  return runtime;
}

/** Whether reactions are bound to this database (the demo seeder and scripts that write without an app ask). */
export const eventsBound = (db: Db): boolean => Boolean(runtimes.get(databaseIdentity(db))?.length);

/**
 * Publishes one event in `db`'s transaction (a new one when `db` is the root handle): runs its in-transaction
 * reactions there and enqueues its durable ones there.
 */
export async function publish<N extends DomainEventName>(db: Db, accountId: number, name: N, data: DomainEventPayloads[N]): Promise<void> {
  await withinTransaction(db, (tx) => react(tx, { name, accountId, key: randomUUID(), data } as DomainEvent));
}

/** Runs the reactions to an event already inside its transaction `tx` (recordActivity's way in). */
export async function react(tx: Db, event: DomainEvent): Promise<void> {
  const { registry, deps } = runtimeOf(tx);
  for (const reaction of registry.to(event)) {
    if (reaction.in === 'transaction') {
      await (reaction.run as (tx: Db, e: DomainEvent, d: Deps) => Promise<void>)(tx, event, deps);
    } else {
      const data = event.name === 'activity' ? { id: event.data.id } : event.data;
      await deps.jobs.send(reactionJob, { reaction: reaction.name, account_id: event.accountId, name: event.name, key: event.key, data }, { tx, key: `${reaction.name}:${event.key}` });
    }
  }
}

type ReactionPayload = { reaction: string; account_id: number; name: string; key: string; data: Record<string, unknown> };

/** One durable reaction to one event (see above); its key makes a second enqueue of the same pair a no-op. */
export const reactionJob = defineJob<ReactionPayload, Deps>({
  name: 'reaction',
  payload: z.object({
    reaction: text(),
    account_id: dbId(),
    name: z.enum(['activity', ...DOMAIN_EVENT_NAMES]),
    key: text(),
    data: z.record(text(), z.unknown()),
  }),
  scope: (_deps, payload) => payload.account_id,
  retryLimit: 5,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  // One at a time per process, in the order the events were enqueued (pg-boss hands out the oldest first): a
  // meeting booked, then the deal won, notify in that order.
  concurrency: 1,
  handler: async (deps, payload) => {
    const reaction = runtimeOf(deps.db).registry.byName(payload.reaction);
    if (!reaction || reaction.in !== 'job') throw new Error(`reaction ${payload.reaction} is not a durable reaction of this build`);
    let data: unknown = payload.data;
    if (payload.name === 'activity') {
      const [row] = await deps.db
        .select()
        .from(activities)
        .where(and(eq(activities.accountId, payload.account_id), eq(activities.id, Number(payload.data.id))));
      if (!row) return { skipped: 'the activity is gone' };
      data = row;
    }
    const event = { name: payload.name, accountId: payload.account_id, key: payload.key, data } as DomainEvent;
    await (reaction.run as (d: Deps, e: DomainEvent) => Promise<void>)(deps, event);
    return { reacted: reaction.name };
  },
});

/** The activity's event key (one activity is one event). */
export const activityEventKey = (activity: Pick<ActivityRow, 'id'>) => `activity:${activity.id}`;
