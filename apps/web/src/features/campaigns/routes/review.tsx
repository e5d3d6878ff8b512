import { CheckCheck, Inbox } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { apiErrorMessages } from '@shared/api';
import type { CampaignEmail } from '@shared/schemas/campaigns';
import { EmptyState, PageFrame } from '@web/components/page-frame';
import { LoadError } from '@web/components/ui/load-error';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Pagination } from '@web/components/ui/pagination';
import { Spinner } from '@web/components/ui/spinner';
import { selectClass } from '@web/components/ui/styles';
import { paths } from '@web/config/paths';
import { notify } from '@web/lib/notify';
import { useApproveAll, useCampaignEmails, useCampaigns } from '../api/campaigns';
import { FooterNote } from '../components/compliance-notes';
import { EmailCard } from '../components/email-card';
import { EmailEditDialog } from '../components/email-edit-dialog';

const PER_PAGE = 20;

/** /cabinet/campaigns/review: the drafts waiting for approval, oldest first; nothing is sent unapproved. */
export function ReviewRoute() {
  const [campaignId, setCampaignId] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<CampaignEmail | null>(null);
  const campaigns = useCampaigns();
  const approveAll = useApproveAll();
  const params = { page, per_page: PER_PAGE, sort: 'created_at' as const, sort_direction: 'asc' as const, filters: { status: 'draft' as const, ...(campaignId ? { campaign_id: campaignId } : {}) } };
  const emails = useCampaignEmails(null, params);
  const selected = campaigns.data?.find((c) => c.id === campaignId) ?? null;
  const withDrafts = campaigns.data?.filter((c) => (c.emails.draft ?? 0) > 0) ?? [];

  return (
    <PageFrame
      title="Review queue"
      description="Emails the agent wrote in review mode wait here. Approve, edit or skip each one; approved emails go out inside your sending limits."
      actions={
        selected && (selected.emails.draft ?? 0) > 0 ? (
          <Button
            type="button"
            pending={approveAll.isPending}
            onClick={() =>
              approveAll.mutate(selected.id, {
                onSuccess: (r) => notify.success(`${r.approved} email${r.approved === 1 ? '' : 's'} approved`),
                onError: (e) => notify.error(apiErrorMessages(e)[0] ?? 'Approving failed'),
              })
            }
          >
            <CheckCheck className="h-4 w-4" aria-hidden /> Approve all in {selected.name}
          </Button>
        ) : undefined
      }
    >
      <div className="max-w-sm space-y-1.5">
        <Label htmlFor="review-campaign">Campaign</Label>
        <select
          id="review-campaign"
          className={selectClass}
          value={campaignId ?? ''}
          onChange={(e) => {
            setCampaignId(e.target.value ? Number(e.target.value) : null);
            setPage(1);
          }}
        >
          <option value="">All campaigns</option>
          {withDrafts.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} ({c.emails.draft})
            </option>
          ))}
        </select>
      </div>
      <FooterNote />
      {emails.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading drafts" />
        </div>
      ) : emails.isError ? (
        <LoadError what="the drafts" error={emails.error} onRetry={() => emails.refetch()} />
      ) : emails.data.data.length === 0 ? (
        <EmptyState icon={Inbox} title="Nothing to review" action={<Link className="text-sm text-accent underline" to={paths.cabinet.campaigns.path}>Go to campaigns</Link>}>
          When a campaign in review mode writes its emails, they wait here for you.
        </EmptyState>
      ) : (
        <section aria-label="Drafts to review" className="space-y-3">
          {emails.data.data.map((email) => (
            <EmailCard key={email.id} email={email} onEdit={setEditing} />
          ))}
          <Pagination page={page} perPage={PER_PAGE} total={emails.data.meta.total} onPage={setPage} label="Drafts pages" />
        </section>
      )}
      <EmailEditDialog email={editing} onClose={() => setEditing(null)} />
    </PageFrame>
  );
}
