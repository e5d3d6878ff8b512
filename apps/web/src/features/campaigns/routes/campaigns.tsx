import { ListChecks, ListTodo, Plus, Send } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, PageFrame } from '@web/components/page-frame';
import { LoadError } from '@web/components/ui/load-error';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import { tdClass, thClass } from '@web/components/ui/styles';
import { paths } from '@web/config/paths';
import { useBrand } from '@web/stores/brand';
import { useCampaigns } from '../api/campaigns';
import { CreateCampaignDialog } from '../components/create-campaign-dialog';
import { StatusBadge } from '../components/status-badge';

/** /cabinet/campaigns: every campaign with its state and counts; new campaigns start here. */
export function CampaignsRoute() {
  const campaigns = useCampaigns();
  const flags = useBrand().feature_flags;
  const [creating, setCreating] = useState(false);
  const drafts = campaigns.data?.reduce((n, c) => n + (c.emails.draft ?? 0), 0) ?? 0;
  const add = (
    <Button type="button" onClick={() => setCreating(true)}>
      <Plus className="h-4 w-4" aria-hidden /> New campaign
    </Button>
  );
  return (
    <PageFrame
      title="Campaigns"
      description="A campaign writes to the prospects of a persona as your virtual employees: the first message and its follow-ups, reviewed by you or sent on its own."
      actions={
        <>
          <Button asChild variant="secondary">
            <Link to={paths.cabinet.review.path}>
              <ListChecks className="h-4 w-4" aria-hidden /> Review queue{drafts ? ` (${drafts})` : ''}
            </Link>
          </Button>
          {flags.linkedin || flags.phone_calls ? (
            <Button asChild variant="secondary">
              <Link to={paths.cabinet.tasks.path}>
                <ListTodo className="h-4 w-4" aria-hidden /> Tasks
              </Link>
            </Button>
          ) : null}
          {campaigns.isSuccess && campaigns.data.length ? add : null}
        </>
      }
    >
      {campaigns.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading campaigns" />
        </div>
      ) : campaigns.isError ? (
        <LoadError what="your campaigns" error={campaigns.error} onRetry={() => campaigns.refetch()} />
      ) : campaigns.data.length === 0 ? (
        <EmptyState icon={Send} title="No campaign yet" action={add}>
          Choose a persona and the virtual employees who write to it. You need a connected mailbox and a virtual employee first.
        </EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-border">
          <table className="w-full min-w-[36rem]">
            <caption className="sr-only">Your campaigns</caption>
            <thead className="border-b border-border bg-surface">
              <tr>
                <th className={thClass}>Campaign</th>
                <th className={thClass}>Status</th>
                <th className={thClass}>Mode</th>
                <th className={thClass}>Prospects</th>
                <th className={thClass}>To review</th>
                <th className={thClass}>Sent</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {campaigns.data.map((c) => (
                <tr key={c.id}>
                  <td className={tdClass}>
                    <Link className="font-medium text-fg hover:text-accent hover:underline" to={paths.cabinet.campaign.getHref(c.id)}>
                      {c.name}
                    </Link>
                    <div className="text-xs text-muted">{c.persona_name}</div>
                  </td>
                  <td className={tdClass}>
                    <StatusBadge status={c.status} />
                  </td>
                  <td className={tdClass}>{c.mode === 'review' ? 'Review' : 'Autonomous'}</td>
                  <td className={tdClass}>{c.enrolments.active}</td>
                  <td className={tdClass}>{c.emails.draft ?? 0}</td>
                  <td className={tdClass}>{c.emails.sent ?? 0}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <CreateCampaignDialog open={creating} onOpenChange={setCreating} />
    </PageFrame>
  );
}
