import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS } from '../../testing/databases';
import { signedInUser, startTestApp, v1, type TestApp } from '../../testing/harness';

describe.each(DB_KINDS)('finish_onboarding on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('marks onboarding finished at once (user_info says so right away) and stays finished', async () => {
    const u = await signedInUser(t, 'onboarding');
    const info = () => t.app.inject({ method: 'GET', url: v1('/user_info'), headers: u.headers });
    expect((await info()).json().data.onboarding_finished).toBe(false);

    const done = await t.app.inject({ method: 'POST', url: v1('/finish_onboarding'), headers: u.headers });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.onboarding_finished).toBe(true);
    expect((await info()).json().data.onboarding_finished).toBe(true);

    const again = await t.app.inject({ method: 'POST', url: v1('/finish_onboarding'), headers: u.headers });
    expect(again.json().data.onboarding_finished).toBe(true);
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'POST', url: v1('/finish_onboarding') })).statusCode).toBe(401);
  });
});
