import { and, asc, eq } from 'drizzle-orm';
import {
  INTEGRATION_PROVIDER_FLAGS,
  INTEGRATION_PROVIDER_LABELS,
  INTEGRATION_PROVIDERS,
  integrationSettingsSchema,
  type Integration,
  type IntegrationProviderId,
  type IntegrationProviderInfo,
  type IntegrationSettings,
} from '@shared/schemas/integrations';
import type { Db } from '../../db/client';
import { integrations, type IntegrationRow } from '../../db/schema';
import type { RequestBrand } from '../../lib/brand-request';
import { notFound, unprocessable } from '../../lib/http-error';
import type { AuthContext, Deps } from '../../lib/route';
import { recordActivity } from '../activities/service';
import type { IntegrationProvider } from './providers';
import { dailyCapOf, usageToday } from './quota';
import { providerOf } from './registry';
import { openToken } from './tokens';
import { revokeAllKeys } from '../webhooks/api-keys';

/** The same words the route registry answers for a switched-off feature (app.ts FEATURE_NOT_AVAILABLE). */
export const FEATURE_NOT_AVAILABLE = 'This feature is not available';

export const INTEGRATION_MESSAGES = {
  notFound: 'Integration not found',
  notConfigured: (label: string) => `${label} is not configured on this server (its client id is not set).`,
  notConnected: (label: string) => `Connect ${label} first, on the Integrations page.`,
  needsReconnect: (label: string) => `${label} needs to be reconnected first, on the Integrations page.`,
  wrongWay: (label: string) => `${label} does not connect this way.`,
};

export const availableOnBrand = (brand: RequestBrand, id: IntegrationProviderId) => brand.brand.feature_flags.integrations && brand.brand.feature_flags[INTEGRATION_PROVIDER_FLAGS[id]];

/**
 * The provider for a connect or a call on this brand: 404 as for a switched-off route when the brand has not got it,
 * 422 when this server is not configured for it (not broken: the page says so), or does not connect that way.
 */
export function requireProvider(deps: Deps, brand: RequestBrand, id: IntegrationProviderId, way?: 'oauth' | 'token' | 'api_key'): IntegrationProvider {
  if (!availableOnBrand(brand, id)) throw notFound(FEATURE_NOT_AVAILABLE);
  const label = INTEGRATION_PROVIDER_LABELS[id];
  const provider = providerOf(id);
  // A provider that also takes a pasted token (Calendly) works without the OAuth app for everything but the consent page.
  const usable = provider && (provider.configured(deps.config) || (way !== 'oauth' && provider.connect.includes('token')));
  if (!provider || !usable) throw unprocessable(INTEGRATION_MESSAGES.notConfigured(label));
  if (way && !provider.connect.includes(way)) throw unprocessable(INTEGRATION_MESSAGES.wrongWay(label));
  if (way === 'oauth' && !provider.oauth) throw unprocessable(INTEGRATION_MESSAGES.wrongWay(label));
  return provider;
}

export const settingsOf = (row: Pick<IntegrationRow, 'settings'>): IntegrationSettings => {
  const parsed = integrationSettingsSchema.safeParse(row.settings);
  return parsed.success ? parsed.data : {};
};

export function toIntegrationJson(row: IntegrationRow, today: number, now: Date): Integration {
  const provider = providerOf(row.provider);
  return {
    id: row.id,
    provider: row.provider,
    status: row.status,
    status_message: row.statusMessage,
    vendor_account_id: row.vendorAccountId,
    vendor_account_name: row.vendorAccountName,
    instance_url: row.instanceUrl,
    settings: settingsOf(row),
    last_sync_at: row.lastSyncAt?.toISOString() ?? null,
    usage: {
      today,
      cap: dailyCapOf(row),
      allowance: provider?.dailyAllowance?.(row) ?? null,
      paused_until: row.pausedUntil && row.pausedUntil.getTime() > now.getTime() ? row.pausedUntil.toISOString() : null,
    },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function providersFor(deps: Deps, brand: RequestBrand): IntegrationProviderInfo[] {
  return INTEGRATION_PROVIDERS.filter((id) => availableOnBrand(brand, id)).map((id) => {
    const provider = providerOf(id);
    return { provider: id, label: INTEGRATION_PROVIDER_LABELS[id], configured: Boolean(provider?.configured(deps.config)), connect: provider ? [...provider.connect] : [] };
  });
}

export async function integrationRow(db: Db, accountId: number, id: number): Promise<IntegrationRow> {
  const [row] = await db
    .select()
    .from(integrations)
    .where(and(eq(integrations.accountId, accountId), eq(integrations.id, id)));
  if (!row) throw notFound(INTEGRATION_MESSAGES.notFound);
  return row;
}

/** The account's integration of this provider, ready for a call: 422 when it is not connected or needs reconnecting. */
export async function connectedIntegration(deps: Deps, brand: RequestBrand, accountId: number, id: IntegrationProviderId): Promise<{ row: IntegrationRow; provider: IntegrationProvider }> {
  const provider = requireProvider(deps, brand, id);
  const label = INTEGRATION_PROVIDER_LABELS[id];
  const [row] = await deps.db
    .select()
    .from(integrations)
    .where(and(eq(integrations.accountId, accountId), eq(integrations.provider, id)));
  if (!row) throw unprocessable(INTEGRATION_MESSAGES.notConnected(label));
  if (row.status === 'needs_reconnect') throw unprocessable(INTEGRATION_MESSAGES.needsReconnect(label));
  return { row, provider };
}

/** GET integrations: the account's integrations on this brand, with today's usage, and the brand's providers. */
export async function listIntegrations(deps: Deps, auth: AuthContext, brand: RequestBrand) {
  const now = deps.clock ? deps.clock() : new Date();
  const rows = await deps.db.select().from(integrations).where(eq(integrations.accountId, auth.account.id)).orderBy(asc(integrations.id));
  const usage = await usageToday(deps.db, auth.account.id, now);
  return {
    data: rows.filter((r) => availableOnBrand(brand, r.provider)).map((r) => toIntegrationJson(r, usage.get(r.id) ?? 0, now)),
    meta: { providers: providersFor(deps, brand) },
  };
}

/** PUT integrations/{id}: its settings (merged: a field left out keeps its value; null clears it). */
export async function updateSettings(deps: Deps, auth: AuthContext, brand: RequestBrand, id: number, settings: IntegrationSettings): Promise<Integration> {
  const row = await integrationRow(deps.db, auth.account.id, id);
  if (!availableOnBrand(brand, row.provider)) throw notFound(INTEGRATION_MESSAGES.notFound);
  const merged = Object.fromEntries(Object.entries({ ...settingsOf(row), ...settings }).filter(([, v]) => v !== null && v !== undefined));
  const [updated] = await deps.db
    .update(integrations)
    .set({ settings: merged, updatedAt: new Date() })
    .where(and(eq(integrations.accountId, auth.account.id), eq(integrations.id, id)))
    .returning();
  const now = deps.clock ? deps.clock() : new Date();
  const usage = await usageToday(deps.db, auth.account.id, now);
  return toIntegrationJson(updated!, usage.get(id) ?? 0, now);
}

/**
 * DELETE integrations/{id}: the tokens are revoked at the vendor where it can be (a vendor that does not answer does
 * not keep the user connected here), then the row goes, with its quota; its ledger stays, for the record.
 */
export async function disconnect(deps: Deps, auth: AuthContext, brand: RequestBrand, id: number, log: { warn(obj: unknown, msg: string): void }): Promise<{ id: number; revoked: boolean }> {
  const row = await integrationRow(deps.db, auth.account.id, id);
  if (!availableOnBrand(brand, row.provider)) throw notFound(INTEGRATION_MESSAGES.notFound);
  const provider = providerOf(row.provider);
  let revoked = false;
  if (provider?.oauth?.revoke && provider.configured(deps.config)) {
    try {
      await provider.oauth.revoke(deps, row, { accessToken: openToken(deps.config, row, 'access_token'), refreshToken: openToken(deps.config, row, 'refresh_token') });
      revoked = true;
    } catch (err) {
      log.warn({ err, provider: row.provider }, 'Revoking the integration at the vendor failed; deleting it here anyway');
    }
  }
  await deps.db.transaction(async (tx) => {
    // Zapier's "tokens" are the account's API keys: they are revoked here (their REST hooks go with them).
    if (row.provider === 'zapier') await revokeAllKeys(tx, auth.account.id);
    await tx.delete(integrations).where(and(eq(integrations.accountId, auth.account.id), eq(integrations.id, id)));
    await recordActivity(tx, {
      accountId: auth.account.id,
      actorType: 'user',
      actorId: auth.user.id,
      verb: 'integration_disconnected',
      payload: { integration_id: id, provider: row.provider, label: INTEGRATION_PROVIDER_LABELS[row.provider], revoked },
    });
  });
  return { id, revoked };
}

