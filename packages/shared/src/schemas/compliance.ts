import { z } from 'zod';
import { text } from './primitives';

/**
 * The compliance footer of campaign emails (issue 11; GET and PUT compliance_settings): appended at send
 * time to the text and HTML parts, after the message the user reviewed. On by default: a short
 * unsubscribe line with the one-click link (the List-Unsubscribe URL) and the sender's postal address
 * (CAN-SPAM). Optional: a GDPR Art. 14 sentence saying where the prospect's data came from.
 */

/** A postal address: a few lines (street, city, country), as the user writes it. */
export const POSTAL_ADDRESS_MAX = 300;

export const complianceSettingsBodySchema = z.object({
  compliance_footer: z.boolean({ error: 'Compliance footer must be on or off' }),
  postal_address: text({ error: 'Postal address must be text' })
    .trim()
    .max(POSTAL_ADDRESS_MAX, { error: `Postal address must be at most ${POSTAL_ADDRESS_MAX} characters` })
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  gdpr_notice: z.boolean({ error: 'GDPR sentence must be on or off' }),
});
export type ComplianceSettingsBody = z.input<typeof complianceSettingsBodySchema>;

export const complianceSettingsSchema = z.object({
  compliance_footer: z.boolean(),
  postal_address: text().nullable(),
  gdpr_notice: z.boolean(),
  /** The footer is on but there is no postal address: emails go out without one (a warning for the user). */
  address_missing: z.boolean(),
});
export type ComplianceSettings = z.infer<typeof complianceSettingsSchema>;

/** What applies until the account saves: footer on, no address, no GDPR sentence. */
export const DEFAULT_COMPLIANCE_SETTINGS: ComplianceSettings = { compliance_footer: true, postal_address: null, gdpr_notice: false, address_missing: true };

/** The campaign page's warning while the footer is on without an address. */
export const ADDRESS_MISSING_WARNING =
  'No postal address is set: campaign emails go out with the unsubscribe link but without the sender’s postal address, which anti-spam laws such as CAN-SPAM require.';
