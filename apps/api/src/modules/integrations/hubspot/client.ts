import { VendorError, vendorMessageOf, type VendorClient, type VendorResponse } from '../vendor-fetch';

/**
 * HubSpot's CRM API v3 as documented (developers.hubspot.com/docs/api/crm), spoken through the integration's vendor
 * client (token, pacing, 429). Only what the product uses: lists search, list memberships, contacts read (cursor
 * paging), batch read, create (409 duplicate → the existing id), update, notes associated with a contact.
 */

export type HubSpotContactProperties = { email?: string; firstname?: string; lastname?: string; company?: string; jobtitle?: string };
export type HubSpotContact = { id: string; properties: HubSpotContactProperties & Record<string, string | null | undefined> };
export type HubSpotList = { listId: string; name: string; processingType: string; size: number | null };

export const CONTACT_PROPERTIES = ['email', 'firstname', 'lastname', 'company', 'jobtitle'] as const;

/** Contacts' object type id in the lists API. */
const CONTACTS_OBJECT_TYPE = '0-1';
/** HubSpot-defined association type: note → contact. */
export const NOTE_TO_CONTACT = 202;

const fail = (res: VendorResponse, what: string): never => {
  throw new VendorError(res.status, `HubSpot answered ${res.status} to ${what}: ${vendorMessageOf(res.body, res.status)}`, res.body);
};

/** POST /crm/v3/lists/search (offset paging): the portal's contact lists. */
export async function searchLists(client: VendorClient, options: { query?: string; offset?: number; count?: number }): Promise<{ lists: HubSpotList[]; hasMore: boolean; offset: number; total: number }> {
  const res = await client.request({
    method: 'POST',
    path: '/crm/v3/lists/search',
    bucket: 'search',
    json: { query: options.query ?? '', offset: options.offset ?? 0, count: options.count ?? 20, objectTypeId: CONTACTS_OBJECT_TYPE, additionalProperties: ['hs_list_size'] },
  });
  if (res.status !== 200) fail(res, 'the lists search');
  const body = res.body as { lists?: Array<Record<string, unknown>>; hasMore?: boolean; offset?: number; total?: number };
  const lists = (body.lists ?? []).map((l) => {
    const size = Number((l.additionalProperties as Record<string, unknown> | undefined)?.hs_list_size ?? l.size ?? NaN);
    return { listId: String(l.listId), name: String(l.name ?? ''), processingType: String(l.processingType ?? ''), size: Number.isFinite(size) ? size : null };
  });
  return { lists, hasMore: Boolean(body.hasMore), offset: Number(body.offset ?? 0), total: Number(body.total ?? lists.length) };
}

type Paging = { paging?: { next?: { after?: string } } };
const nextAfter = (body: Paging) => body.paging?.next?.after ?? null;

/** GET /crm/v3/objects/contacts (cursor paging: paging.next.after): one page of the portal's contacts. */
export async function contactsPage(client: VendorClient, options: { after?: string | null; limit?: number }): Promise<{ contacts: HubSpotContact[]; after: string | null }> {
  const res = await client.request({
    path: '/crm/v3/objects/contacts',
    query: { limit: options.limit ?? 100, after: options.after ?? undefined, properties: CONTACT_PROPERTIES.join(','), archived: 'false' },
  });
  if (res.status !== 200) fail(res, 'the contacts read');
  const body = res.body as { results?: HubSpotContact[] } & Paging;
  return { contacts: body.results ?? [], after: nextAfter(body) };
}

/** GET /crm/v3/lists/{listId}/memberships (cursor paging): one page of a list's member record ids. */
export async function listMembersPage(client: VendorClient, listId: string, options: { after?: string | null; limit?: number }): Promise<{ ids: string[]; after: string | null }> {
  const res = await client.request({
    path: `/crm/v3/lists/${encodeURIComponent(listId)}/memberships`,
    query: { limit: options.limit ?? 250, after: options.after ?? undefined },
  });
  if (res.status === 404) throw new VendorError(404, 'HubSpot has no such list (deleted, or not a contact list)', res.body);
  if (res.status !== 200) fail(res, 'the list memberships read');
  const body = res.body as { results?: Array<{ recordId: string | number }> } & Paging;
  return { ids: (body.results ?? []).map((r) => String(r.recordId)), after: nextAfter(body) };
}

/** POST /crm/v3/objects/contacts/batch/read: up to 100 contacts by id. */
export async function readContacts(client: VendorClient, ids: string[]): Promise<HubSpotContact[]> {
  if (!ids.length) return [];
  const res = await client.request({ method: 'POST', path: '/crm/v3/objects/contacts/batch/read', json: { properties: [...CONTACT_PROPERTIES], inputs: ids.map((id) => ({ id })) } });
  // 207: some ids were not found (deleted since); the rest are in results.
  if (res.status !== 200 && res.status !== 207) fail(res, 'the contacts batch read');
  return ((res.body as { results?: HubSpotContact[] }).results ?? []);
}

/** "Contact already exists. Existing ID: 123" → "123" (HubSpot's 409 CONFLICT on a duplicate email). */
export function existingIdOf(body: unknown): string | null {
  const message = (body as { message?: unknown } | null)?.message;
  const m = typeof message === 'string' ? /Existing ID:\s*(\d+)/i.exec(message) : null;
  return m ? m[1]! : null;
}

export type UpsertAnswer = { id: string; status: number; action: 'created' | 'updated' };

/** PATCH /crm/v3/objects/contacts/{id}: null when HubSpot has no such contact (deleted). The answer's id is the surviving one of a merge. */
export async function updateContact(client: VendorClient, id: string, properties: HubSpotContactProperties): Promise<UpsertAnswer | null> {
  const res = await client.request({ method: 'PATCH', path: `/crm/v3/objects/contacts/${encodeURIComponent(id)}`, json: { properties } });
  if (res.status === 404) return null;
  if (res.status !== 200) fail(res, 'the contact update');
  return { id: String((res.body as { id: string | number }).id), status: res.status, action: 'updated' };
}

/**
 * Create, and on HubSpot's 409 "Contact already exists. Existing ID: N" update N. Never search first: the search
 * index lags writes by seconds, so search-then-create makes duplicates.
 */
export async function createOrUpdateContact(client: VendorClient, properties: HubSpotContactProperties): Promise<UpsertAnswer> {
  const res = await client.request({ method: 'POST', path: '/crm/v3/objects/contacts', json: { properties } });
  if (res.status === 201 || res.status === 200) return { id: String((res.body as { id: string | number }).id), status: res.status, action: 'created' };
  if (res.status === 409) {
    const existing = existingIdOf(res.body);
    if (!existing) fail(res, 'the contact create');
    const updated = await updateContact(client, existing!, properties);
    if (!updated) throw new VendorError(404, `HubSpot named contact ${existing} as the duplicate but has no such contact`, res.body);
    return updated;
  }
  return fail(res, 'the contact create');
}

/** POST /crm/v3/objects/notes associated with the contact: the conversation, logged. */
export async function createNote(client: VendorClient, contactId: string, body: string, at: Date): Promise<{ id: string; status: number }> {
  const res = await client.request({
    method: 'POST',
    path: '/crm/v3/objects/notes',
    json: {
      properties: { hs_timestamp: at.toISOString(), hs_note_body: body },
      associations: [{ to: { id: contactId }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: NOTE_TO_CONTACT }] }],
    },
  });
  if (res.status !== 201 && res.status !== 200) fail(res, 'the note create');
  return { id: String((res.body as { id: string | number }).id), status: res.status };
}
