import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CalendlyEvents } from '@shared/schemas/integrations-calendly';
import type { Db } from '../../../db/client';
import { integrations, prospects, type ActivityRow } from '../../../db/schema';
import { inAccount } from '../../../db/tenancy';
import type { RequestBrand } from '../../../lib/brand-request';
import { HttpError, notFound, unprocessable } from '../../../lib/http-error';
import type { AuthContext, Deps } from '../../../lib/route';
import { ledgerWrite } from '../ledger';
import { saveIntegration } from '../oauth';
import { providerOf } from '../registry';
import { availableOnBrand, connectedIntegration, FEATURE_NOT_AVAILABLE, integrationRow, toIntegrationJson } from '../service';
import { NeedsReconnectError } from '../tokens';
import { vendorClient, VendorError } from '../vendor-fetch';
import { applyCalendlyDelivery, type BookingOutcome } from './bookings';
import { CalendlyApiError, calendlyClient, CalendlyReconnectError, CalendlyUnreachableError, tokenTransport } from './client';
import { calendlyOf, signingKeyOf, SUBSCRIBE_WEBHOOK } from './operations';
import { verifyCalendlySignature } from './signature';

export const CALENDLY_MESSAGES = {
  tokenRefused: 'Calendly did not accept this personal access token: create one at Calendly → Integrations → API & Webhooks and paste it whole',
  unknownWebhook: 'Unknown Calendly webhook',
  badSignature: 'The Calendly-Webhook-Signature header is missing, wrong or too old',
  badBody: 'The webhook body is not JSON',
};

const nowOf = (deps: Deps) => (deps.clock ? deps.clock() : new Date());

/** A read inside a request: Calendly's refusal as a 502 with its words, a withdrawn access as 422. */
async function readingCalendly<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof CalendlyApiError || err instanceof VendorError) throw new HttpError(502, [err.message]);
    if (err instanceof CalendlyReconnectError || err instanceof NeedsReconnectError) throw unprocessable(err.message);
    throw err;
  }
}

/**
 * POST integrations { provider: calendly, access_token }: a personal access token, checked at Calendly (users/me)
 * before it is stored sealed. Connecting subscribes the webhook (reaction below). Works without CALENDLY_CLIENT_ID:
 * a personal token needs no OAuth app.
 */
export async function connectWithToken(deps: Deps, auth: AuthContext, brand: RequestBrand, token: string) {
  if (!availableOnBrand(brand, 'calendly')) throw notFound(FEATURE_NOT_AVAILABLE);
  const base = deps.config.integrations.calendly.apiBase;
  let me;
  try {
    me = await calendlyClient(tokenTransport(base, async () => token, { allowHosts: deps.config.guardedFetch.allowHosts })).me();
  } catch (err) {
    if (err instanceof CalendlyReconnectError) throw unprocessable(CALENDLY_MESSAGES.tokenRefused);
    if (err instanceof CalendlyApiError || err instanceof CalendlyUnreachableError) throw new HttpError(502, [err.message]);
    throw err;
  }
  const now = nowOf(deps);
  const id = await saveIntegration(deps, { accountId: auth.account.id, userId: auth.user.id, provider: 'calendly' }, { accessToken: token, refreshToken: null, expiresAt: null, vendorAccountId: me.uri, vendorAccountName: me.email || me.name }, now);
  const row = await integrationRow(deps.db, auth.account.id, id);
  return toIntegrationJson(row, 0, now);
}

/**
 * The reaction to integration_connected for Calendly (src/reactions.ts, in the connecting transaction): the webhook
 * subscription is a write to the vendor, so it goes through the ledger (its job runs after the commit). One per
 * connection (the activity's id is the key): a reconnect subscribes afresh, with a new signing key.
 */
export async function subscribeOnConnect(tx: Db, deps: Deps, activity: ActivityRow): Promise<void> {
  const payload = (activity.payload ?? {}) as { provider?: unknown; integration_id?: unknown };
  if (payload.provider !== 'calendly' || typeof payload.integration_id !== 'number') return;
  await ledgerWrite(tx, deps, {
    accountId: activity.accountId,
    integrationId: payload.integration_id,
    provider: 'calendly',
    key: `calendly:webhook:${activity.id}`,
    operation: SUBSCRIBE_WEBHOOK,
    summary: 'Subscribe to bookings and cancellations (webhook invitee.created, invitee.canceled)',
    input: { integration_id: payload.integration_id },
  });
}

/** GET integrations/calendly_events: one page of the connected user's scheduled events, each with its invitees and which of them are prospects. */
export async function calendlyEvents(deps: Deps, auth: AuthContext, brand: RequestBrand, q: { page_token?: string; count: number; min_start_time?: string; status?: 'active' | 'canceled' }): Promise<CalendlyEvents> {
  const { row, provider } = await connectedIntegration(deps, brand, auth.account.id, 'calendly');
  const cal = calendlyOf(vendorClient(deps, provider, row));
  return readingCalendly(async () => {
    const user = typeof row.vendorState.user_uri === 'string' ? row.vendorState.user_uri : (row.vendorAccountId ?? (await cal.me()).uri);
    const page = await cal.scheduledEvents({ user, pageToken: q.page_token ?? null, count: q.count, minStartTime: q.min_start_time, status: q.status });
    const withInvitees = [];
    for (const e of page.items) withInvitees.push({ event: e, invitees: await cal.invitees(e.uuid) });
    const emails = [...new Set(withInvitees.flatMap((x) => x.invitees.map((i) => i.email.trim().toLowerCase())).filter(Boolean))];
    const known = emails.length
      ? await deps.db
          .select({ id: prospects.id, email: sql<string>`lower(${prospects.email})` })
          .from(prospects)
          .where(and(eq(prospects.accountId, auth.account.id), inArray(sql`lower(${prospects.email})`, emails)))
      : [];
    const byEmail = new Map(known.map((k) => [k.email, k.id]));
    return {
      data: withInvitees.map(({ event, invitees }) => ({
        id: event.uuid,
        name: event.name,
        status: event.status,
        start_time: event.startTime,
        end_time: event.endTime,
        location: event.location,
        invitees: invitees.map((i) => ({ email: i.email, name: i.name, status: i.status, rescheduled: i.rescheduled, prospect_id: byEmail.get(i.email.trim().toLowerCase()) ?? null })),
      })),
      meta: { next_page_token: page.nextPageToken, count: page.items.length },
    };
  });
}

/**
 * POST integrations/calendly/webhook/{id}: a delivery of the integration's subscription. The signature (its signing
 * key, the exact body, a timestamp within tolerance of our clock) is checked before anything is read; then the booking
 * is applied in the integration's account (bookings.ts). 401 for a forged or stale delivery, 404 for an unknown one.
 */
export async function receiveWebhook(deps: Deps, integrationId: number, rawBody: string, signature: string | undefined): Promise<BookingOutcome> {
  const [row] = await deps.db
    .select()
    .from(integrations)
    .where(and(eq(integrations.id, integrationId), eq(integrations.provider, 'calendly')));
  const key = row ? signingKeyOf(deps.config, row) : null;
  if (!row || !key || !providerOf('calendly')) throw notFound(CALENDLY_MESSAGES.unknownWebhook);
  const now = nowOf(deps);
  const check = verifyCalendlySignature(signature, rawBody, key, now);
  if (!check.ok) throw new HttpError(401, [CALENDLY_MESSAGES.badSignature]);
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new HttpError(400, [CALENDLY_MESSAGES.badBody]);
  }
  return inAccount(row.accountId, null, () => applyCalendlyDelivery(deps.db, { accountId: row.accountId, integrationId: row.id, body, now }));
}
