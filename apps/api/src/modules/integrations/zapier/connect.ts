import { and, eq } from 'drizzle-orm';
import { INTEGRATION_PROVIDER_LABELS } from '@shared/schemas/integrations';
import { integrations } from '../../../db/schema';
import type { RequestBrand } from '../../../lib/brand-request';
import type { AuthContext, Deps } from '../../../lib/route';
import { recordActivity } from '../../activities/service';
import { createKey } from '../../webhooks/api-keys';
import { requireProvider } from '../service';

/**
 * POST integrations {provider: 'zapier'}: a new API key for Zapier (shown once, in this answer only) and the account's
 * Zapier connection, created with the first key (integration_connected). The keys are listed and revoked one by one
 * on the Zapier card (api_keys routes); disconnecting the integration revokes them all, and their hooks go with them.
 */
export async function connectZapier(deps: Deps, auth: AuthContext, brand: RequestBrand, name: string | undefined): Promise<{ id: number; api_key: string }> {
  requireProvider(deps, brand, 'zapier', 'api_key');
  const accountId = auth.account.id;
  return deps.db.transaction(async (tx) => {
    const key = await createKey(tx, auth, name);
    const [existing] = await tx
      .select({ id: integrations.id })
      .from(integrations)
      .where(and(eq(integrations.accountId, accountId), eq(integrations.provider, 'zapier')));
    if (existing) return { id: existing.id, api_key: key.api_key };
    const [row] = await tx.insert(integrations).values({ accountId, provider: 'zapier', status: 'connected', connectedBy: auth.user.id }).returning({ id: integrations.id });
    await recordActivity(tx, {
      accountId,
      actorType: 'user',
      actorId: auth.user.id,
      verb: 'integration_connected',
      payload: { integration_id: row!.id, provider: 'zapier', label: INTEGRATION_PROVIDER_LABELS.zapier, vendor_account_id: null },
    });
    return { id: row!.id, api_key: key.api_key };
  });
}
