import { Link } from 'react-router';
import { ADDRESS_MISSING_WARNING } from '@shared/schemas/compliance';
import { Alert } from '@web/components/ui/alert';
import { paths } from '@web/config/paths';
import { useComplianceSettings } from '@web/features/mailboxes';

const FOOTER_SETTINGS = `${paths.cabinet.mailboxes.path}#compliance-footer`;

/**
 * The review queue's note: the footer is added when each email is sent, so the draft shown (and edited)
 * does not hold it. Says what it will contain, from the account's settings.
 */
export function FooterNote() {
  const settings = useComplianceSettings();
  if (!settings.data) return null;
  const s = settings.data;
  const parts = ['a one-click unsubscribe link', ...(s.postal_address ? ['your postal address'] : []), ...(s.gdpr_notice ? ['where the prospect’s data came from'] : [])];
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
  return (
    <p className="text-sm text-muted" aria-label="Compliance footer">
      {s.compliance_footer ? `When sent, each email gets the compliance footer under it: ${list}. ` : 'The compliance footer is off: emails go out without the unsubscribe line under them. '}
      <Link className="text-accent underline" to={FOOTER_SETTINGS}>
        Footer settings
      </Link>
    </p>
  );
}

/** The campaign page's warning when the footer is on but no postal address is set (emails go out without it). */
export function AddressWarning() {
  const settings = useComplianceSettings();
  if (!settings.data?.address_missing) return null;
  return (
    <Alert tone="warning">
      <p>
        {ADDRESS_MISSING_WARNING}{' '}
        <Link className="underline" to={FOOTER_SETTINGS}>
          Add the address
        </Link>
      </p>
    </Alert>
  );
}
