import type { CampaignEmail } from '@shared/schemas/campaigns';
import { ClaimFlags } from '@web/components/claim-flags';
import { StatusBadge } from './status-badge';
import { EmailActions } from './email-actions';

/** One email as the review queue shows it: who, which step, the subject and the text, and what to do. */
export function EmailCard({ email, onEdit }: { email: CampaignEmail; onEdit: (email: CampaignEmail) => void }) {
  const headingId = `email-${email.id}-subject`;
  return (
    <article aria-labelledby={headingId} className="space-y-3 rounded-xl border border-border bg-surface p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-0.5">
          <p className="text-sm text-fg">
            <span className="font-medium">{email.prospect_name ?? email.to_email}</span>
            {email.prospect_company ? <span className="text-muted"> · {email.prospect_company}</span> : null}
          </p>
          <p className="text-xs break-all text-muted">
            To {email.to_email}
            {email.from_email ? ` · from ${email.from_email}` : ''} · {email.campaign_name} · step {email.step}
            {email.step > 1 ? ` (${email.delay_days} days after step ${email.step - 1})` : ''}
          </p>
        </div>
        <StatusBadge status={email.status} />
      </div>
      <h3 id={headingId} className="text-sm font-semibold break-words text-fg">
        {email.subject}
      </h3>
      <p className="text-sm break-words whitespace-pre-wrap text-fg/90">{email.body_text}</p>
      {email.status === 'draft' && email.status_reason ? <p className="text-xs text-muted">{email.status_reason}</p> : null}
      <ClaimFlags flags={email.claim_flags} />
      <EmailActions email={email} onEdit={onEdit} />
    </article>
  );
}
