import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ComplianceSettings, complianceSettingsBodySchema } from '@shared/schemas/compliance';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema';
import type { AuthContext, Deps } from '../../lib/route';
import { recordActivity } from '../activities/service';

type Body = z.output<typeof complianceSettingsBodySchema>;

/** The footer settings as the sending engine reads them (columns of accounts; defaults until saved). */
export type FooterSettings = { complianceFooter: boolean; postalAddress: string | null; gdprNotice: boolean };

const toApi = (row: FooterSettings): ComplianceSettings => ({
  compliance_footer: row.complianceFooter,
  postal_address: row.postalAddress,
  gdpr_notice: row.gdprNotice,
  address_missing: row.complianceFooter && !row.postalAddress,
});

const columns = { complianceFooter: accounts.complianceFooter, postalAddress: accounts.postalAddress, gdprNotice: accounts.gdprNotice };

/** The account's footer settings and its name (the importer named in the GDPR sentence). */
export async function footerSettingsOf(db: Db, accountId: number): Promise<FooterSettings & { accountName: string }> {
  const [row] = await db
    .select({ ...columns, accountName: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row ?? { complianceFooter: true, postalAddress: null, gdprNotice: false, accountName: '' };
}

export async function get(deps: Deps, auth: AuthContext): Promise<ComplianceSettings> {
  return toApi(await footerSettingsOf(deps.db, auth.account.id));
}

/** Saves the whole set (PUT replaces) and logs the change. */
export async function save(deps: Deps, auth: AuthContext, body: Body): Promise<ComplianceSettings> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(accounts)
      .set({ complianceFooter: body.compliance_footer, postalAddress: body.postal_address ?? null, gdprNotice: body.gdpr_notice, updatedAt: new Date() })
      .where(eq(accounts.id, auth.account.id))
      .returning(columns);
    await recordActivity(tx, {
      accountId: auth.account.id,
      actorType: 'user',
      actorId: auth.user.id,
      verb: 'compliance_settings_updated',
      payload: { compliance_footer: body.compliance_footer, postal_address: Boolean(body.postal_address), gdpr_notice: body.gdpr_notice },
    });
    return toApi(row!);
  });
}
