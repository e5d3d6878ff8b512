import { expect } from 'vitest';
import type { Campaign, VirtualEmployee } from '@shared/schemas/campaigns';
import type { CampaignVariants } from '@shared/schemas/variants';
import { v1, type signedInUser, type TestApp } from '../../testing/harness';
import { postJson, personaWithProspects } from '../campaigns/ownership.test-helpers';
import { mailboxOf } from '../mailboxes/ownership.test-helpers';

/** Ownership probes for the variant routes (spread into routes.test.ts): B neither reads A's comparison nor picks A's winner. */

type Person = Awaited<ReturnType<typeof signedInUser>>;
type Probe = (t: TestApp, a: Person, b: Person) => Promise<void>;

let seq = 0;

/** A's draft campaign whose first step tests two variants with a subject only A knows. */
async function variantCampaignOf(t: TestApp, a: Person) {
  const mailbox = await mailboxOf(t, a);
  const employee = await postJson<VirtualEmployee>(t, a, '/virtual_employees', { name: `Variant Agent ${++seq}`, title: 'SDR', user_email_ids: [mailbox.id] });
  const { persona } = await personaWithProspects(t, a, 0, `variants${seq}`);
  const secret = `Secret subject of A ${seq}-${Date.now().toString(36)}`;
  const campaign = await postJson<Campaign>(t, a, '/campaigns', {
    name: `Variant campaign ${seq}`,
    person_id: persona.id,
    virtual_employee_ids: [employee.id],
    steps: [{ kind: 'email', delay_days: 0, variants: [{ subject: secret, body: 'Hi {{first_name}}' }, { subject: 'Other', body: 'Hello' }] }],
  });
  return { campaign, secret };
}

export const variantOwnershipProbes: Record<string, Probe> = {
  'GET /api/v1/insights/variants': async (t, a, b) => {
    const { campaign, secret } = await variantCampaignOf(t, a);
    const own = await t.app.inject({ method: 'GET', url: v1(`/insights/variants?campaign_id=${campaign.id}`), headers: a.headers });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<{ data: CampaignVariants }>().data.steps.map((s) => [s.step, s.verdict])).toEqual([[1, 'not_enough_data']]);
    expect(own.body).toContain(secret);
    const theirs = await t.app.inject({ method: 'GET', url: v1(`/insights/variants?campaign_id=${campaign.id}`), headers: b.headers });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ errors: ['Campaign not found'] });
  },
  'POST /api/v1/campaigns/:id/steps/:position/winner': async (t, a, b) => {
    const { campaign } = await variantCampaignOf(t, a);
    const res = await t.app.inject({ method: 'POST', url: v1(`/campaigns/${campaign.id}/steps/1/winner`), headers: b.headers, payload: { variant_index: 0 } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: ['Campaign not found'] });
    // A's step still rotates; for A the same call is refused as noise (no sends yet), not as unknown.
    const shown = await t.app.inject({ method: 'GET', url: v1(`/campaigns/${campaign.id}`), headers: a.headers });
    expect(shown.json<{ data: Campaign }>().data.steps[0]!.winner_index).toBeNull();
    const own = await t.app.inject({ method: 'POST', url: v1(`/campaigns/${campaign.id}/steps/1/winner`), headers: a.headers, payload: { variant_index: 0 } });
    expect(own.statusCode).toBe(422);
  },
};
