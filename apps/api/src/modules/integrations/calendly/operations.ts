import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { API_PREFIX } from '@shared/constants';
import { dbId } from '@shared/schemas/primitives';
import type { Config } from '../../../config';
import { accounts, integrations, type IntegrationRow } from '../../../db/schema';
import { brandOrigin } from '../../../lib/brand-request';
import { SecretBoxError } from '../../../lib/secret-box';
import { credentialsBox } from '../../mailboxes/credentials';
import type { WriteOperation } from '../providers';
import { NeedsReconnectError } from '../tokens';
import { VendorError, type VendorClient } from '../vendor-fetch';
import { CalendlyApiError, calendlyClient, CalendlyReconnectError, type CalendlyClient } from './client';

/**
 * Calendly's one write: the signed webhook subscription that tells us of bookings (invitee.created, invitee.canceled),
 * made when the user connects (reaction calendly-subscribe-on-connect, through the ledger). Its URL names the
 * integration (`/api/v1/integrations/calendly/webhook/<id>` on the brand's origin); its signing key is ours, random,
 * sealed in vendor_state like the tokens. A subscription left from an earlier connection to the same URL (409 Already
 * Exists) is deleted and made again: its key was never ours to know again.
 */

export const SUBSCRIBE_WEBHOOK = 'calendly.subscribe_webhook';
export const calendlyWebhookPath = (integrationId: number) => `${API_PREFIX}/integrations/calendly/webhook/${integrationId}`;

const signingContext = (row: Pick<IntegrationRow, 'accountId' | 'id'>) => `integrations:${row.accountId}:${row.id}:calendly_signing_key`;

/** The integration's webhook signing key, or null (none subscribed yet, or sealed with another key). */
export function signingKeyOf(config: Pick<Config, 'mailCredentialsKey' | 'dataDir'>, row: IntegrationRow): string | null {
  const sealed = row.vendorState.webhook_signing_key;
  if (typeof sealed !== 'string') return null;
  try {
    return credentialsBox(config).open(sealed, signingContext(row));
  } catch (err) {
    if (err instanceof SecretBoxError) return null;
    throw err;
  }
}

/** A Calendly client of the integration, over the core's vendor client (pacing, token, guarded fetch). */
export const calendlyOf = (client: VendorClient): CalendlyClient =>
  calendlyClient(async (req) => {
    const res = await client.request({ method: req.method, path: req.path, json: req.json });
    return { status: res.status, body: res.body };
  });

/** Calendly's errors as the ledger reads vendor errors. */
export async function speakingCalendly<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof CalendlyApiError) throw new VendorError(err.status, err.message, null);
    if (err instanceof CalendlyReconnectError) throw new NeedsReconnectError('calendly', err.message);
    throw err;
  }
}

const subscribeInput = z.object({ integration_id: dbId() });

const subscribeWebhook: WriteOperation = {
  provider: 'calendly',
  async run({ deps, integration, client, now }) {
    const cal = calendlyOf(client);
    const [account] = await deps.db.select({ holderId: accounts.holderId }).from(accounts).where(eq(accounts.id, integration.accountId));
    const url = `${brandOrigin(deps.config, account?.holderId ?? 0)}${calendlyWebhookPath(integration.id)}`;
    return speakingCalendly(async () => {
      const me = await cal.me();
      const scope = 'user' as const;
      const previous = typeof integration.vendorState.webhook_uri === 'string' ? integration.vendorState.webhook_uri : null;
      if (previous) await cal.deleteWebhook(previous);
      const signingKey = randomBytes(32).toString('base64url');
      const input = { url, organization: me.organization, user: me.uri, scope, signingKey };
      let hook;
      try {
        hook = await cal.createWebhook(input);
      } catch (err) {
        if (!(err instanceof CalendlyApiError && err.status === 409)) throw err;
        for (const old of await cal.webhooks(input)) if (old.callbackUrl === url) await cal.deleteWebhook(old.uri);
        hook = await cal.createWebhook(input);
      }
      const vendorState = {
        ...integration.vendorState,
        webhook_uri: hook.uri,
        webhook_url: url,
        webhook_signing_key: credentialsBox(deps.config).seal(signingKey, signingContext(integration)),
        user_uri: me.uri,
        organization_uri: me.organization,
      };
      await deps.db
        .update(integrations)
        .set({ vendorState, vendorAccountId: me.uri, vendorAccountName: me.email || me.name, updatedAt: now })
        .where(and(eq(integrations.accountId, integration.accountId), eq(integrations.id, integration.id)));
      return { recordId: hook.uri, responseStatus: 201, result: { webhook_url: url, events: hook.events } };
    });
  },
};

export const subscribeWebhookInput = subscribeInput;
export const calendlyOperations: Record<string, WriteOperation> = { [SUBSCRIBE_WEBHOOK]: subscribeWebhook };
