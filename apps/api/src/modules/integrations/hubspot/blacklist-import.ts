import { and, eq, inArray } from 'drizzle-orm';
import { normaliseBlacklistEmail } from '@shared/schemas/blacklist';
import { blacklistedEmails, type BlacklistedEmailRow } from '../../../db/schema';
import { stopEnrolments } from '../../blacklist/suppression';
import type { SyncKind, WriteContext } from '../providers';
import { contactsPage, listMembersPage, readContacts, type HubSpotContact } from './client';

/**
 * HubSpot contacts to the blacklist (import_all_hubspot_contacts_to_blacklist): every contact of the portal, or a list's
 * members (customers, open deals: never cold-emailed). Previewed first (syncs.ts): read page by page, each address
 * sorted into would-be-added, already on the blacklist, or skipped (no or an invalid address); applying adds exactly
 * the previewed addresses with reason crm and stops their enrolments.
 */

export const BLACKLIST_IMPORT = 'hubspot.blacklist_import';
/** At most this many contacts are read for one import. */
export const BLACKLIST_IMPORT_MAX = 100_000;
const PAGES_PER_RUN = 10;

type Progress = { read: number; create: number; existing: number; skipped: number; sample: string[]; truncated: boolean; cursor: string | null };

export const blacklistImport: SyncKind = {
  provider: 'hubspot',
  async preview({ deps, integration, client }: WriteContext, params, progress, items) {
    const listId = typeof params.list_id === 'string' ? params.list_id : null;
    const p: Progress = { read: 0, create: 0, existing: 0, skipped: 0, sample: [], truncated: false, cursor: null, ...(progress as Partial<Progress> | null) };
    const emails = new Set(items as string[]);
    let done = false;
    for (let page = 0; page < PAGES_PER_RUN && !done; page++) {
      let contacts: HubSpotContact[];
      let after: string | null;
      if (listId) {
        const members = await listMembersPage(client, listId, { after: p.cursor, limit: 100 });
        contacts = await readContacts(client, members.ids);
        p.skipped += members.ids.length - contacts.length; // deleted since they joined the list
        after = members.after;
      } else {
        const res = await contactsPage(client, { after: p.cursor, limit: 100 });
        contacts = res.contacts;
        after = res.after;
      }
      p.read += contacts.length;
      const valid: string[] = [];
      for (const c of contacts) {
        const email = c.properties.email ? normaliseBlacklistEmail(c.properties.email) : null;
        if (!email || emails.has(email)) p.skipped += email ? 0 : 1;
        else valid.push(email);
      }
      const listed = valid.length
        ? new Set(
            (
              await deps.db
                .select({ email: blacklistedEmails.email })
                .from(blacklistedEmails)
                .where(and(eq(blacklistedEmails.accountId, integration.accountId), inArray(blacklistedEmails.email, valid)))
            ).map((r) => r.email),
          )
        : new Set<string>();
      for (const email of valid) {
        if (listed.has(email)) p.existing++;
        else {
          emails.add(email);
          if (p.sample.length < 10) p.sample.push(email);
        }
      }
      p.create = emails.size;
      p.cursor = after;
      if (!after) done = true;
      else if (p.read >= BLACKLIST_IMPORT_MAX) {
        p.truncated = true;
        done = true;
      }
    }
    return { done, preview: p, items: [...emails] };
  },
  async apply({ deps, integration }, sync) {
    const emails = (sync.items as string[] | null) ?? [];
    const name = typeof sync.params.list_name === 'string' && sync.params.list_name ? `HubSpot list “${sync.params.list_name}”` : typeof sync.params.list_id === 'string' ? `HubSpot list ${sync.params.list_id}` : 'HubSpot contacts';
    const accountId = integration.accountId;
    const added = await deps.db.transaction(async (tx) => {
      const rows: BlacklistedEmailRow[] = [];
      for (let i = 0; i < emails.length; i += 1000) {
        const chunk = emails.slice(i, i + 1000);
        rows.push(
          ...(await tx
            .insert(blacklistedEmails)
            .values(chunk.map((email) => ({ accountId, email, reason: 'crm' as const, details: `Imported from ${name}` })))
            .onConflictDoNothing({ target: [blacklistedEmails.accountId, blacklistedEmails.email] })
            .returning()),
        );
      }
      for (const row of rows) await stopEnrolments(tx, accountId, { kind: 'email', email: row.email }, 'crm');
      return rows.length;
    });
    return { added, already: emails.length - added };
  },
};

