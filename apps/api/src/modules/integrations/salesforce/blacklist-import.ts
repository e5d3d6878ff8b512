import { and, eq, inArray } from 'drizzle-orm';
import { normaliseBlacklistEmail } from '@shared/schemas/blacklist';
import { blacklistedEmails, type BlacklistedEmailRow } from '../../../db/schema';
import { stopEnrolments } from '../../blacklist/suppression';
import type { SyncKind } from '../providers';
import { withSelect, type SObjectType } from './client';
import { sfOf, speaking } from './operations';

/**
 * A Salesforce list view's members to the blacklist (customers, open opportunities' contacts: never cold-emailed).
 * Previewed first (syncs.ts): the view's own SOQL (its filters, from its describe) with the select list swapped for
 * Id, Email, read page by page through nextRecordsUrl; each address sorted into would-be-added, already on the
 * blacklist, or skipped (no or an invalid address). Applying adds exactly the previewed addresses with reason crm and
 * stops their enrolments.
 */

export const SALESFORCE_BLACKLIST_IMPORT = 'salesforce.blacklist_import';
/** At most this many records are read for one import. */
export const SALESFORCE_BLACKLIST_IMPORT_MAX = 100_000;
const PAGES_PER_RUN = 5;

type Progress = { read: number; create: number; existing: number; skipped: number; sample: string[]; truncated: boolean; cursor: string | null };

export const salesforceBlacklistImport: SyncKind = {
  provider: 'salesforce',
  async preview({ deps, integration, client }, params, progress, items) {
    const sobject = (params.sobject === 'Contact' ? 'Contact' : 'Lead') as SObjectType;
    const listId = String(params.list_id ?? '');
    const sf = sfOf(client);
    const p: Progress = { read: 0, create: 0, existing: 0, skipped: 0, sample: [], truncated: false, cursor: null, ...(progress as Partial<Progress> | null) };
    const emails = new Set(items as string[]);
    let done = false;
    await speaking(async () => {
      for (let page = 0; page < PAGES_PER_RUN && !done; page++) {
        const from = p.cursor ? { next: p.cursor } : { soql: withSelect((await sf.listViewQuery(sobject, listId)).query, 'Id, Email') };
        const res = await sf.queryPage<{ Id: string; Email?: string | null }>(from);
        p.read += res.records.length;
        const valid: string[] = [];
        for (const r of res.records) {
          const email = r.Email ? normaliseBlacklistEmail(r.Email) : null;
          if (!email) p.skipped++;
          else if (!emails.has(email) && !valid.includes(email)) valid.push(email);
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
        p.cursor = res.next;
        if (!res.next) done = true;
        else if (p.read >= SALESFORCE_BLACKLIST_IMPORT_MAX) {
          p.truncated = true;
          done = true;
        }
      }
    });
    return { done, preview: p, items: [...emails] };
  },
  async apply({ deps, integration }, sync) {
    const emails = (sync.items as string[] | null) ?? [];
    const name = typeof sync.params.list_name === 'string' && sync.params.list_name ? `Salesforce list view “${sync.params.list_name}”` : `Salesforce list view ${String(sync.params.list_id)}`;
    const accountId = integration.accountId;
    const added = await deps.db.transaction(async (tx) => {
      const rows: BlacklistedEmailRow[] = [];
      for (let i = 0; i < emails.length; i += 1000) {
        rows.push(
          ...(await tx
            .insert(blacklistedEmails)
            .values(emails.slice(i, i + 1000).map((email) => ({ accountId, email, reason: 'crm' as const, details: `Imported from ${name}` })))
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
