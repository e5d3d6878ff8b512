import { createHash } from 'node:crypto';
import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import { normaliseBlacklistEmail } from '@shared/schemas/blacklist';
import type { AutoPushPreview, HubSpotContactItem, HubSpotListItem, IntegrationSync, PushAnswer } from '@shared/schemas/integrations';
import type { Db } from '../../../db/client';
import { activities, emailThreadMessages, emailThreads, integrationWrites, prospects, type IntegrationRow } from '../../../db/schema';
import type { RequestBrand } from '../../../lib/brand-request';
import { notFound, unprocessable } from '../../../lib/http-error';
import type { AuthContext, Deps } from '../../../lib/route';
import { ledgerWrite, toWriteJson, type LedgerWriteSpec } from '../ledger';
import { recordOf } from '../records';
import { connectedIntegration, settingsOf } from '../service';
import { confirmSync, startSync } from '../syncs';
import { vendorClient } from '../vendor-fetch';
import { BLACKLIST_IMPORT } from './blacklist-import';
import { contactsPage, listMembersPage, readContacts, searchLists, type HubSpotContact, type HubSpotContactProperties } from './client';
import { UPSERT_CONTACT, type UpsertContactInput } from './operations';

/**
 * HubSpot's calls (spec §7): the portal's lists (integrations/hubspot_lists), its contacts (hubspot_contacts), every
 * contact or a list's members to the blacklist (import_all_hubspot_contacts_to_blacklist: previewed, then confirmed),
 * and a replying prospect pushed as a contact (replies/{id}/import_contact_to_hubspot, through the ledger).
 */

export const HUBSPOT_MESSAGES = {
  replyNotFound: 'Reply not found',
  noEmail: 'This reply has no prospect address to push to HubSpot',
};

async function hubspot(deps: Deps, brand: RequestBrand, auth: AuthContext) {
  const { row, provider } = await connectedIntegration(deps, brand, auth.account.id, 'hubspot');
  return { row, client: vendorClient(deps, provider, row) };
}

/** GET integrations/hubspot_lists: one page of the portal's contact lists (offset paging, as HubSpot's search). */
export async function hubspotLists(deps: Deps, auth: AuthContext, brand: RequestBrand, q: { query?: string; offset: number; count: number }) {
  const { client } = await hubspot(deps, brand, auth);
  const page = await searchLists(client, q);
  const data: HubSpotListItem[] = page.lists.map((l) => ({ id: l.listId, name: l.name, size: l.size, processing_type: l.processingType }));
  return { data, meta: { offset: page.offset, has_more: page.hasMore, total: page.total } };
}

const contactItem = (c: HubSpotContact): HubSpotContactItem => ({
  id: c.id,
  email: c.properties.email ?? null,
  firstname: c.properties.firstname ?? null,
  lastname: c.properties.lastname ?? null,
  company: c.properties.company ?? null,
  jobtitle: c.properties.jobtitle ?? null,
});

/** GET hubspot_contacts: one page of the portal's contacts, or of a list's members (cursor paging: meta.next_after). */
export async function hubspotContacts(deps: Deps, auth: AuthContext, brand: RequestBrand, q: { list_id?: string; after?: string; limit: number }) {
  const { client } = await hubspot(deps, brand, auth);
  if (q.list_id) {
    const members = await listMembersPage(client, q.list_id, { after: q.after, limit: q.limit });
    const contacts = await readContacts(client, members.ids);
    return { data: contacts.map(contactItem), meta: { next_after: members.after } };
  }
  const page = await contactsPage(client, { after: q.after, limit: q.limit });
  return { data: page.contacts.map(contactItem), meta: { next_after: page.after } };
}

/** POST import_all_hubspot_contacts_to_blacklist { list_id? }: starts the preview (what would be added, already there, skipped). */
export async function startBlacklistImport(deps: Deps, auth: AuthContext, brand: RequestBrand, body: { list_id?: string | null; list_name?: string | null }): Promise<IntegrationSync> {
  const { row } = await connectedIntegration(deps, brand, auth.account.id, 'hubspot');
  return startSync(deps, row, BLACKLIST_IMPORT, { list_id: body.list_id ?? null, list_name: body.list_name ?? null }, auth.user.id);
}

/** POST import_all_hubspot_contacts_to_blacklist { sync_id, confirm: true }: applies exactly the preview the user saw. */
export async function confirmBlacklistImport(deps: Deps, auth: AuthContext, brand: RequestBrand, syncId: number): Promise<IntegrationSync> {
  await connectedIntegration(deps, brand, auth.account.id, 'hubspot');
  return confirmSync(deps, auth.account.id, syncId, BLACKLIST_IMPORT);
}

/** The contact properties HubSpot gets for a prospect (empty ones left out: an update never blanks a field). */
export function contactProperties(p: { email: string; firstName: string | null; lastName: string | null; company: string | null; title: string | null }): HubSpotContactProperties {
  const out: HubSpotContactProperties = { email: p.email.trim().toLowerCase() };
  const set = (k: keyof HubSpotContactProperties, v: string | null) => {
    const t = v?.trim();
    if (t) out[k] = t.slice(0, 250);
  };
  set('firstname', p.firstName);
  set('lastname', p.lastName);
  set('company', p.company);
  set('jobtitle', p.title);
  return out;
}

const digest = (v: unknown) => createHash('sha256').update(JSON.stringify(v)).digest('hex').slice(0, 24);

type PushPlan = { spec: LedgerWriteSpec; email: string; known: boolean };

/**
 * What pushing a reply's prospect to HubSpot writes: the contact properties, the ledger key (the prospect and the data
 * sent: the same push twice is one write; a changed prospect, e.g. a new address, is a new write to the same HubSpot
 * record once its id is known), and the note when the user logs conversations.
 */
async function planPush(db: Db, accountId: number, integration: IntegrationRow, replyId: number): Promise<PushPlan> {
  const [reply] = await db
    .select()
    .from(emailThreadMessages)
    .where(and(eq(emailThreadMessages.accountId, accountId), eq(emailThreadMessages.id, replyId), eq(emailThreadMessages.direction, 'inbound')));
  if (!reply) throw notFound(HUBSPOT_MESSAGES.replyNotFound);
  const [thread] = await db
    .select()
    .from(emailThreads)
    .where(and(eq(emailThreads.accountId, accountId), eq(emailThreads.id, reply.threadId)));
  if (!thread) throw notFound(HUBSPOT_MESSAGES.replyNotFound);
  const [prospect] = thread.prospectId
    ? await db
        .select()
        .from(prospects)
        .where(and(eq(prospects.accountId, accountId), eq(prospects.id, thread.prospectId)))
    : [];
  const email = normaliseBlacklistEmail(prospect?.email ?? thread.prospectEmail);
  if (!email) throw unprocessable(HUBSPOT_MESSAGES.noEmail);
  const properties = contactProperties({ email, firstName: prospect?.firstName ?? null, lastName: prospect?.lastName ?? null, company: prospect?.company ?? null, title: prospect?.title ?? null });
  const prospectId = prospect?.id ?? null;
  const known = prospectId ? await recordOf(db, { accountId, provider: 'hubspot', vendorAccountId: integration.vendorAccountId, objectType: 'contact', prospectId }) : null;
  const note = settingsOf(integration).log_conversation
    ? {
        key: `hubspot:note:reply:${reply.id}`,
        summary: `Note on ${email}: their reply of ${reply.sentAt.toISOString().slice(0, 10)}`,
        body: `Reply from ${reply.fromName ? `${reply.fromName} <${reply.fromEmail}>` : reply.fromEmail} — ${reply.subject || thread.subject}\n\n${reply.text.slice(0, 4000)}`,
        at: reply.sentAt.toISOString(),
      }
    : null;
  const input: UpsertContactInput = { prospect_id: prospectId, properties, note };
  return {
    email,
    known: known !== null,
    spec: {
      accountId,
      integrationId: integration.id,
      provider: 'hubspot',
      key: `hubspot:contact:${prospectId ?? `email:${email}`}:${digest(properties)}${note ? `:${note.key}` : ''}`,
      operation: UPSERT_CONTACT,
      summary: `${known ? 'Update' : 'Create or update'} contact ${email}: ${Object.keys(properties).join(', ')}${note ? ', and log the reply as a note' : ''}`,
      input,
      prospectId,
      recordId: known?.recordId ?? null,
    },
  };
}

/** Records the push of a reply's prospect to HubSpot in the ledger (the job writes it after the commit). */
export async function pushReply(deps: Deps, accountId: number, integration: IntegrationRow, replyId: number, db = deps.db): Promise<PushAnswer> {
  const { spec } = await planPush(db, accountId, integration, replyId);
  const { write, created } = await ledgerWrite(db, deps, spec);
  return { data: toWriteJson(write), created };
}

export const PUSH_PREVIEW_DAYS = 30;
const AUTO_PUSH_VERBS = { positive: ['reply_interested', 'meeting_requested'], all: ['reply_received'] } as const;

/**
 * GET integrations/{id}/push_preview?auto_push=positive|all: before the first automatic push, what it would have done
 * with the last 30 days' replies of that kind: create (HubSpot answers "already exists" for a known address, which
 * becomes an update), update (the prospect's HubSpot id is known), skip (already written with the same data, no
 * address). Nothing is written.
 */
export async function previewAutoPush(deps: Deps, auth: AuthContext, brand: RequestBrand, mode: 'positive' | 'all'): Promise<AutoPushPreview> {
  const { row } = await connectedIntegration(deps, brand, auth.account.id, 'hubspot');
  const accountId = auth.account.id;
  const since = new Date((deps.clock ? deps.clock() : new Date()).getTime() - PUSH_PREVIEW_DAYS * 86_400_000);
  const replies = await deps.db
    .select({ payload: activities.payload })
    .from(activities)
    .where(and(eq(activities.accountId, accountId), inArray(activities.verb, [...AUTO_PUSH_VERBS[mode]]), gte(activities.occurredAt, since)))
    .orderBy(desc(activities.occurredAt))
    .limit(500);
  const out: AutoPushPreview = { window_days: PUSH_PREVIEW_DAYS, replies: 0, create: 0, update: 0, skipped: 0, sample: [] };
  const seen = new Set<string>();
  for (const { payload } of replies) {
    const p = payload as { thread_id?: unknown; message_id?: unknown };
    if (typeof p.thread_id !== 'number' || typeof p.message_id !== 'string') continue;
    const [reply] = await deps.db
      .select({ id: emailThreadMessages.id })
      .from(emailThreadMessages)
      .where(and(eq(emailThreadMessages.accountId, accountId), eq(emailThreadMessages.threadId, p.thread_id), eq(emailThreadMessages.messageId, p.message_id)));
    if (!reply) continue;
    out.replies++;
    let action: 'create' | 'update' | 'skip';
    let email: string | null = null;
    try {
      const plan = await planPush(deps.db, accountId, row, reply.id);
      email = plan.email;
      const [done] = await deps.db
        .select({ id: integrationWrites.id })
        .from(integrationWrites)
        .where(and(eq(integrationWrites.accountId, accountId), eq(integrationWrites.idempotencyKey, plan.spec.key)));
      action = done || seen.has(plan.spec.key) ? 'skip' : plan.known ? 'update' : 'create';
      seen.add(plan.spec.key);
    } catch {
      action = 'skip';
    }
    if (action === 'skip') out.skipped++;
    else out[action]++;
    if (out.sample.length < 10 && email) out.sample.push({ email, action });
  }
  return out;
}

/** POST replies/{id}/import_contact_to_hubspot. */
export async function importReplyContact(deps: Deps, auth: AuthContext, brand: RequestBrand, replyId: number): Promise<PushAnswer> {
  const { row } = await connectedIntegration(deps, brand, auth.account.id, 'hubspot');
  return pushReply(deps, auth.account.id, row, replyId);
}

