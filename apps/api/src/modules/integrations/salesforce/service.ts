import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { normaliseBlacklistEmail } from '@shared/schemas/blacklist';
import type { IntegrationSync, PushAnswer } from '@shared/schemas/integrations';
import type { SalesforceListItem } from '@shared/schemas/integrations-salesforce';
import type { Db } from '../../../db/client';
import { emailThreadMessages, emailThreads, prospects, type IntegrationRow, type ProspectRow } from '../../../db/schema';
import type { RequestBrand } from '../../../lib/brand-request';
import { HttpError, notFound, unprocessable } from '../../../lib/http-error';
import type { AuthContext, Deps } from '../../../lib/route';
import { ledgerWrite, toWriteJson } from '../ledger';
import { recordOf } from '../records';
import { connectedIntegration, settingsOf } from '../service';
import { confirmSync, startSync } from '../syncs';
import { NeedsReconnectError } from '../tokens';
import { vendorClient, VendorError } from '../vendor-fetch';
import { SalesforceApiError, SalesforceReconnectError, type SObjectType } from './client';
import { SALESFORCE_BLACKLIST_IMPORT } from './blacklist-import';
import { sfOf, UPSERT_PERSON, type SalesforcePersonFields, type UpsertPersonInput } from './operations';

/**
 * Salesforce's calls (spec §7): the org's Lead and Contact list views (integrations/salesforce_lists), and a replying
 * prospect pushed as a Lead or a Contact (replies/{id}/import_contact_to_salesforce, through the ledger; the setting
 * salesforce_object says which, Lead by default).
 */

export const SALESFORCE_MESSAGES = {
  replyNotFound: 'Reply not found',
  noEmail: 'This reply has no prospect address to push to Salesforce',
};

/** Salesforce's own placeholder for a required field nobody filled (its Web-to-Lead writes it for a missing company). */
export const NOT_PROVIDED = '[not provided]';

/** Addresses at these hosts say nothing about the company. */
const FREE_MAIL = new Set(['gmail.com', 'googlemail.com', 'outlook.com', 'hotmail.com', 'live.com', 'yahoo.com', 'icloud.com', 'me.com', 'aol.com', 'gmx.de', 'gmx.net', 'web.de', 'proton.me', 'protonmail.com', 'mail.ru', 'yandex.ru']);

/**
 * The Lead or Contact fields for a prospect. Salesforce requires LastName (and Company on a Lead): the prospect's last
 * name, else the last word of the full name, else the address's local part; the company, else the address's domain
 * when it is a company's (acme.com), else "[not provided]". Empty fields are left out: an update never blanks one.
 */
export function personFields(p: Pick<ProspectRow, 'firstName' | 'lastName' | 'fullName' | 'company' | 'title' | 'companyDomain'> | null, email: string): SalesforcePersonFields {
  const clean = (v: string | null | undefined, max: number) => v?.trim().slice(0, max) || undefined;
  const words = p?.fullName?.trim().split(/\s+/).filter(Boolean) ?? [];
  const firstName = clean(p?.firstName, 40) ?? (words.length > 1 ? clean(words.slice(0, -1).join(' '), 40) : undefined);
  const lastName = clean(p?.lastName, 80) ?? clean(words.at(-1), 80) ?? clean(email.split('@')[0], 80) ?? NOT_PROVIDED;
  const domain = email.split('@')[1]?.toLowerCase();
  const company = clean(p?.company, 255) ?? clean(p?.companyDomain, 255) ?? (domain && !FREE_MAIL.has(domain) ? domain : undefined) ?? NOT_PROVIDED;
  const out: SalesforcePersonFields = { LastName: lastName, Company: company, Email: email };
  if (firstName) out.FirstName = firstName;
  const title = clean(p?.title, 128);
  if (title) out.Title = title;
  return out;
}

const digest = (v: unknown) => createHash('sha256').update(JSON.stringify(v)).digest('hex').slice(0, 24);

/** A read inside a request: Salesforce's refusal as a 502 with its words, a withdrawn access as 422. */
export async function readingSalesforce<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof SalesforceApiError) throw new HttpError(502, [err.message]);
    if (err instanceof SalesforceReconnectError || err instanceof NeedsReconnectError) throw unprocessable(err.message);
    if (err instanceof VendorError) throw new HttpError(502, [err.message]);
    throw err;
  }
}

async function salesforce(deps: Deps, brand: RequestBrand, auth: AuthContext) {
  const { row, provider } = await connectedIntegration(deps, brand, auth.account.id, 'salesforce');
  return { row, sf: sfOf(vendorClient(deps, provider, row)) };
}

/** GET integrations/salesforce_lists: the org's Lead and Contact list views (which one is suppression: settings). */
export async function salesforceLists(deps: Deps, auth: AuthContext, brand: RequestBrand, q: { sobject?: SObjectType }): Promise<{ data: SalesforceListItem[] }> {
  const { row, sf } = await salesforce(deps, brand, auth);
  const objects: SObjectType[] = q.sobject ? [q.sobject] : ['Lead', 'Contact'];
  const suppression = settingsOf(row).suppression_list_id ?? null;
  const data: SalesforceListItem[] = [];
  await readingSalesforce(async () => {
    for (const o of objects) for (const v of await sf.listViews(o)) data.push({ id: v.id, label: v.label, sobject_type: o, suppression: v.id === suppression });
  });
  return { data };
}

/**
 * Records the push of a reply's prospect to Salesforce in the ledger (the job writes it after the commit). The key is
 * the prospect, the object and the data sent: the same push twice is one write; changed data is a new write to the
 * same record once its id is known. With log_conversation on, the reply follows as a completed Task on the record.
 */
export async function pushReplyToSalesforce(deps: Deps, accountId: number, integration: IntegrationRow, replyId: number, object: SObjectType | undefined, db: Db = deps.db): Promise<PushAnswer> {
  const [reply] = await db
    .select()
    .from(emailThreadMessages)
    .where(and(eq(emailThreadMessages.accountId, accountId), eq(emailThreadMessages.id, replyId), eq(emailThreadMessages.direction, 'inbound')));
  if (!reply) throw notFound(SALESFORCE_MESSAGES.replyNotFound);
  const [thread] = await db
    .select()
    .from(emailThreads)
    .where(and(eq(emailThreads.accountId, accountId), eq(emailThreads.id, reply.threadId)));
  if (!thread) throw notFound(SALESFORCE_MESSAGES.replyNotFound);
  const [prospect] = thread.prospectId
    ? await db
        .select()
        .from(prospects)
        .where(and(eq(prospects.accountId, accountId), eq(prospects.id, thread.prospectId)))
    : [];
  const email = normaliseBlacklistEmail(prospect?.email ?? thread.prospectEmail);
  if (!email) throw unprocessable(SALESFORCE_MESSAGES.noEmail);
  const settings = settingsOf(integration);
  const sobject: SObjectType = object ?? settings.salesforce_object ?? 'Lead';
  const fields = personFields(prospect ?? null, email);
  const prospectId = prospect?.id ?? null;
  const known = prospectId ? await recordOf(db, { accountId, provider: 'salesforce', vendorAccountId: integration.vendorAccountId, objectType: sobject, prospectId }) : null;
  const task = settings.log_conversation
    ? {
        key: `salesforce:task:reply:${reply.id}`,
        summary: `Task on ${email}: their reply of ${reply.sentAt.toISOString().slice(0, 10)}`,
        subject: `Email reply: ${reply.subject || thread.subject}`.slice(0, 255),
        description: `Reply from ${reply.fromName ? `${reply.fromName} <${reply.fromEmail}>` : reply.fromEmail}\n\n${reply.text.slice(0, 30000)}`,
        at: reply.sentAt.toISOString(),
      }
    : null;
  const input: UpsertPersonInput = { prospect_id: prospectId, object: sobject, fields, task };
  const { write, created } = await ledgerWrite(db, deps, {
    accountId,
    integrationId: integration.id,
    provider: 'salesforce',
    key: `salesforce:${sobject}:${prospectId ?? `email:${email}`}:${digest(fields)}${task ? `:${task.key}` : ''}`,
    operation: UPSERT_PERSON,
    summary: `${known ? 'Update' : 'Create or update'} ${sobject} ${email}: ${Object.keys(fields).join(', ')}${task ? ', and log the reply as a Task' : ''}`,
    input,
    prospectId,
    recordId: known?.recordId ?? null,
  });
  return { data: toWriteJson(write), created };
}

/** POST replies/{id}/import_contact_to_salesforce { object? }. */
export async function importReplyToSalesforce(deps: Deps, auth: AuthContext, brand: RequestBrand, replyId: number, object: SObjectType | undefined): Promise<PushAnswer> {
  const { row } = await connectedIntegration(deps, brand, auth.account.id, 'salesforce');
  return pushReplyToSalesforce(deps, auth.account.id, row, replyId, object);
}

/**
 * POST integrations/salesforce_lists/{id}/import_to_blacklist { sobject }: starts the preview of a list view's members
 * to the blacklist (read in the background; GET integrations/{integration}/syncs/{sync_id} shows it).
 */
export async function startSalesforceBlacklistImport(deps: Deps, auth: AuthContext, brand: RequestBrand, listId: string, body: { sobject: SObjectType; list_name?: string }): Promise<IntegrationSync> {
  const { row } = await connectedIntegration(deps, brand, auth.account.id, 'salesforce');
  return startSync(deps, row, SALESFORCE_BLACKLIST_IMPORT, { sobject: body.sobject, list_id: listId, list_name: body.list_name ?? null }, auth.user.id);
}

/** { sync_id, confirm: true }: applies exactly the preview the user saw (of this list view). */
export async function confirmSalesforceBlacklistImport(deps: Deps, auth: AuthContext, brand: RequestBrand, listId: string, syncId: number): Promise<IntegrationSync> {
  await connectedIntegration(deps, brand, auth.account.id, 'salesforce');
  const sync = await confirmSync(deps, auth.account.id, syncId, SALESFORCE_BLACKLIST_IMPORT);
  if (sync.params.list_id !== listId) throw notFound('Import not found');
  return sync;
}
