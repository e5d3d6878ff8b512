import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AUTO_COMMUNICATION_SETTINGS } from '@shared/schemas/auto-communication';
import { activities } from '../../db/schema';
import { DB_KINDS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type TestApp } from '../../testing/harness';
import { accountIdOf } from '../messaging/ownership.test-helpers';
import { validAutoCommunicationBody } from './ownership.test-helpers';

describe.each(DB_KINDS)('auto_communication_settings on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const url = v1('/auto_communication_settings');

  it('answers the defaults until saved, then the saved settings (days sorted), and logs the change', async () => {
    const a = await signedInUser(t, 'auto-a');
    const first = await t.app.inject({ method: 'GET', url, headers: a.headers });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual(DEFAULT_AUTO_COMMUNICATION_SETTINGS);
    expect(DEFAULT_AUTO_COMMUNICATION_SETTINGS).toMatchObject({ time_zone: 'UTC', working_days: [1, 2, 3, 4, 5], work_start: '09:00', work_end: '17:00', mode: 'review', auto_reply: false });

    const put = await t.app.inject({ method: 'PUT', url, headers: a.headers, payload: { ...validAutoCommunicationBody, working_days: [5, 1, 3] } });
    expect(put.statusCode, put.body).toBe(200);
    const saved = put.json().data;
    expect(saved).toMatchObject({ ...validAutoCommunicationBody, working_days: [1, 3, 5] });
    expect(saved.updated_at).toEqual(expect.any(String));
    expect((await t.app.inject({ method: 'GET', url, headers: a.headers })).json().data).toEqual(saved);

    const again = await t.app.inject({ method: 'PUT', url, headers: a.headers, payload: { ...validAutoCommunicationBody, mode: 'review', daily_limit_email: 0 } });
    expect(again.json().data).toMatchObject({ mode: 'review', daily_limit_email: 0 });
    const logged = await t.db.db
      .select()
      .from(activities)
      .where(and(eq(activities.accountId, await accountIdOf(t, a)), eq(activities.verb, 'auto_communication_updated')));
    expect(logged).toHaveLength(2);
  });

  it.each([
    [{ work_end: '08:00' }, 'Work end must be after work start'],
    [{ work_end: '08:30' }, 'Work end must be after work start'],
    [{ work_start: '18:00', work_end: '09:00' }, 'Work end must be after work start on the same day (for example 09:00 to 17:00); overnight hours are not supported'],
    [{ work_start: '09:00', work_end: '09:00' }, 'Work end must be after work start'],
    [{ daily_limit_phone: null }, 'Daily phone limit is required'],
    [{ daily_limit_email: '50' }, 'Daily email limit must be a number'],
    [{ work_start: '9:00' }, 'Work start must be a time as HH:MM (00:00–23:59)'],
    [{ work_end: '24:00' }, 'Work end must be a time as HH:MM (00:00–23:59)'],
    [{ time_zone: 'Mars/Olympus' }, 'Time zone must be an IANA time zone such as Europe/Berlin'],
    [{ time_zone: '' }, 'Time zone must be an IANA time zone such as Europe/Berlin'],
    [{ working_days: [] }, 'Choose at least one working day'],
    [{ working_days: [0, 1] }, 'Working days are ISO weekdays 1 (Monday) to 7 (Sunday)'],
    [{ working_days: [8] }, 'Working days are ISO weekdays 1 (Monday) to 7 (Sunday)'],
    [{ working_days: [1, 1] }, 'Working days must not repeat'],
    [{ daily_limit_email: 501 }, 'Daily email limit must be at most 500'],
    [{ daily_limit_linkedin: -1 }, 'Daily LinkedIn limit must be 0 or more'],
    [{ daily_limit_phone: 2.5 }, 'Daily phone limit must be a whole number'],
    [{ auto_reply: 'yes' }, 'Auto-reply must be on or off'],
    [{ mode: 'yolo' }, 'Mode must be review or autonomous'],
  ])('refuses %j with 422: %s', async (change, message) => {
    const a = await signedInUser(t, 'auto-bad');
    const res = await t.app.inject({ method: 'PUT', url, headers: a.headers, payload: { ...validAutoCommunicationBody, ...change } });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.join(' | ')).toContain(message);
    expect((await t.app.inject({ method: 'GET', url, headers: a.headers })).json().data.updated_at).toBeNull();
  });

  it('names every problem at once: overnight hours together with another field', async () => {
    const a = await signedInUser(t, 'auto-several');
    const res = await t.app.inject({ method: 'PUT', url, headers: a.headers, payload: { ...validAutoCommunicationBody, work_start: '18:00', work_end: '09:00', time_zone: 'Mars/Phobos' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.join(' | ')).toContain('Work end must be after work start');
    expect(res.json().errors.join(' | ')).toContain('Time zone must be an IANA time zone');
  });

  it('refuses a body missing a field, naming it', async () => {
    const a = await signedInUser(t, 'auto-missing');
    const { mode: _mode, ...rest } = validAutoCommunicationBody;
    const res = await t.app.inject({ method: 'PUT', url, headers: a.headers, payload: rest });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.join(' ')).toMatch(/[Mm]ode/);
  });
});
