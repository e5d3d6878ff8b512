import type { IntegrationProviderId } from '@shared/schemas/integrations';
import type { Config } from '../../config';
import type { IntegrationRow, IntegrationSyncRow } from '../../db/schema';
import type { Deps } from '../../lib/route';
import type { VendorClient } from './vendor-fetch';

/**
 * THE provider interface (README.md: how a provider plugs in). A provider is one vendor: how to tell whether the
 * server is configured for it, how the user connects (OAuth consent, a token, a key the product issues), its request
 * limits (quota.ts paces every request to them), and the writes it can perform (ledger.ts runs them, by name).
 */

/** What a token grant answered, in our terms. */
export type TokenGrant = {
  accessToken: string;
  /** null: the vendor did not send a new one (keep the stored one). */
  refreshToken: string | null;
  /** null: the token does not expire (a personal access token). */
  expiresAt: Date | null;
  scopes?: string | null;
  /** HubSpot portal id, Salesforce org id, Calendly user URI: known after the exchange (or from introspect()). */
  vendorAccountId?: string | null;
  vendorAccountName?: string | null;
  /** Salesforce: the org's API host. */
  instanceUrl?: string | null;
};

/** The vendor refused a grant (invalid_grant on a refresh: the access was withdrawn; the user reconnects). */
export class OAuthGrantError extends Error {
  constructor(
    readonly error: string,
    readonly description: string | null,
    readonly status: number,
  ) {
    super(`${error}${description ? `: ${description}` : ''}`);
    this.name = 'OAuthGrantError';
  }
  /** The refresh token is no good any more (as opposed to a vendor outage, retried later). */
  get refused(): boolean {
    return this.error === 'invalid_grant' || this.error === 'unauthorized_client' || this.error === 'invalid_client' || this.status === 400 || this.status === 401;
  }
}

/** Extra signed into the OAuth state by POST integrations (e.g. Salesforce's sandbox choice). */
export type OAuthStart = { redirectUri: string; state: string; extra: Record<string, unknown> };

export type OAuthFlow = {
  /** The vendor's consent URL. */
  authorizeUrl(config: Config, start: OAuthStart): string;
  exchangeCode(deps: Deps, code: string, start: Omit<OAuthStart, 'state'>): Promise<TokenGrant>;
  refresh(deps: Deps, integration: IntegrationRow, refreshToken: string): Promise<TokenGrant>;
  /** Withdraws the tokens at the vendor where it can (DELETE integrations/{id} calls it before deleting). */
  revoke?(deps: Deps, integration: IntegrationRow, tokens: { accessToken: string | null; refreshToken: string | null }): Promise<void>;
};

/**
 * A request budget: at most `max` requests per `windowMs` to this vendor per integration. `bucket` names which
 * requests count against it: 'all', or a kind a client passes (HubSpot's search endpoints have their own, lower limit).
 */
export type RateLimit = { window: string; windowMs: number; max: number; bucket: 'all' | string };

/** What a write operation gets: the vendor client of its integration (token, pacing and 429 handled), and its input. */
export type WriteContext = { deps: Deps; integration: IntegrationRow; client: VendorClient; now: Date };

/** A further write a successful one asks for (e.g. the note on the contact it created): recorded in the ledger in turn. */
export type FollowUpWrite = { key: string; operation: string; summary: string; input: Record<string, unknown>; prospectId?: number | null; recordId?: string | null };

/** What a write answers: the vendor's record and status, plus anything worth keeping, and the writes that follow it. */
export type WriteOutcome = { recordId: string | null; responseStatus: number; result?: Record<string, unknown>; followUps?: FollowUpWrite[] };

/**
 * A write to the vendor, run by the ledger's durable job (never inside a request). It must be idempotent at the vendor
 * for the same input (a create that may answer "already exists" becomes an update), since a run can repeat after a crash.
 */
export type WriteOperation = {
  provider: IntegrationProviderId;
  run(ctx: WriteContext, input: Record<string, unknown>, previous: { recordId: string | null }): Promise<WriteOutcome>;
};

/**
 * A bulk read previewed before it changes anything here (syncs.ts): `preview` reads one page at a time (called again
 * with what it answered until done; `preview.cursor` says where it is), `apply` writes what the preview's items say.
 */
export type SyncKind = {
  provider: IntegrationProviderId;
  preview(
    ctx: WriteContext,
    params: Record<string, unknown>,
    progress: Record<string, unknown> | null,
    items: unknown[],
  ): Promise<{ done: boolean; preview: Record<string, unknown>; items: unknown[] }>;
  apply(ctx: WriteContext, sync: IntegrationSyncRow): Promise<Record<string, unknown>>;
};

export type IntegrationProvider = {
  id: IntegrationProviderId;
  /** The server has the vendor's client id (HUBSPOT_CLIENT_ID, …); else the page says "not configured". */
  configured(config: Config): boolean;
  connect: ReadonlyArray<'oauth' | 'token' | 'api_key'>;
  oauth?: OAuthFlow;
  /** The vendor's API origin for this integration (Salesforce: the org's instance_url). */
  apiBase(config: Config, integration: IntegrationRow): string;
  limits: readonly RateLimit[];
  /** The vendor's own daily allowance when known (Salesforce's Sforce-Limit-Info), from the integration's vendor_state. */
  dailyAllowance?(integration: IntegrationRow): number | null;
  /** Reads usage headers of each answer (Sforce-Limit-Info): what to merge into vendor_state, or null. */
  observe?(headers: Headers): Record<string, unknown> | null;
  /** Writes this provider performs, by operation name ("hubspot.upsert_contact"). */
  operations: Record<string, WriteOperation>;
  /** Bulk reads previewed before they apply, by kind ("hubspot.blacklist_import"). */
  syncs?: Record<string, SyncKind>;
};
