import { UserCheck } from 'lucide-react';
import { useState } from 'react';
import { apiErrorMessages } from '@shared/api';
import type { Campaign, SkippedProspect, SkipReason } from '@shared/schemas/campaigns';
import { EmptyState } from '@web/components/page-frame';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { ServerErrors } from '@web/components/ui/alert';
import { LoadError } from '@web/components/ui/load-error';
import { Pagination } from '@web/components/ui/pagination';
import { Spinner } from '@web/components/ui/spinner';
import { tdClass, thClass } from '@web/components/ui/styles';
import { notify } from '@web/lib/notify';
import { cn } from '@web/lib/utils';
import { SKIPPED_PER_PAGE, useEnrolProspect, useSkippedProspects } from '../api/campaigns';

const REASON_LABELS: Record<SkipReason, string> = {
  do_not_contact: 'Do not contact',
  in_conversation: 'In conversation',
  in_other_campaign: 'In another campaign',
  no_address: 'No address',
};
const REASON_CLASS: Record<SkipReason, string> = {
  do_not_contact: 'bg-danger/15 text-danger',
  in_conversation: 'bg-success/15 text-success',
  in_other_campaign: 'bg-surface-2 text-fg',
  no_address: 'bg-warning/15 text-warning',
};

/**
 * The campaign's skipped list (issue 25): who of the persona the campaign did not enrol, and why. Someone in
 * conversation answered already, so no campaign writes to them on its own; the user may enrol them on purpose.
 */
export function SkippedProspects({ campaign }: { campaign: Campaign }) {
  const [page, setPage] = useState(1);
  const [enrolling, setEnrolling] = useState<SkippedProspect | null>(null);
  const skipped = useSkippedProspects(campaign.id, page, campaign.status !== 'draft');
  const enrol = useEnrolProspect();
  if (campaign.status === 'draft') return null;
  const who = (p: SkippedProspect) => p.full_name ?? p.email ?? `Prospect #${p.prospect_id}`;
  return (
    <section aria-labelledby="campaign-skipped" className="space-y-3">
      <div>
        <h2 id="campaign-skipped" className="text-lg font-semibold text-fg">
          Not enrolled
        </h2>
        <p className="text-sm text-muted">Prospects of the persona this campaign left out, and why. Nobody on the blacklist is ever written to; someone already in conversation is enrolled only if you choose to.</p>
      </div>
      {skipped.isPending ? (
        <div className="flex justify-center py-4">
          <Spinner label="Loading the prospects not enrolled" />
        </div>
      ) : skipped.isError ? (
        <LoadError what="the prospects not enrolled" error={skipped.error} onRetry={() => skipped.refetch()} />
      ) : skipped.data.data.length === 0 ? (
        <EmptyState icon={UserCheck} title="Everyone of the persona is enrolled">
          Prospects who join the persona later are enrolled as they come.
        </EmptyState>
      ) : (
        <>
          <div className="overflow-x-auto rounded-xl border border-border">
            <table className="w-full min-w-[36rem]">
              <caption className="sr-only">Prospects this campaign did not enrol</caption>
              <thead className="border-b border-border bg-surface">
                <tr>
                  <th className={thClass}>Prospect</th>
                  <th className={thClass}>Why</th>
                  <th className={thClass}>
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {skipped.data.data.map((p) => (
                  <tr key={p.prospect_id}>
                    <td className={tdClass}>
                      <div className="text-fg">{who(p)}</div>
                      <div className="text-xs break-all text-muted">{[p.email, p.company].filter(Boolean).join(' · ')}</div>
                    </td>
                    <td className={tdClass}>
                      <span className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', REASON_CLASS[p.reason])}>{REASON_LABELS[p.reason]}</span>
                      <p className="mt-1 text-xs text-muted">{p.detail}</p>
                    </td>
                    <td className={`${tdClass} text-right`}>
                      {p.can_enrol ? (
                        <Button type="button" size="sm" variant="secondary" aria-label={`Enrol ${who(p)} anyway`} onClick={() => setEnrolling(p)}>
                          Enrol anyway
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} perPage={SKIPPED_PER_PAGE} total={skipped.data.meta.total} onPage={setPage} label="Pages of prospects not enrolled" />
        </>
      )}
      <Dialog
        open={enrolling !== null}
        onOpenChange={(open) => {
          if (!open) {
            setEnrolling(null);
            enrol.reset();
          }
        }}
        title={enrolling ? `Enrol ${who(enrolling)}?` : 'Enrol'}
        description={enrolling ? `${enrolling.detail}: no campaign writes to them on its own. Enrolled, they get this campaign's sequence like anyone else.` : undefined}
      >
        <div className="space-y-4">
          <ServerErrors messages={enrol.error ? apiErrorMessages(enrol.error) : null} />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={() => setEnrolling(null)}>
              Cancel
            </Button>
            <Button
              type="button"
              pending={enrol.isPending}
              onClick={() => {
                if (!enrolling) return;
                const p = enrolling;
                enrol.mutate(
                  { campaignId: campaign.id, prospectId: p.prospect_id },
                  {
                    onSuccess: () => {
                      notify.success(`${who(p)} is enrolled in ${campaign.name}`);
                      setEnrolling(null);
                    },
                  },
                );
              }}
            >
              Enrol
            </Button>
          </div>
        </div>
      </Dialog>
    </section>
  );
}
