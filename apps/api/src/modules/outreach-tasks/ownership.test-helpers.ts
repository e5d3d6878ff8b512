import { expect } from 'vitest';
import type { Campaign, SequenceStepInput, VirtualEmployee } from '@shared/schemas/campaigns';
import type { OutreachTask } from '@shared/schemas/outreach-tasks';
import { and, asc, eq } from 'drizzle-orm';
import { outreachTasks } from '../../db/schema';
import { v1, type signedInUser, type TestApp } from '../../testing/harness';
import { personaWithProspects, postJson } from '../campaigns/ownership.test-helpers';
import { mailboxOf } from '../mailboxes/ownership.test-helpers';

/**
 * Fixtures for LinkedIn and call tasks, and the ownership probes of their routes (spread into
 * routes.test.ts): user B can neither see nor act on A's tasks.
 */

type Person = Awaited<ReturnType<typeof signedInUser>>;
type Probe = (t: TestApp, a: Person, b: Person) => Promise<void>;

let seq = 0;

/**
 * A running campaign of `steps` over `prospects` new prospects, composed (its tasks written): the jobs are
 * drained. Review mode by default, so nothing is handed to the (fake) mailbox's SMTP server.
 */
export async function taskCampaignOf(t: TestApp, p: Person, steps: SequenceStepInput[], options: { prospects?: number; mode?: 'review' | 'autonomous' } = {}) {
  const mailbox = await mailboxOf(t, p);
  const employee = await postJson<VirtualEmployee>(t, p, '/virtual_employees', { name: `Task Agent ${++seq}`, title: 'SDR', user_email_ids: [mailbox.id] });
  const { persona, prospects, accountId } = await personaWithProspects(t, p, options.prospects ?? 1, `tasks${seq}`);
  const campaign = await postJson<Campaign>(t, p, '/campaigns', { name: `Task Campaign ${seq}`, person_id: persona.id, virtual_employee_ids: [employee.id], mode: options.mode ?? 'review', steps });
  await postJson(t, p, `/campaigns/${campaign.id}/start`, {});
  await t.app.jobs.drain();
  const tasks = await t.db.db
    .select()
    .from(outreachTasks)
    .where(and(eq(outreachTasks.accountId, accountId), eq(outreachTasks.campaignId, campaign.id)))
    .orderBy(asc(outreachTasks.prospectId), asc(outreachTasks.stepPosition));
  return { mailbox, employee, persona, prospects, campaign, accountId, tasks };
}

const get = (t: TestApp, p: Person, url: string) => t.app.inject({ method: 'GET', url: v1(url), headers: p.headers });

/** A's first task, due now (a connection request as step 1). */
const dueTaskOf = async (t: TestApp, a: Person, kind: 'connection_request' | 'call' = 'connection_request') => {
  const { tasks } = await taskCampaignOf(t, a, [{ kind, delay_days: 0 }]);
  expect(tasks[0]?.status).toBe('due');
  return tasks[0]!;
};

const unchanged = async (t: TestApp, a: Person, id: number) => {
  const res = await get(t, a, `/outreach_tasks/${id}`);
  expect(res.statusCode).toBe(200);
  expect(res.json<{ data: OutreachTask }>().data.status).toBe('due');
};

const actingOnTask =
  (suffix: string, payload: object | undefined, kind: 'connection_request' | 'call' = 'connection_request'): Probe =>
  async (t, a, b) => {
    const task = await dueTaskOf(t, a, kind);
    const res = await t.app.inject({ method: 'POST', url: v1(`/outreach_tasks/${task.id}${suffix}`), headers: b.headers, ...(payload ? { payload } : {}) });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.body).not.toContain(task.preparedText.slice(0, 40) || '\u0000');
    await unchanged(t, a, task.id);
  };

export const outreachTaskOwnershipProbes: Record<string, Probe> = {
  'GET /api/v1/outreach_tasks': async (t, a, b) => {
    const task = await dueTaskOf(t, a);
    const res = await get(t, b, '/outreach_tasks?view=today');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: OutreachTask[] }>().data.map((x) => x.id)).not.toContain(task.id);
  },
  'GET /api/v1/outreach_tasks/summary': async (t, a, b) => {
    await dueTaskOf(t, a);
    const res = await get(t, b, '/outreach_tasks/summary');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.today).toEqual({ linkedin: 0, call: 0 });
  },
  'GET /api/v1/outreach_tasks/:id': async (t, a, b) => {
    const task = await dueTaskOf(t, a);
    const res = await get(t, b, `/outreach_tasks/${task.id}`);
    expect(res.statusCode).toBe(404);
  },
  'POST /api/v1/outreach_tasks/:id/done': actingOnTask('/done', undefined),
  'POST /api/v1/outreach_tasks/:id/skip': actingOnTask('/skip', undefined),
  'POST /api/v1/outreach_tasks/:id/linkedin_reply': actingOnTask('/linkedin_reply', { text: 'Taken over' }),
  'POST /api/v1/outreach_tasks/:id/call_outcome': actingOnTask('/call_outcome', { outcome: 'no_answer' }, 'call'),
};
