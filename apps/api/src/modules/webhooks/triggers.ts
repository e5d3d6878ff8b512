import { and, desc, eq, inArray } from 'drizzle-orm';
import type { ActivityVerb } from '@shared/events';
import type { WebhookEvent, WebhookEventItem } from '@shared/schemas/webhooks';
import type { Db } from '../../db/client';
import { activities, prospects, type ActivityRow, type ProspectRow } from '../../db/schema';

/**
 * The triggers (@shared/schemas/webhooks WEBHOOK_EVENTS) and what each one's items look like: the same item is what
 * a hook receives and what the trigger's sample list shows (Zapier's editor), so a zap built on a sample works on
 * the real thing. Activity triggers are keyed by the activity (`id` is its id); `prospect.created` by the prospect
 * (`id` is the prospect's id, whether it came from the extension, an import or the API), so a prospect is new once.
 * Payload shapes: docs/decisions.md "Webhook event payloads".
 */

type ActivityTrigger = { kind: 'activity'; verbs: readonly ActivityVerb[]; fields: readonly string[] };
type ProspectTrigger = { kind: 'prospect' };

export const TRIGGERS: Record<WebhookEvent, ActivityTrigger | ProspectTrigger> = {
  'reply.received': { kind: 'activity', verbs: ['reply_received'], fields: ['thread_id', 'campaign_id', 'subject', 'snippet'] },
  'reply.positive': { kind: 'activity', verbs: ['reply_interested', 'meeting_requested'], fields: ['thread_id', 'campaign_id', 'subject', 'snippet', 'reply_status'] },
  'reply.status_changed': { kind: 'activity', verbs: ['reply_status_changed'], fields: ['thread_id', 'from', 'to', 'source'] },
  'meeting.booked': { kind: 'activity', verbs: ['meeting_booked'], fields: ['opportunity_id', 'thread_id', 'company', 'source'] },
  'pipeline.stage_changed': { kind: 'activity', verbs: ['pipeline_moved'], fields: ['opportunity_id', 'from', 'to', 'reason', 'source'] },
  'prospect.created': { kind: 'prospect' },
  'prospect.bounced_or_unsubscribed': { kind: 'activity', verbs: ['email_bounced', 'email_unsubscribed'], fields: ['email', 'reason', 'code', 'campaign_id'] },
};

/** Every activity verb some trigger listens to (the reaction's filter, src/reactions.ts), prospect_added included. */
export const WEBHOOK_VERBS: readonly ActivityVerb[] = [
  ...new Set<ActivityVerb>([...Object.values(TRIGGERS).flatMap((t) => (t.kind === 'activity' ? t.verbs : [])), 'prospect_added']),
];

/** What a trigger says about a prospect. */
export function prospectData(p: Pick<ProspectRow, 'id' | 'email' | 'firstName' | 'lastName' | 'fullName' | 'company' | 'title' | 'linkedinUrl' | 'source' | 'createdAt'>) {
  return {
    id: p.id,
    email: p.email,
    first_name: p.firstName,
    last_name: p.lastName,
    full_name: p.fullName,
    company: p.company,
    title: p.title,
    linkedin_url: p.linkedinUrl,
    source: p.source,
    created_at: p.createdAt.toISOString(),
  };
}

async function prospectsById(db: Db, accountId: number, ids: number[]): Promise<Map<number, ProspectRow>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select()
    .from(prospects)
    .where(and(eq(prospects.accountId, accountId), inArray(prospects.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The trigger an activity is an event of (null: none; a prospect_added is `prospect.created` only when it created one). */
export function triggerOfActivity(activity: Pick<ActivityRow, 'verb' | 'payload' | 'prospectId'>): WebhookEvent | null {
  if (activity.verb === 'prospect_added') return (activity.payload as { created?: unknown }).created === false || activity.prospectId === null ? null : 'prospect.created';
  for (const [event, t] of Object.entries(TRIGGERS) as Array<[WebhookEvent, ActivityTrigger | ProspectTrigger]>) {
    if (t.kind === 'activity' && t.verbs.includes(activity.verb as ActivityVerb)) return event;
  }
  return null;
}

function activityItem(event: WebhookEvent, a: ActivityRow, prospect: ProspectRow | undefined): WebhookEventItem {
  const t = TRIGGERS[event] as ActivityTrigger;
  const payload = a.payload as Record<string, unknown>;
  const data: Record<string, unknown> = { activity: a.verb, channel: a.channel };
  for (const f of t.fields) data[f] = payload[f] ?? null;
  if (event === 'prospect.bounced_or_unsubscribed') data.kind = a.verb === 'email_bounced' ? 'bounced' : 'unsubscribed';
  data.prospect = prospect ? prospectData(prospect) : null;
  return { id: String(a.id), event, occurred_at: a.occurredAt.toISOString(), data };
}

function prospectItem(p: ProspectRow): WebhookEventItem {
  return { id: String(p.id), event: 'prospect.created', occurred_at: p.createdAt.toISOString(), data: { prospect: prospectData(p) } };
}

/** The item of one trigger event, with its dedupe key (one delivery per hook and key). */
export type TriggerEvent = { key: string; item: WebhookEventItem };

export async function eventOfActivity(db: Db, activity: ActivityRow): Promise<TriggerEvent | null> {
  const event = triggerOfActivity(activity);
  if (!event) return null;
  const found = await prospectsById(db, activity.accountId, activity.prospectId ? [activity.prospectId] : []);
  if (event === 'prospect.created') {
    const p = found.get(activity.prospectId!);
    return p ? { key: `prospect.created:${p.id}`, item: prospectItem(p) } : null;
  }
  return { key: `activity:${activity.id}`, item: activityItem(event, activity, activity.prospectId ? found.get(activity.prospectId) : undefined) };
}

export async function eventsOfNewProspects(db: Db, accountId: number, ids: number[]): Promise<TriggerEvent[]> {
  const found = await prospectsById(db, accountId, ids);
  return [...found.values()].sort((a, b) => a.id - b.id).map((p) => ({ key: `prospect.created:${p.id}`, item: prospectItem(p) }));
}

/** A trigger's newest items (Zapier's sample list and a polling fallback): newest first, ids stable. */
export async function samplesOf(db: Db, accountId: number, event: WebhookEvent, limit: number): Promise<WebhookEventItem[]> {
  const t = TRIGGERS[event];
  if (t.kind === 'prospect') {
    const rows = await db.select().from(prospects).where(eq(prospects.accountId, accountId)).orderBy(desc(prospects.id)).limit(limit);
    return rows.map(prospectItem);
  }
  const rows = await db
    .select()
    .from(activities)
    .where(and(eq(activities.accountId, accountId), inArray(activities.verb, [...t.verbs])))
    .orderBy(desc(activities.id))
    .limit(limit);
  const found = await prospectsById(db, accountId, rows.flatMap((r) => (r.prospectId ? [r.prospectId] : [])));
  return rows.map((a) => activityItem(event, a, a.prospectId ? found.get(a.prospectId) : undefined));
}
