import { expect } from 'vitest';
import { v1, type signedInUser, type TestApp } from '../../testing/harness';

/** Ownership probes for auto_communication_settings (spread into routes.test.ts). */

type Person = Awaited<ReturnType<typeof signedInUser>>;
type Probe = (t: TestApp, a: Person, b: Person) => Promise<void>;

export const validAutoCommunicationBody = {
  time_zone: 'Europe/Berlin',
  working_days: [1, 2, 3],
  work_start: '08:30',
  work_end: '16:00',
  daily_limit_email: 120,
  daily_limit_linkedin: 30,
  daily_limit_phone: 5,
  auto_reply: true,
  mode: 'autonomous',
} as const;

const settingsOf = async (t: TestApp, p: Person) =>
  (await t.app.inject({ method: 'GET', url: v1('/auto_communication_settings'), headers: p.headers })).json().data;

async function aSaves(t: TestApp, a: Person) {
  const res = await t.app.inject({ method: 'PUT', url: v1('/auto_communication_settings'), headers: a.headers, payload: validAutoCommunicationBody });
  expect(res.statusCode, res.body).toBe(200);
}

export const autoCommunicationOwnershipProbes: Record<string, Probe> = {
  'GET /api/v1/auto_communication_settings': async (t, a, b) => {
    const bBefore = await settingsOf(t, b);
    await aSaves(t, a);
    const res = await t.app.inject({ method: 'GET', url: v1('/auto_communication_settings'), headers: b.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(bBefore);
    expect(res.json().data.time_zone).not.toBe('Europe/Berlin');
  },
  'PUT /api/v1/auto_communication_settings': async (t, a, b) => {
    await aSaves(t, a);
    const res = await t.app.inject({
      method: 'PUT',
      url: v1('/auto_communication_settings'),
      headers: b.headers,
      payload: { ...validAutoCommunicationBody, time_zone: 'Asia/Tokyo', mode: 'review' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await settingsOf(t, a)).toMatchObject({ time_zone: 'Europe/Berlin', mode: 'autonomous' });
    expect(await settingsOf(t, b)).toMatchObject({ time_zone: 'Asia/Tokyo', mode: 'review' });
  },
};
