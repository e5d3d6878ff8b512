import type { z } from 'zod';
import {
  EDITABLE_POST_STATUSES,
  SOCIAL_POST_TONES,
  type managePostsBodySchema,
  type PreviewPost,
  type previewPostQuerySchema,
  type SocialNetwork,
  type SocialPost,
  type SocialPostsSettings,
  type socialPostsQuerySchema,
  type SocialPostTone,
  type SocialProfile,
  type updateSocialPostBodySchema,
  type updateSocialPostsSettingsBodySchema,
} from '@shared/schemas/brand-awareness';
import type { SocialPostRow, SocialPostSettingsRow, SocialProfileRow, VirtualEmployeeRow } from '../../db/schema';
import { notFound, unprocessable } from '../../lib/http-error';
import type { AuthContext, Deps } from '../../lib/route';
import { recordActivity } from '../activities/service';
import { planNow } from './planner';
import { linkedInFor, notConnectedReason, schedulePublish } from './publish';
import * as repo from './repository';
import { postingDays } from './slots';
import { materialFor, writePost } from './writer';

export const MESSAGES = {
  employeeNotFound: 'Virtual employee not found',
  postNotFound: 'Post not found',
  notEditable: 'This post has already been published and cannot be changed',
  publishing: 'This post is being published right now',
  slotTaken: 'Another post of this virtual employee is planned at that time: choose another time',
  pastTime: 'Choose a time in the future',
  topicsRequired: 'Choose at least one topic to post about',
  daysForPosts: (n: number) => `Choose at least ${n} day${n === 1 ? '' : 's'} for ${n} post${n === 1 ? '' : 's'} a week`,
} as const;

const DEFAULTS = { enabled: false, topics: [] as string[], postsPerWeek: 2, days: [2, 4], time: '09:30', timeZone: 'UTC', tone: 'professional' as SocialPostTone, approval: 'required' as const };

async function employeeOr404(deps: Deps, auth: AuthContext, veId: number): Promise<VirtualEmployeeRow> {
  const employee = await repo.findEmployee(deps.db, auth.account.id, veId);
  if (!employee) throw notFound(MESSAGES.employeeNotFound);
  return employee;
}

export function profileJson(deps: Deps, veId: number, network: SocialNetwork, row: SocialProfileRow | null): SocialProfile {
  return {
    virtual_employee_id: veId,
    social_network: network,
    status: row?.status ?? 'not_connected',
    status_reason: row?.statusReason ?? null,
    member_id: row?.memberId ?? null,
    name: row?.name ?? null,
    email: row?.email ?? null,
    picture_url: row?.pictureUrl ?? null,
    connected_at: row?.createdAt.toISOString() ?? null,
    expires_at: row?.expiresAt.toISOString() ?? null,
    configured: linkedInFor(deps.config) !== null,
  };
}

export function postJson(row: SocialPostRow & { employeeName: string }): SocialPost {
  return {
    id: row.id,
    virtual_employee_id: row.virtualEmployeeId,
    virtual_employee_name: row.employeeName,
    social_network: row.socialNetwork,
    topic: row.topic,
    content: row.content,
    image_url: row.imageUrl,
    status: row.status,
    scheduled_at: row.scheduledAt.toISOString(),
    published_at: row.publishedAt?.toISOString() ?? null,
    external_url: row.externalUrl,
    error: row.error,
    attempts: row.attempts,
    next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
    written_by: row.writtenBy,
    approved_at: row.approvedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** GET virtual_employees/{id}/social_network_processing_profile */
export async function getProfile(deps: Deps, auth: AuthContext, veId: number, network: SocialNetwork): Promise<SocialProfile> {
  await employeeOr404(deps, auth, veId);
  return profileJson(deps, veId, network, await repo.findProfile(deps.db, auth.account.id, veId, network));
}

function settingsJson(deps: Deps, veId: number, network: SocialNetwork, row: SocialPostSettingsRow | null, profile: SocialProfileRow | null, suggestions: string[]): SocialPostsSettings {
  const s = row ?? DEFAULTS;
  return {
    virtual_employee_id: veId,
    social_network: network,
    enabled: s.enabled,
    topics: s.topics,
    posts_per_week: s.postsPerWeek,
    days: s.days,
    time: s.time,
    time_zone: s.timeZone,
    tone: (SOCIAL_POST_TONES as readonly string[]).includes(s.tone) ? (s.tone as SocialPostTone) : 'professional',
    approval: s.approval,
    topic_suggestions: suggestions,
    profile: profileJson(deps, veId, network, profile),
    saved: row !== null,
  };
}

/** GET virtual_employees/{id}/social_posts_settings?social_network=linkedin */
export async function getSettings(deps: Deps, auth: AuthContext, veId: number, network: SocialNetwork): Promise<SocialPostsSettings> {
  const employee = await employeeOr404(deps, auth, veId);
  const accountId = auth.account.id;
  const [row, profile, material] = [await repo.findSettings(deps.db, accountId, veId, network), await repo.findProfile(deps.db, accountId, veId, network), await materialFor(deps.db, accountId, employee)];
  return settingsJson(deps, veId, network, row, profile, material.suggestions);
}

/**
 * PUT virtual_employees/{id}/update_social_posts_settings. A changed schedule drops the planned posts still
 * waiting for approval (not edited by the user) and plans again; turning posting off removes the unpublished
 * planned posts (the user's own edits are kept, as skipped). Planning runs as a job, committed with the change.
 */
export async function updateSettings(deps: Deps, auth: AuthContext, veId: number, body: z.output<typeof updateSocialPostsSettingsBodySchema>, now = new Date()): Promise<SocialPostsSettings> {
  await employeeOr404(deps, auth, veId);
  const accountId = auth.account.id;
  const network = body.social_network;
  const current = await repo.findSettings(deps.db, accountId, veId, network);
  const base = current ?? DEFAULTS;
  const next = {
    enabled: body.enabled ?? base.enabled,
    topics: body.topics ? [...new Set(body.topics)] : base.topics,
    postsPerWeek: body.posts_per_week ?? base.postsPerWeek,
    days: body.days ?? base.days,
    time: body.time ?? base.time,
    timeZone: body.time_zone ?? base.timeZone,
    tone: body.tone ?? base.tone,
    approval: body.approval ?? base.approval,
  };
  if (next.enabled && next.topics.length === 0) throw unprocessable(MESSAGES.topicsRequired);
  if (next.days.length < next.postsPerWeek) throw unprocessable(MESSAGES.daysForPosts(next.postsPerWeek));
  const scheduleChanged =
    !current ||
    current.time !== next.time ||
    current.timeZone !== next.timeZone ||
    postingDays(current).join() !== postingDays(next).join() ||
    current.topics.join('\u0000') !== next.topics.join('\u0000') ||
    current.tone !== next.tone;

  await deps.db.transaction(async (tx) => {
    await repo.upsertSettings(tx, accountId, veId, network, next);
    if (!next.enabled) {
      const waiting = await repo.futurePosts(tx, accountId, veId, network, ['pending_approval', 'approved', 'paused'], now);
      await repo.deletePosts(tx, accountId, waiting.filter((p) => p.writtenBy !== 'user').map((p) => p.id));
      for (const p of waiting.filter((w) => w.writtenBy === 'user')) await repo.updatePost(tx, accountId, p.id, { status: 'skipped', error: 'Posting was turned off' });
      return;
    }
    if (scheduleChanged) {
      const waiting = await repo.futurePosts(tx, accountId, veId, network, ['pending_approval'], now);
      await repo.deletePosts(tx, accountId, waiting.filter((p) => p.writtenBy !== 'user').map((p) => p.id));
    }
    await planNow(deps, accountId, veId, network, now, tx);
  });
  return getSettings(deps, auth, veId, network);
}

/** DELETE virtual_employees/{id}/unlink_social_network_profile: revokes the token at LinkedIn, deletes it here. */
export async function unlink(deps: Deps, auth: AuthContext, veId: number, network: SocialNetwork, now = new Date()): Promise<{ revoked: boolean }> {
  const employee = await employeeOr404(deps, auth, veId);
  const accountId = auth.account.id;
  const profile = await repo.findProfile(deps.db, accountId, veId, network);
  if (!profile) throw notFound('No LinkedIn profile is connected to this virtual employee');
  let revoked = false;
  const api = linkedInFor(deps.config);
  if (api) {
    try {
      await api.revoke(repo.openToken(deps.config, profile, 'access', profile.accessToken));
      revoked = true;
    } catch {
      // Unreachable LinkedIn or a token that no longer opens: it is deleted here all the same.
    }
  }
  await deps.db.transaction(async (tx) => {
    await repo.deleteProfile(tx, accountId, profile.id);
    for (const p of await repo.futurePosts(tx, accountId, veId, network, ['approved'], now)) {
      await repo.updatePost(tx, accountId, p.id, { status: 'paused', error: notConnectedReason(employee.name) }, ['approved']);
    }
    await recordActivity(tx, { accountId, actorType: 'user', actorId: auth.user.id, verb: 'social_profile_unlinked', channel: 'linkedin', payload: { virtual_employee_id: veId, revoked } });
  });
  return { revoked };
}

/** GET social_network_posts */
export async function listPosts(deps: Deps, auth: AuthContext, q: z.output<typeof socialPostsQuerySchema>) {
  const { rows, total } = await repo.listPosts(deps.db, auth.account.id, {
    virtualEmployeeId: q.virtual_employee_id,
    network: q.social_network,
    statuses: q.status ? [q.status] : undefined,
    from: q.from ? new Date(q.from) : undefined,
    to: q.to ? new Date(q.to) : undefined,
    limit: q.per_page,
    offset: (q.page - 1) * q.per_page,
  });
  return { data: rows.map(postJson), meta: { page: q.page, per_page: q.per_page, total } };
}

/** GET linkedin_posts: what the product published on LinkedIn, newest first. */
export async function linkedInPosts(deps: Deps, auth: AuthContext, q: z.output<typeof socialPostsQuerySchema>) {
  const { rows, total } = await repo.listPosts(deps.db, auth.account.id, {
    virtualEmployeeId: q.virtual_employee_id,
    network: 'linkedin',
    statuses: ['published'],
    from: q.from ? new Date(q.from) : undefined,
    to: q.to ? new Date(q.to) : undefined,
    limit: q.per_page,
    offset: (q.page - 1) * q.per_page,
    order: 'desc',
  });
  return { data: rows.map(postJson), meta: { page: q.page, per_page: q.per_page, total } };
}

/** GET social_network_posts/preview_post: a post as the employee would write it now, not saved. */
export async function preview(deps: Deps, auth: AuthContext, q: z.output<typeof previewPostQuerySchema>): Promise<PreviewPost> {
  const employee = await employeeOr404(deps, auth, q.virtual_employee_id);
  const accountId = auth.account.id;
  const settings = await repo.findSettings(deps.db, accountId, employee.id, q.social_network);
  const material = await materialFor(deps.db, accountId, employee);
  const topic = q.topic || settings?.topics[0] || material.suggestions[0] || `What ${material.company.name ?? 'our team'} learned this week`;
  const seed = await repo.postCount(deps.db, accountId, employee.id, q.social_network);
  const earlier = await repo.recentContents(deps.db, accountId, employee.id, q.social_network);
  const post = await writePost(deps.config, material, { network: q.social_network, topic, tone: q.tone ?? ((settings?.tone as SocialPostTone | undefined) ?? 'professional'), seed, earlier });
  return { topic, content: post.content, written_by: post.writtenBy };
}

async function editablePost(deps: Deps, auth: AuthContext, id: number) {
  const post = await repo.findPost(deps.db, auth.account.id, id);
  if (!post) throw notFound(MESSAGES.postNotFound);
  if (post.status === 'publishing') throw unprocessable(MESSAGES.publishing);
  if (!EDITABLE_POST_STATUSES.includes(post.status)) throw unprocessable(MESSAGES.notEditable);
  return post;
}

/** PUT social_network_posts/{id}/regenerate: new text (a new topic when given); it needs approval again when approval is required. */
export async function regenerate(deps: Deps, auth: AuthContext, id: number, topic: string | undefined): Promise<SocialPost> {
  const accountId = auth.account.id;
  const post = await editablePost(deps, auth, id);
  const employee = await employeeOr404(deps, auth, post.virtualEmployeeId);
  const settings = await repo.findSettings(deps.db, accountId, post.virtualEmployeeId, post.socialNetwork);
  const material = await materialFor(deps.db, accountId, employee);
  const input = { network: post.socialNetwork, topic: topic ?? post.topic, tone: (settings?.tone as SocialPostTone | undefined) ?? 'professional', earlier: [post.content] };
  // Another wording than the one on screen: the composer's variants are picked by seed.
  let written = await writePost(deps.config, material, { ...input, seed: post.id + post.attempts + 1 });
  for (let k = 2; written.content === post.content && k < 8; k++) written = await writePost(deps.config, material, { ...input, seed: post.id + k });
  const needsApproval = (settings?.approval ?? 'required') === 'required' && post.status === 'approved';
  await repo.updatePost(deps.db, accountId, id, {
    topic: input.topic,
    content: written.content,
    writtenBy: written.writtenBy,
    ...(needsApproval ? { status: 'pending_approval', approvedAt: null, approvedByUserId: null } : {}),
  });
  return postJson((await repo.findPost(deps.db, accountId, id))!);
}

type PostBody = z.output<typeof updateSocialPostBodySchema>;

/** PUT social_network_posts/{id}: edit the text, time or image; approve, skip, or take an approval back. */
export async function updatePost(deps: Deps, auth: AuthContext, id: number, body: PostBody, now = new Date()): Promise<SocialPost> {
  const accountId = auth.account.id;
  const post = await editablePost(deps, auth, id);
  const set: Partial<SocialPostRow> = {};
  if (body.content !== undefined && body.content !== post.content) Object.assign(set, { content: body.content, writtenBy: 'user' });
  if (body.image_url !== undefined) set.imageUrl = body.image_url || null;
  if (body.scheduled_at !== undefined) {
    const at = new Date(body.scheduled_at);
    if (at.getTime() <= now.getTime()) throw unprocessable(MESSAGES.pastTime);
    set.scheduledAt = at;
  }
  if (body.status === 'approved') {
    // A post whose time has passed (missed, failed, paused) goes out now once approved.
    const at = set.scheduledAt ?? post.scheduledAt;
    Object.assign(set, { status: 'approved', approvedAt: now, approvedByUserId: auth.user.id, error: null, attempts: 0, nextAttemptAt: null, scheduledAt: at < now ? now : at });
  } else if (body.status === 'skipped') {
    Object.assign(set, { status: 'skipped', error: null, nextAttemptAt: null });
  } else if (body.status === 'pending_approval') {
    Object.assign(set, { status: 'pending_approval', approvedAt: null, approvedByUserId: null });
  }
  const saved = await deps.db
    .transaction(async (tx) => {
      const row = await repo.updatePost(tx, accountId, id, set, EDITABLE_POST_STATUSES as SocialPostRow['status'][]);
      if (!row) throw unprocessable(MESSAGES.notEditable);
      if (row.status === 'approved') await schedulePublish(deps, row, tx);
      if (body.status === 'approved' || body.status === 'skipped') {
        await recordActivity(tx, {
          accountId,
          actorType: 'user',
          actorId: auth.user.id,
          verb: body.status === 'approved' ? 'social_post_approved' : 'social_post_skipped',
          channel: 'linkedin',
          payload: { social_post_id: id, virtual_employee_id: row.virtualEmployeeId },
        });
      }
      return row;
    })
    .catch((err: unknown) => {
      if ((err as { code?: string; cause?: { code?: string } }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505') throw unprocessable(MESSAGES.slotTaken);
      throw err;
    });
  return postJson({ ...saved, employeeName: post.employeeName });
}

/** PUT linkedin_accounts/manage-posts: approve or skip several planned posts at once (a week's review). */
export async function managePosts(deps: Deps, auth: AuthContext, body: z.output<typeof managePostsBodySchema>, now = new Date()) {
  const { rows } = await repo.listPostsByIds(deps.db, auth.account.id, [...new Set(body.post_ids)]);
  if (rows.length !== new Set(body.post_ids).size) throw notFound(MESSAGES.postNotFound);
  const changed: SocialPost[] = [];
  const unchanged: Array<{ id: number; reason: string }> = [];
  for (const row of rows) {
    if (!EDITABLE_POST_STATUSES.includes(row.status) || row.status === (body.action === 'approve' ? 'approved' : 'skipped')) {
      unchanged.push({ id: row.id, reason: row.status === 'published' || row.status === 'publishing' ? MESSAGES.notEditable : `Already ${row.status}` });
      continue;
    }
    changed.push(await updatePost(deps, auth, row.id, { status: body.action === 'approve' ? 'approved' : 'skipped' }, now));
  }
  return { data: changed, unchanged };
}
