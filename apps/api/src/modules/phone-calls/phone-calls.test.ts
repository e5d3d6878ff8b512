import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities } from '../../db/schema';
import { DB_KINDS, PGLITE_PASS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type TestApp } from '../../testing/harness';
import { accountIdOf } from '../messaging/ownership.test-helpers';
import { startTwilioServer } from '../../testing/twilio-server';
import { twilioProvider } from './provider';

const startTwilio = () => startTwilioServer();

describe.runIf(PGLITE_PASS)('the Twilio client', () => {
  let twilio: Awaited<ReturnType<typeof startTwilio>>;
  beforeAll(async () => {
    twilio = await startTwilio();
  });
  afterAll(() => twilio.close());
  const cfg = () => ({ accountSid: 'AC123', authToken: 'secret-token', from: '+14155550100', baseUrl: twilio.url });

  it('posts To, From and Twiml form-encoded with basic auth and returns the call sid', async () => {
    const placed = await twilioProvider(cfg()).call({ to: '+14155550123', twiml: '<Response><Say>Hi</Say></Response>' });
    expect(placed).toEqual({ id: 'CA0123456789abcdef0123456789abcdef', status: 'queued', simulated: false });
    const last = twilio.seen.at(-1)!;
    expect(last.path).toBe('/2010-04-01/Accounts/AC123/Calls.json');
    expect(last.contentType).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(last.form)).toEqual({ To: '+14155550123', From: '+14155550100', Twiml: '<Response><Say>Hi</Say></Response>' });
  });
  it("a refusal is a 502 with Twilio's message", async () => {
    await expect(twilioProvider(cfg()).call({ to: '+15005550001', twiml: '<Response/>' })).rejects.toMatchObject({
      status: 502,
      message: "The phone provider refused the call: The 'To' number +15005550001 is not a valid phone number.",
    });
    await expect(twilioProvider({ ...cfg(), authToken: 'wrong' }).call({ to: '+14155550123', twiml: '<Response/>' })).rejects.toMatchObject({
      status: 502,
      message: 'The phone provider refused the call: Authenticate',
    });
  });
});

describe.each(DB_KINDS)('POST test_call on %s', (kind) => {
  let twilio: Awaited<ReturnType<typeof startTwilio>>;
  let plain: TestApp;
  let withTwilio: TestApp;
  beforeAll(async () => {
    twilio = await startTwilio();
    plain = await startTestApp(kind, { env: { TRUST_PROXY: '1' } });
    withTwilio = await startTestApp(kind, {
      env: { TWILIO_ACCOUNT_SID: 'AC123', TWILIO_AUTH_TOKEN: 'secret-token', TWILIO_FROM: '+14155550100', TWILIO_BASE_URL: twilio.url },
    });
  });
  afterAll(async () => {
    await plain.close();
    await withTwilio.close();
    await twilio.close();
  });

  it('without a provider: simulated, written to the activity log', async () => {
    const user = await signedInUser(plain, 'call-sim');
    const res = await plain.app.inject({ method: 'POST', url: v1('/test_call'), headers: user.headers, payload: { phone: '+1 (415) 555-0123' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      status: 'simulated',
      simulated: true,
      call_id: null,
      message: 'Simulated a test call to +14155550123: no phone provider is configured, so the call was written to the log.',
    });
    const logged = await plain.db.db.select().from(activities).where(and(eq(activities.accountId, await accountIdOf(plain, user)), eq(activities.verb, 'test_call')));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ actorType: 'agent', channel: 'phone', payload: { to: '+14155550123', simulated: true, provider: 'simulated' } });
  });
  it('allows a few test calls per account and hour, then 429', async () => {
    const user = await signedInUser(plain, 'call-limit');
    const place = () => plain.app.inject({ method: 'POST', url: v1('/test_call'), headers: user.headers, payload: { phone: '+14155550123' } });
    for (let i = 0; i < 5; i++) expect((await place()).statusCode).toBe(200);
    const res = await place();
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ errors: ['Too many test calls. Please wait an hour and try again.'] });
  });
  it('answers 404 "not available" when the brand has phone calls off (the route registry checks the feature)', async () => {
    // An account of brand 1, on its own host (brands are separate tenants: a brand-0 token is refused there).
    const user = await signedInUser(plain, 'call-off', undefined, 'brand1.localhost:3000');
    const res = await plain.app.inject({ method: 'POST', url: v1('/test_call'), headers: user.headers, payload: { phone: '+14155550123' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: ['This feature is not available'] });
  });
  it.each([[{}], [{ phone: '12345' }], [{ phone: '+0123456789' }], [{ phone: 'call me' }]])('refuses %j with 422', async (payload) => {
    const user = await signedInUser(plain, 'call-bad');
    expect((await plain.app.inject({ method: 'POST', url: v1('/test_call'), headers: user.headers, payload })).statusCode).toBe(422);
  });
  it('with Twilio configured: places the call and answers queued; refusals are 502', async () => {
    const user = await signedInUser(withTwilio, 'call-twilio');
    const res = await withTwilio.app.inject({ method: 'POST', url: v1('/test_call'), headers: user.headers, payload: { phone: '+14155550123' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ status: 'queued', simulated: false, call_id: 'CA0123456789abcdef0123456789abcdef', message: 'Calling +14155550123 now.' });
    expect(twilio.seen.at(-1)!.form.get('Twiml')).toMatch(/^<Response><Say>Hello.*test call from your .* sales agent/);
    const bad = await withTwilio.app.inject({ method: 'POST', url: v1('/test_call'), headers: user.headers, payload: { phone: '+15005550001' } });
    expect(bad.statusCode).toBe(502);
  });
});
