import type { IntegrationProviderId } from '@shared/schemas/integrations';
import { calendlyProvider } from './calendly/provider';
import { hubspotProvider } from './hubspot/provider';
import { zapierProvider } from './zapier/provider';
import type { IntegrationProvider, SyncKind, WriteOperation } from './providers';
import { salesforceProvider } from './salesforce/provider';

/**
 * THE providers this server speaks to (README.md: a new one is a folder beside hubspot/ and a line here). A provider
 * of INTEGRATION_PROVIDERS missing here is not offered (the page shows it as not available on this server).
 */
export const PROVIDERS: readonly IntegrationProvider[] = [hubspotProvider, salesforceProvider, calendlyProvider, zapierProvider];

export const providerOf = (id: IntegrationProviderId): IntegrationProvider | null => PROVIDERS.find((p) => p.id === id) ?? null;

/** The write operation of that name, across providers (ledger.ts runs it). */
export function operationOf(name: string): WriteOperation | null {
  for (const p of PROVIDERS) if (Object.hasOwn(p.operations, name)) return p.operations[name]!;
  return null;
}

/** The sync kind of that name, across providers (syncs.ts runs it). */
export function syncKindOf(name: string): SyncKind | null {
  for (const p of PROVIDERS) if (p.syncs && Object.hasOwn(p.syncs, name)) return p.syncs[name]!;
  return null;
}
