import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_PASS } from '../../../testing/databases';
import { startCalendlyServer, type CalendlyTestServer } from '../../../testing/vendors/calendly';
import { calendlyAuthorizeUrl, calendlyClient, tokenTransport, CalendlyApiError, CalendlyGrantError, CalendlyReconnectError, exchangeCalendlyCode, refreshCalendlyToken, revokeCalendlyToken } from './client';
import { calendlySignatureHeader, verifyCalendlySignature } from './signature';

describe.runIf(PGLITE_PASS)('the Calendly client against a Calendly-format server', () => {
  let cal: CalendlyTestServer;
  const now = new Date('2026-03-02T10:00:00Z');
  const redirectUri = 'http://localhost:3000/api/v1/integrations/oauth/callback';
  beforeAll(async () => {
    cal = await startCalendlyServer({ pageSize: 2, clock: () => now });
  });
  afterAll(() => cal.close());
  const cfg = () => ({ clientId: cal.clientId, clientSecret: cal.clientSecret, authBase: cal.url });
  const fetchOptions = () => ({ allowHosts: [new URL(cal.url).host] });

  it('connects by OAuth (owner and organization in the token answer), refreshes, and a refused refresh is a grant error', async () => {
    const back = new URL(await cal.approve(calendlyAuthorizeUrl(cfg(), { redirectUri, state: 's1' })));
    expect(back.searchParams.get('state')).toBe('s1');
    const tokens = await exchangeCalendlyCode(cfg(), back.searchParams.get('code')!, redirectUri, fetchOptions(), now);
    expect(tokens).toMatchObject({ owner: cal.user.uri, organization: cal.user.organization, expiresAt: new Date(now.getTime() + 7200_000) });
    const renewed = await refreshCalendlyToken(cfg(), tokens.refreshToken!, fetchOptions(), now);
    expect(renewed.accessToken).not.toBe(tokens.accessToken);
    // Calendly's refresh tokens are single use.
    const again = await refreshCalendlyToken(cfg(), tokens.refreshToken!, fetchOptions(), now).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(CalendlyGrantError);
    expect((again as CalendlyGrantError).error).toBe('invalid_grant');
    await revokeCalendlyToken(cfg(), renewed.accessToken, fetchOptions());
    const revoked = await calendlyClient(tokenTransport(cal.url, async () => renewed.accessToken, fetchOptions()))
      .me()
      .catch((e: unknown) => e);
    expect(revoked).toBeInstanceOf(CalendlyReconnectError);
  });

  it('reads the user with a personal access token, pages scheduled events by cursor, and lists invitees', async () => {
    const client = calendlyClient(tokenTransport(cal.url, async () => cal.personalToken, fetchOptions()));
    const me = await client.me();
    expect(me).toMatchObject({ uri: cal.user.uri, organization: cal.user.organization, email: 'hana.host@example.com' });
    for (let i = 0; i < 3; i++) cal.book({ email: `guest${i}@example.com`, name: `Guest ${i}`, startTime: `2026-03-1${i}T09:00:00Z` });
    const first = await client.scheduledEvents({ user: me.uri, count: 2 });
    expect(first.items.map((e) => e.startTime)).toEqual(['2026-03-10T09:00:00.000Z', '2026-03-11T09:00:00.000Z']);
    expect(first.nextPageToken).toBeTruthy();
    const second = await client.scheduledEvents({ user: me.uri, count: 2, pageToken: first.nextPageToken });
    expect(second.items.map((e) => e.startTime)).toEqual(['2026-03-12T09:00:00.000Z']);
    expect(second.nextPageToken).toBeNull();
    const invitees = await client.invitees(first.items[0]!.uuid);
    expect(invitees).toEqual([expect.objectContaining({ email: 'guest0@example.com', name: 'Guest 0', status: 'active', rescheduled: false })]);
    const forbidden = await client.scheduledEvents({ user: `${cal.url}/users/SOMEONEELSE` }).catch((e: unknown) => e);
    expect(forbidden).toBeInstanceOf(CalendlyApiError);
    expect(forbidden).toMatchObject({ status: 403, message: 'Calendly: You do not have permission to access this resource.' });
  });

  it('subscribes a webhook with a signing key (a second one for the same URL is 409), lists and deletes it', async () => {
    const client = calendlyClient(tokenTransport(cal.url, async () => cal.personalToken, fetchOptions()));
    const input = { url: 'https://app.example.com/api/v1/integrations/calendly/webhook/1', organization: cal.user.organization, user: cal.user.uri, scope: 'user' as const, signingKey: 'k'.repeat(32) };
    const hook = await client.createWebhook(input);
    expect(hook).toMatchObject({ callbackUrl: input.url, state: 'active', events: ['invitee.created', 'invitee.canceled'], scope: 'user' });
    expect(cal.requests.at(-1)!.body).toMatchObject({ signing_key: input.signingKey, scope: 'user', user: cal.user.uri });
    const dup = await client.createWebhook(input).catch((e: unknown) => e);
    expect(dup).toMatchObject({ status: 409, title: 'Already Exists' });
    expect((await client.webhooks(input)).map((w) => w.uri)).toContain(hook.uri);
    await client.deleteWebhook(hook.uri);
    expect(await client.webhooks(input)).toEqual([]);
    await client.deleteWebhook(hook.uri);
    const bad = await client.createWebhook({ ...input, url: 'not a url' }).catch((e: unknown) => e);
    expect((bad as CalendlyApiError).message).toBe('Calendly: The supplied parameters are invalid. url: is not a valid URL');
  });
});

describe.runIf(PGLITE_PASS)("Calendly's webhook signature", () => {
  const key = 'signing-key-0123456789abcdef0123456789';
  const body = '{"event":"invitee.created","payload":{}}';
  const now = new Date('2026-03-02T10:00:00Z');
  const t = Math.floor(now.getTime() / 1000);

  it('accepts t.body signed with the key, within the tolerance either side of our clock', () => {
    expect(verifyCalendlySignature(calendlySignatureHeader(key, t, body), body, key, now)).toEqual({ ok: true, timestamp: t });
    expect(verifyCalendlySignature(calendlySignatureHeader(key, t - 180, body), body, key, now).ok).toBe(true);
    expect(verifyCalendlySignature(calendlySignatureHeader(key, t + 60, body), body, key, now).ok).toBe(true);
  });

  it('refuses a forged, altered, stale, missing or malformed signature', () => {
    expect(verifyCalendlySignature(calendlySignatureHeader('another-key-0123456789abcdef01234567', t, body), body, key, now)).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifyCalendlySignature(calendlySignatureHeader(key, t, body), body.replace('created', 'canceled'), key, now)).toEqual({ ok: false, reason: 'mismatch' });
    // The timestamp is signed: moving it breaks the signature; an old one signed correctly is stale.
    expect(verifyCalendlySignature(calendlySignatureHeader(key, t, body).replace(`t=${t}`, `t=${t + 1}`), body, key, now)).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifyCalendlySignature(calendlySignatureHeader(key, t - 181, body), body, key, now)).toEqual({ ok: false, reason: 'stale' });
    expect(verifyCalendlySignature(undefined, body, key, now)).toEqual({ ok: false, reason: 'missing' });
    expect(verifyCalendlySignature('v1=abc', body, key, now)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyCalendlySignature(`t=${t},v1=zz`, body, key, now)).toEqual({ ok: false, reason: 'mismatch' });
  });
});
