import { z } from 'zod';
import { dbId } from '@shared/schemas/primitives';
import { SOCIAL_NETWORK_LABELS } from '@shared/schemas/brand-awareness';
import type { Config } from '../../config';
import type { SocialPostRow } from '../../db/schema';
import { guardedFetch, GuardedFetchError } from '../../lib/guarded-fetch';
import { defineJob } from '../../lib/jobs/queue';
import type { Deps } from '../../lib/route';
import { SecretBoxError } from '../../lib/secret-box';
import { recordActivity } from '../activities/service';
import { LinkedInApiError, linkedInApi, memberUrn, postUrl, type LinkedInApi } from './linkedin-api';
import * as repo from './repository';

/** A post left "publishing" this long lost its process mid-call: it may or may not be on LinkedIn. */
export const STALE_PUBLISHING_MS = 15 * 60 * 1000;
export const UNCERTAIN_REASON = 'LinkedIn did not confirm this post (the publish was interrupted). Check the profile before publishing it again.';
/** Throttled (429) publishes are tried this many times in all, backing off, before the post fails. */
export const MAX_PUBLISH_ATTEMPTS = 5;
const IMAGE_MAX_BYTES = 8 * 1024 * 1024;
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif'];

const apis = new WeakMap<Config, LinkedInApi>();
/** The LinkedIn client of this configuration, or null when LINKEDIN_CLIENT_ID/SECRET are not set. */
export function linkedInFor(config: Config): LinkedInApi | null {
  if (!config.linkedin) return null;
  let api = apis.get(config);
  if (!api) apis.set(config, (api = linkedInApi(config.linkedin)));
  return api;
}

export const expiredReason = (name: string) => `LinkedIn access expired or was revoked: reconnect ${name}'s LinkedIn to publish again`;
export const notConnectedReason = (name: string) => `${name} has no LinkedIn connected: connect it to publish`;

export type PublishOutcome =
  | { state: 'published'; urn: string }
  | { state: 'not_due' }
  | { state: 'retry'; at: Date; reason: string }
  | { state: 'paused'; reason: string }
  | { state: 'failed'; reason: string };

/** Backoff for a throttled publish: LinkedIn's Retry-After when it says, else 1, 2, 4, 8 minutes. */
export const backoffSeconds = (attempt: number, retryAfter: number | null) => Math.min(6 * 3600, retryAfter ?? 60 * 2 ** Math.max(0, attempt - 1));

/**
 * Publishes one post at `now` if it is approved and due. The claim (approved → publishing, one statement)
 * makes this happen at most once per post: a repeated job, another process or a retry finds nothing to
 * claim. LinkedIn's answer decides what follows: published; 401 pauses the post and marks the member's
 * connection expired (every later post of that employee pauses too, until reconnected); 429 puts it back
 * as approved with a backoff and a new job; an answer that may hide a created post (5xx, a lost
 * connection) fails it as uncertain, never retried on its own.
 */
export async function publishPost(deps: Deps, accountId: number, postId: number, now: Date): Promise<PublishOutcome> {
  const db = deps.db;
  const post = await repo.claimDuePost(db, accountId, postId, now);
  if (!post) return { state: 'not_due' };
  const employee = await repo.findEmployee(db, accountId, post.virtualEmployeeId);
  const name = employee?.name ?? 'This virtual employee';
  const label = SOCIAL_NETWORK_LABELS[post.socialNetwork];

  const pause = async (reason: string): Promise<PublishOutcome> => {
    await repo.updatePost(db, accountId, post.id, { status: 'paused', error: reason, nextAttemptAt: null, attempts: 0 });
    return { state: 'paused', reason };
  };
  const fail = async (reason: string): Promise<PublishOutcome> => {
    await db.transaction(async (tx) => {
      await repo.updatePost(tx, accountId, post.id, { status: 'failed', error: reason, nextAttemptAt: null });
      await recordActivity(tx, {
        accountId,
        actorType: 'virtual_employee',
        actorId: post.virtualEmployeeId,
        verb: 'social_post_failed',
        channel: 'linkedin',
        // The account is notified (notifications/messages.ts), with a link to Brand awareness.
        payload: { social_post_id: post.id, virtual_employee_id: post.virtualEmployeeId, virtual_employee_name: employee?.name ?? null, reason },
      });
    });
    return { state: 'failed', reason };
  };

  const api = linkedInFor(deps.config);
  if (!api) return pause(`${label} is not configured on this server`);
  const profile = await repo.findProfile(db, accountId, post.virtualEmployeeId, post.socialNetwork);
  if (!profile) return pause(notConnectedReason(name));
  if (profile.status === 'expired') return pause(profile.statusReason ?? expiredReason(name));
  let token: string;
  try {
    token = repo.openToken(deps.config, profile, 'access', profile.accessToken);
  } catch (err) {
    if (err instanceof SecretBoxError) return pause(`${err.message}: reconnect ${name}'s LinkedIn`);
    throw err;
  }
  const author = memberUrn(profile.memberId);

  try {
    let imageUrn: string | null = null;
    if (post.imageUrl) {
      const image = await fetchImage(deps, post.imageUrl);
      if ('error' in image) return fail(image.error);
      imageUrn = (await api.uploadImage(token, author, image.bytes, image.contentType)).urn;
    }
    const { urn } = await api.createPost(token, author, { commentary: post.content, imageUrn, imageAlt: imageUrn ? post.topic : null });
    await db.transaction(async (tx) => {
      await repo.updatePost(tx, accountId, post.id, { status: 'published', publishedAt: now, externalId: urn || null, externalUrl: urn ? postUrl(urn) : null, error: null, nextAttemptAt: null });
      await recordActivity(tx, {
        accountId,
        actorType: 'virtual_employee',
        actorId: post.virtualEmployeeId,
        verb: 'post_published',
        channel: 'linkedin',
        payload: { social_post_id: post.id, virtual_employee_id: post.virtualEmployeeId, url: urn ? postUrl(urn) : null },
      });
    });
    return { state: 'published', urn };
  } catch (err) {
    if (!(err instanceof LinkedInApiError)) throw err;
    if (err.status === 401) {
      const reason = expiredReason(name);
      await db.transaction(async (tx) => {
        // Once per expiry (two posts refused at once tell it once); the account is notified.
        if (!(await repo.expireProfile(tx, accountId, profile.id, reason))) return;
        await recordActivity(tx, {
          accountId,
          actorType: 'system',
          verb: 'social_profile_expired',
          channel: 'linkedin',
          payload: { virtual_employee_id: post.virtualEmployeeId, virtual_employee_name: employee?.name ?? null, reason },
        });
      });
      return pause(reason);
    }
    if (err.status === 429) {
      if (post.attempts >= MAX_PUBLISH_ATTEMPTS) return fail(`LinkedIn kept refusing more posts for now (rate limit, ${post.attempts} attempts). Approve it again to retry.`);
      const at = new Date(now.getTime() + backoffSeconds(post.attempts, err.retryAfterSeconds) * 1000);
      const reason = `LinkedIn is limiting posts right now (429): trying again at ${at.toISOString().slice(11, 16)} UTC (attempt ${post.attempts + 1} of ${MAX_PUBLISH_ATTEMPTS})`;
      const back = await repo.updatePost(db, accountId, post.id, { status: 'approved', error: reason, nextAttemptAt: at });
      if (back) await schedulePublish(deps, back);
      return { state: 'retry', at, reason };
    }
    if (err.uncertain) return fail(UNCERTAIN_REASON);
    if (err.status === 403) return fail(`LinkedIn refused the post: posting permission is missing. Reconnect ${name}'s LinkedIn and allow posting.`);
    return fail(err.message);
  }
}

async function fetchImage(deps: Deps, url: string): Promise<{ bytes: Uint8Array; contentType: string } | { error: string }> {
  try {
    const res = await guardedFetch(url, { timeoutMs: 15_000, maxBytes: IMAGE_MAX_BYTES }, { allowHosts: deps.config.guardedFetch.allowHosts });
    const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (res.status !== 200) return { error: `The image could not be downloaded (HTTP ${res.status}): fix its address or remove it` };
    if (!IMAGE_TYPES.includes(type)) return { error: 'The image must be a PNG, JPEG or GIF file' };
    return { bytes: new Uint8Array(res.body), contentType: type };
  } catch (err) {
    if (err instanceof GuardedFetchError) return { error: `The image could not be downloaded: ${err.message}` };
    throw err;
  }
}

// ---------------------------------------------------------------- job

const publishPayload = z.object({ account_id: dbId(), post_id: dbId() });

/**
 * The publish job of a post at its time (or its retry time). Keyed by post, time and attempt: the same
 * schedule is enqueued once; a rescheduled post gets a new job, and the old one finds it not due.
 */
export async function schedulePublish(deps: Pick<Deps, 'jobs'>, post: Pick<SocialPostRow, 'id' | 'accountId' | 'scheduledAt' | 'nextAttemptAt' | 'attempts'>, tx?: Deps['db']): Promise<void> {
  const at = post.nextAttemptAt && post.nextAttemptAt > post.scheduledAt ? post.nextAttemptAt : post.scheduledAt;
  await deps.jobs.send(publishJob, { account_id: post.accountId, post_id: post.id }, { startAfter: at, key: `publish:${post.id}:${at.toISOString()}:${post.attempts}`, tx });
}

export const publishJob = defineJob<z.output<typeof publishPayload>, Deps>({
  name: 'brand-post-publish',
  payload: publishPayload,
  scope: (_deps, p) => p.account_id,
  // Retries are the post's own (429 backoff, visible on the post); a thrown error is a bug or the database.
  retryLimit: 2,
  retryDelaySeconds: 30,
  concurrency: 2,
  handler: async (deps, p) => {
    const outcome = await publishPost(deps, p.account_id, p.post_id, new Date());
    return outcome;
  },
});
