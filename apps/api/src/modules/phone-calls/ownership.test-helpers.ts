import { expect } from 'vitest';
import { v1, type signedInUser, type TestApp } from '../../testing/harness';
import { taskCampaignOf } from '../outreach-tasks/ownership.test-helpers';

type Person = Awaited<ReturnType<typeof signedInUser>>;
type Probe = (t: TestApp, a: Person, b: Person) => Promise<void>;

/**
 * Twilio's webhooks are public (Twilio signs them; no user): user B, or anyone, naming A's call task with
 * B's own auth headers and no valid signature gets 403 and changes nothing of A's.
 */
const unsigned =
  (path: 'voice' | 'status'): Probe =>
  async (t, a, b) => {
    const { tasks } = await taskCampaignOf(t, a, [{ kind: 'call', delay_days: 0 }]);
    const task = tasks[0]!;
    const res = await t.app.inject({
      method: 'POST',
      url: `${v1(`/twilio/${path}`)}?task=${task.id}`,
      headers: { ...b.headers, 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'bm90IGEgc2lnbmF0dXJl' },
      payload: new URLSearchParams({ CallSid: 'CA0123456789abcdef0123456789abcdef', CallStatus: 'completed', CallDuration: '60' }).toString(),
    });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.body).not.toContain(task.preparedText.slice(0, 40) || '\u0000');
    const after = await t.app.inject({ method: 'GET', url: v1(`/outreach_tasks/${task.id}`), headers: a.headers });
    expect(after.json().data).toMatchObject({ status: 'due', outcome: null });
  };

export const phoneCallOwnershipProbes: Record<string, Probe> = {
  'POST /api/v1/twilio/voice': unsigned('voice'),
  'POST /api/v1/twilio/status': unsigned('status'),
};
