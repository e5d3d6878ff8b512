import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { socialPosts, socialPostSettings, socialProfiles, virtualEmployees } from '../../db/schema';
import { v1, type signedInUser, type TestApp } from '../../testing/harness';
import { findUserByEmail } from '../auth/repository';

/**
 * Ownership probes for the brand-awareness routes (spread into routes.test.ts): user B can neither read nor
 * change A's virtual employees' LinkedIn connection, settings and posts. A's rows are written directly
 * (the LinkedIn OAuth flow has its own tests against the local LinkedIn server).
 */

type Person = Awaited<ReturnType<typeof signedInUser>>;
type Probe = (t: TestApp, a: Person, b: Person) => Promise<void>;

let seq = 0;
async function employeeWithPostOf(t: TestApp, a: Person, status: 'pending_approval' | 'published' = 'pending_approval') {
  const accountId = (await findUserByEmail(t.db.db, 0, a.email))!.account.id;
  const n = ++seq;
  const [ve] = await t.db.db.insert(virtualEmployees).values({ accountId, name: `A's employee ${n}` }).returning();
  const content = `A's private post ${n} ${Date.now()}`;
  const [post] = await t.db.db
    .insert(socialPosts)
    .values({ accountId, virtualEmployeeId: ve!.id, socialNetwork: 'linkedin', topic: 'A topic', content, status, scheduledAt: new Date(Date.now() + (n + 1) * 86_400_000), publishedAt: status === 'published' ? new Date() : null })
    .returning();
  return { accountId, veId: ve!.id, post: post!, content };
}

const postRow = async (t: TestApp, id: number) => (await t.db.db.select().from(socialPosts).where(eq(socialPosts.id, id)))[0]!;
const req = (t: TestApp, p: Person, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: v1(url), headers: p.headers, ...(payload ? { payload } : {}) });

export const brandAwarenessOwnershipProbes: Record<string, Probe> = {
  'GET /api/v1/virtual_employees/:id/social_posts_settings': async (t, a, b) => {
    const { veId } = await employeeWithPostOf(t, a);
    expect((await req(t, b, 'GET', `/virtual_employees/${veId}/social_posts_settings`)).statusCode).toBe(404);
    expect((await req(t, a, 'GET', `/virtual_employees/${veId}/social_posts_settings`)).statusCode).toBe(200);
  },
  'GET /api/v1/virtual_employees/:id/social_network_processing_profile': async (t, a, b) => {
    const { veId } = await employeeWithPostOf(t, a);
    expect((await req(t, b, 'GET', `/virtual_employees/${veId}/social_network_processing_profile`)).statusCode).toBe(404);
    expect((await req(t, a, 'GET', `/virtual_employees/${veId}/social_network_processing_profile`)).json().data.status).toBe('not_connected');
  },
  'POST /api/v1/virtual_employees/:id/social_network_connect_url': async (t, a, b) => {
    const { veId } = await employeeWithPostOf(t, a);
    const res = await req(t, b, 'POST', `/virtual_employees/${veId}/social_network_connect_url`, {});
    expect(res.statusCode).toBe(404);
    expect(res.headers['set-cookie']).toBeUndefined();
  },
  'PUT /api/v1/virtual_employees/:id/update_social_posts_settings': async (t, a, b) => {
    const { veId } = await employeeWithPostOf(t, a);
    const res = await req(t, b, 'PUT', `/virtual_employees/${veId}/update_social_posts_settings`, { tone: 'bold' });
    expect(res.statusCode).toBe(404);
    expect(await t.db.db.select().from(socialPostSettings).where(eq(socialPostSettings.virtualEmployeeId, veId))).toHaveLength(0);
  },
  'DELETE /api/v1/virtual_employees/:id/unlink_social_network_profile': async (t, a, b) => {
    const { veId, accountId } = await employeeWithPostOf(t, a);
    await t.db.db.insert(socialProfiles).values({ accountId, virtualEmployeeId: veId, socialNetwork: 'linkedin', memberId: 'a-member', accessToken: 'v1.sealed', expiresAt: new Date(Date.now() + 86_400_000) });
    expect((await req(t, b, 'DELETE', `/virtual_employees/${veId}/unlink_social_network_profile`)).statusCode).toBe(404);
    expect(await t.db.db.select().from(socialProfiles).where(eq(socialProfiles.virtualEmployeeId, veId))).toHaveLength(1);
  },
  'GET /api/v1/social_network_posts': async (t, a, b) => {
    const { post, content, veId } = await employeeWithPostOf(t, a);
    for (const q of ['', `?virtual_employee_id=${veId}`]) {
      const res = await req(t, b, 'GET', `/social_network_posts${q}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(content);
    }
    expect((await req(t, a, 'GET', '/social_network_posts?per_page=200')).json<{ data: Array<{ id: number }> }>().data.map((p) => p.id)).toContain(post.id);
  },
  'GET /api/v1/social_network_posts/preview_post': async (t, a, b) => {
    const { veId } = await employeeWithPostOf(t, a);
    expect((await req(t, b, 'GET', `/social_network_posts/preview_post?virtual_employee_id=${veId}`)).statusCode).toBe(404);
  },
  'PUT /api/v1/social_network_posts/:id/regenerate': async (t, a, b) => {
    const { post, content } = await employeeWithPostOf(t, a);
    expect((await req(t, b, 'PUT', `/social_network_posts/${post.id}/regenerate`, {})).statusCode).toBe(404);
    expect((await postRow(t, post.id)).content).toBe(content);
  },
  'PUT /api/v1/social_network_posts/:id': async (t, a, b) => {
    const { post, content } = await employeeWithPostOf(t, a);
    expect((await req(t, b, 'PUT', `/social_network_posts/${post.id}`, { content: 'hijacked', status: 'approved' })).statusCode).toBe(404);
    expect(await postRow(t, post.id)).toMatchObject({ content, status: 'pending_approval' });
  },
  'GET /api/v1/linkedin_posts': async (t, a, b) => {
    const { post, content } = await employeeWithPostOf(t, a, 'published');
    expect((await req(t, b, 'GET', '/linkedin_posts')).body).not.toContain(content);
    expect((await req(t, a, 'GET', '/linkedin_posts?per_page=200')).json<{ data: Array<{ id: number }> }>().data.map((p) => p.id)).toContain(post.id);
  },
  'PUT /api/v1/linkedin_accounts/manage-posts': async (t, a, b) => {
    const { post } = await employeeWithPostOf(t, a);
    expect((await req(t, b, 'PUT', '/linkedin_accounts/manage-posts', { post_ids: [post.id], action: 'approve' })).statusCode).toBe(404);
    expect((await postRow(t, post.id)).status).toBe('pending_approval');
  },
};
