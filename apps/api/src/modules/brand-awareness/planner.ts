import { and, eq, inArray, lt } from 'drizzle-orm';
import { z } from 'zod';
import { dbId } from '@shared/schemas/primitives';
import { SOCIAL_NETWORKS, type SocialNetwork, type SocialPostTone } from '@shared/schemas/brand-awareness';
import { socialPosts, type SocialPostRow } from '../../db/schema';
import { defineJob } from '../../lib/jobs/queue';
import { recordActivity } from '../activities/service';
import type { Deps } from '../../lib/route';
import { schedulePublish, STALE_PUBLISHING_MS, UNCERTAIN_REASON } from './publish';
import * as repo from './repository';
import { PLAN_HORIZON_DAYS, slotsBetween } from './slots';
import { materialFor, writePost } from './writer';

const DAY_MS = 24 * 3600 * 1000;
export const MISSED_REASON = 'Not approved before its time';

export type PlanResult = { created: SocialPostRow[]; missed: number; reason?: 'disabled' | 'no_topics' | 'not_connected' | 'gone' };

/**
 * Writes the posts of the employee's next PLAN_HORIZON_DAYS (one per free slot; the unique slot index makes a
 * repeat plan, from any process, a no-op), approved at once when approval is automatic; marks posts that
 * waited for an approval past their time as missed and stale publishes as uncertain. Runs daily per
 * employee and network (the plan job) and right after the settings are saved.
 */
export async function planPosts(deps: Deps, accountId: number, veId: number, network: SocialNetwork, now: Date): Promise<PlanResult> {
  const db = deps.db;
  const missed = await db
    .update(socialPosts)
    .set({ status: 'missed', error: MISSED_REASON, updatedAt: now })
    .where(and(eq(socialPosts.accountId, accountId), eq(socialPosts.virtualEmployeeId, veId), eq(socialPosts.status, 'pending_approval'), lt(socialPosts.scheduledAt, now)))
    .returning({ id: socialPosts.id });
  const employee = await repo.findEmployee(db, accountId, veId);
  await db.transaction(async (tx) => {
    const uncertain = await tx
      .update(socialPosts)
      .set({ status: 'failed', error: UNCERTAIN_REASON, updatedAt: now })
      .where(
        and(
          eq(socialPosts.accountId, accountId),
          eq(socialPosts.virtualEmployeeId, veId),
          inArray(socialPosts.status, ['publishing']),
          lt(socialPosts.claimedAt, new Date(now.getTime() - STALE_PUBLISHING_MS)),
        ),
      )
      .returning({ id: socialPosts.id });
    // A failed post notifies the account, as one failed while publishing does (publish.ts).
    for (const post of uncertain) {
      await recordActivity(tx, {
        accountId,
        actorType: 'virtual_employee',
        actorId: veId,
        verb: 'social_post_failed',
        channel: 'linkedin',
        payload: { social_post_id: post.id, virtual_employee_id: veId, virtual_employee_name: employee?.name ?? null, reason: UNCERTAIN_REASON },
      });
    }
  });

  if (!employee) return { created: [], missed: missed.length, reason: 'gone' };
  const settings = await repo.findSettings(db, accountId, veId, network);
  if (!settings?.enabled) return { created: [], missed: missed.length, reason: 'disabled' };
  if (!settings.topics.length) return { created: [], missed: missed.length, reason: 'no_topics' };
  const profile = await repo.findProfile(db, accountId, veId, network);
  if (!profile) return { created: [], missed: missed.length, reason: 'not_connected' };

  const rule = { days: settings.days, time: settings.time, timeZone: settings.timeZone, postsPerWeek: settings.postsPerWeek };
  const slots = slotsBetween(rule, now);
  const taken = await repo.takenSlots(db, accountId, veId, network, now, new Date(now.getTime() + (PLAN_HORIZON_DAYS + 1) * DAY_MS));
  const free = slots.filter((s) => !taken.has(s.getTime()));
  if (!free.length) return { created: [], missed: missed.length };

  const material = await materialFor(db, accountId, employee);
  let written = await repo.postCount(db, accountId, veId, network);
  const earlier = await repo.recentContents(db, accountId, veId, network);
  const created: SocialPostRow[] = [];
  const automatic = settings.approval === 'automatic';
  for (const slot of free) {
    const topic = settings.topics[written % settings.topics.length]!;
    const post = await writePost(deps.config, material, { network, topic, tone: settings.tone as SocialPostTone, seed: written, earlier });
    const [row] = await db
      .insert(socialPosts)
      .values({
        accountId,
        virtualEmployeeId: veId,
        socialNetwork: network,
        topic,
        content: post.content,
        writtenBy: post.writtenBy,
        status: automatic ? 'approved' : 'pending_approval',
        approvedAt: automatic ? now : null,
        scheduledAt: slot,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) continue;
    written += 1;
    earlier.unshift(post.content);
    created.push(row);
    if (automatic) await schedulePublish(deps, row);
  }
  // The cabinet's calendar hears of the new posts (the live cable refetches brand awareness on social_ activities).
  if (created.length) {
    await recordActivity(db, {
      accountId,
      actorType: 'virtual_employee',
      actorId: veId,
      verb: 'social_posts_planned',
      channel: 'linkedin',
      payload: { virtual_employee_id: veId, count: created.length, social_post_ids: created.map((p) => p.id) },
    });
  }
  return { created, missed: missed.length };
}

// ---------------------------------------------------------------- jobs

const planPayload = z.object({ account_id: dbId(), virtual_employee_id: dbId(), social_network: z.enum(SOCIAL_NETWORKS) });

/** The next daily plan of an employee (one per day slot across processes). */
export async function schedulePlan(deps: Pick<Deps, 'jobs'>, accountId: number, veId: number, network: SocialNetwork, after: Date, tx?: Deps['db']): Promise<void> {
  const startAfter = new Date(Math.floor(after.getTime() / DAY_MS) * DAY_MS + DAY_MS);
  await deps.jobs.send(planJob, { account_id: accountId, virtual_employee_id: veId, social_network: network }, { startAfter, key: `plan:${veId}:${network}:${startAfter.toISOString()}`, tx });
}

/** A plan right away (settings saved, LinkedIn connected), committed with the change when `tx` is given. */
export async function planNow(deps: Pick<Deps, 'jobs'>, accountId: number, veId: number, network: SocialNetwork, now: Date, tx?: Deps['db']): Promise<void> {
  await deps.jobs.send(planJob, { account_id: accountId, virtual_employee_id: veId, social_network: network }, { key: `plan:${veId}:${network}:now:${now.getTime()}`, tx });
}

export const planJob = defineJob<z.output<typeof planPayload>, Deps>({
  name: 'brand-posts-plan',
  payload: planPayload,
  scope: (_deps, p) => p.account_id,
  retryLimit: 3,
  retryDelaySeconds: 60,
  concurrency: 1,
  handler: async (deps, p) => {
    const now = new Date();
    const result = await planPosts(deps, p.account_id, p.virtual_employee_id, p.social_network, now);
    // Planning goes on daily while posting is on; turning it on again schedules it anew.
    if (result.reason !== 'disabled' && result.reason !== 'gone') await schedulePlan(deps, p.account_id, p.virtual_employee_id, p.social_network, now);
    return { created: result.created.length, missed: result.missed, reason: result.reason ?? null };
  },
});
