import { Archive, CheckCheck, Pause, Pencil, Play, Send } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { apiErrorMessages } from '@shared/api';
import { CAMPAIGN_EMAIL_STATUSES, STEP_KIND_LABELS, variantLetter, type Campaign, type CampaignEmail, type CampaignEmailStatus } from '@shared/schemas/campaigns';
import { BOUNCE_MIN_SENDS, BOUNCE_RATE_MAX, DELIVERABILITY_WINDOW_DAYS } from '@shared/constants';
import { EmptyState, PageFrame } from '@web/components/page-frame';
import { ServerErrors } from '@web/components/ui/alert';
import { LoadError } from '@web/components/ui/load-error';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { Label } from '@web/components/ui/label';
import { Pagination } from '@web/components/ui/pagination';
import { Spinner } from '@web/components/ui/spinner';
import { selectClass, tdClass, thClass } from '@web/components/ui/styles';
import { paths } from '@web/config/paths';
import { notify } from '@web/lib/notify';
import { CapacityPanel, useCampaignCapacity } from '@web/features/mailboxes';
import { RUNNING_REFRESH_MS, useApproveAll, useCampaign, useCampaignEmails, useCampaignTransition } from '../api/campaigns';
import { AddressWarning } from '../components/compliance-notes';
import { EmailActions } from '../components/email-actions';
import { EditCampaignDialog } from '../components/edit-campaign-dialog';
import { EmailEditDialog } from '../components/email-edit-dialog';
import { SkippedProspects } from '../components/skipped-prospects';
import { StatusBadge, STATUS_LABELS } from '../components/status-badge';
import { VariantResults } from '../components/variant-results';

const PER_PAGE = 25;
type Action = 'start' | 'pause' | 'resume' | 'archive';
const DONE: Record<Action, string> = { start: 'Campaign started: prospects are being enrolled', pause: 'Campaign paused', resume: 'Campaign resumed', archive: 'Campaign archived' };

function Actions({ campaign }: { campaign: Campaign }) {
  const transition = useCampaignTransition();
  const approveAll = useApproveAll();
  const [confirmArchive, setConfirmArchive] = useState(false);
  const [editing, setEditing] = useState(false);
  const run = (action: Action) =>
    transition.mutate(
      { id: campaign.id, action },
      { onSuccess: () => notify.success(DONE[action]), onError: (e) => notify.error(apiErrorMessages(e)[0] ?? 'That did not work') },
    );
  const drafts = campaign.emails.draft ?? 0;
  return (
    <>
      {campaign.status === 'draft' ? (
        <Button type="button" pending={transition.isPending && transition.variables?.action === 'start'} onClick={() => run('start')}>
          <Play className="h-4 w-4" aria-hidden /> Start
        </Button>
      ) : null}
      {campaign.status === 'running' ? (
        <Button type="button" variant="secondary" pending={transition.isPending && transition.variables?.action === 'pause'} onClick={() => run('pause')}>
          <Pause className="h-4 w-4" aria-hidden /> Pause
        </Button>
      ) : null}
      {campaign.status === 'paused' ? (
        <Button type="button" pending={transition.isPending && transition.variables?.action === 'resume'} onClick={() => run('resume')}>
          <Play className="h-4 w-4" aria-hidden /> Resume
        </Button>
      ) : null}
      {drafts > 0 ? (
        <Button
          type="button"
          variant="secondary"
          pending={approveAll.isPending}
          onClick={() =>
            approveAll.mutate(campaign.id, {
              onSuccess: (r) => notify.success(`${r.approved} email${r.approved === 1 ? '' : 's'} approved`),
              onError: (e) => notify.error(apiErrorMessages(e)[0] ?? 'Approving failed'),
            })
          }
        >
          <CheckCheck className="h-4 w-4" aria-hidden /> Approve all ({drafts})
        </Button>
      ) : null}
      {campaign.status !== 'archived' && campaign.status !== 'finished' ? (
        <Button type="button" variant="secondary" onClick={() => setEditing(true)}>
          <Pencil className="h-4 w-4" aria-hidden /> Edit
        </Button>
      ) : null}
      {campaign.status !== 'archived' ? (
        <Button type="button" variant="ghost" onClick={() => setConfirmArchive(true)}>
          <Archive className="h-4 w-4" aria-hidden /> Archive
        </Button>
      ) : null}
      <EditCampaignDialog campaign={campaign} open={editing} onOpenChange={setEditing} />
      <ConfirmDialog
        open={confirmArchive}
        onOpenChange={setConfirmArchive}
        title="Archive this campaign?"
        description="Every prospect's sequence stops and the emails not sent yet are cancelled. This cannot be undone."
        confirmLabel="Archive"
        pending={transition.isPending}
        error={null}
        onConfirm={() => {
          run('archive');
          setConfirmArchive(false);
        }}
      />
    </>
  );
}

function Summary({ campaign }: { campaign: Campaign }) {
  const counts = CAMPAIGN_EMAIL_STATUSES.filter((s) => (campaign.emails[s] ?? 0) > 0);
  return (
    <section aria-label="Campaign summary" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <div className="rounded-xl border border-border bg-surface p-4 text-sm">
        <div className="flex items-center gap-2">
          <StatusBadge status={campaign.status} />
          <span className="text-muted">{campaign.mode === 'review' ? 'Review before send' : 'Autonomous'}</span>
        </div>
        {campaign.bounce_rate_high_at ? (
          <p role="status" className="mt-2 text-danger">
            {campaign.status === 'paused' ? 'Paused: ' : ''}
            {campaign.deliverability_reason ??
              `Bounce rate above ${BOUNCE_RATE_MAX * 100}% of at least ${BOUNCE_MIN_SENDS} emails in the last ${DELIVERABILITY_WINDOW_DAYS} days: check the persona’s addresses before it sends more.`}
          </p>
        ) : null}
        <p className="mt-2 text-fg">Persona: {campaign.persona_name ?? '—'}</p>
        <p className="text-muted">
          {campaign.virtual_employee_ids.length} virtual employee{campaign.virtual_employee_ids.length === 1 ? '' : 's'}
        </p>
        <p className="mt-2 text-muted">
          {campaign.stop_company_on_reply ? 'A reply stops everyone at that company in this campaign' : 'A reply stops only the person who replied'}
          {campaign.allow_overlap ? ' · also writes to prospects in other campaigns' : ''}
        </p>
      </div>
      <div className="rounded-xl border border-border bg-surface p-4 text-sm">
        <h2 className="font-medium text-fg">Prospects</h2>
        <p className="mt-1 text-fg">{campaign.enrolments.active} in the sequence</p>
        <p className="text-muted">
          {campaign.enrolments.stopped} stopped · {campaign.enrolments.finished} finished
        </p>
      </div>
      <div className="rounded-xl border border-border bg-surface p-4 text-sm">
        <h2 className="font-medium text-fg">Emails</h2>
        {counts.length === 0 ? (
          <p className="mt-1 text-muted">{campaign.status === 'draft' ? 'Written when the campaign starts.' : 'Being written…'}</p>
        ) : (
          <ul className="mt-1 space-y-0.5">
            {counts.map((s) => (
              <li key={s} className="flex justify-between gap-2">
                <span className="text-muted">{STATUS_LABELS[s]}</span>
                <span className="text-fg">{campaign.emails[s]}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="rounded-xl border border-border bg-surface p-4 text-sm sm:col-span-2 lg:col-span-3">
        <h2 className="font-medium text-fg">Sequence</h2>
        <ol className="mt-1 flex flex-wrap gap-2">
          {campaign.steps.map((s) => (
            <li key={s.id} className="rounded-lg border border-border bg-surface-2 px-2.5 py-1 text-xs text-fg">
              Step {s.position} · {STEP_KIND_LABELS[s.kind]} ·{' '}
              {s.position === 1 ? 'first message' : `${s.delay_days} day${s.delay_days === 1 ? '' : 's'} after step ${s.position - 1}`}
              {s.variants.length ? ` · variants ${s.variants.map((v) => v.letter).join('/')}` : ''}
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function Emails({ campaign }: { campaign: Campaign }) {
  const [status, setStatus] = useState<CampaignEmailStatus | ''>('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<CampaignEmail | null>(null);
  const emails = useCampaignEmails(campaign.id, { page, per_page: PER_PAGE, sort: 'created_at', sort_direction: 'asc', filters: status ? { status } : {} }, campaign.status === 'running' ? RUNNING_REFRESH_MS : false);
  return (
    <section aria-labelledby="campaign-emails" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="campaign-emails" className="text-lg font-semibold text-fg">
          Emails
        </h2>
        <div className="w-48 space-y-1.5">
          <Label htmlFor="emails-status">Status</Label>
          <select
            id="emails-status"
            className={selectClass}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as CampaignEmailStatus | '');
              setPage(1);
            }}
          >
            <option value="">All</option>
            {CAMPAIGN_EMAIL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {emails.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label="Loading emails" />
        </div>
      ) : emails.isError ? (
        <LoadError what="the emails" error={emails.error} onRetry={() => emails.refetch()} />
      ) : emails.data.data.length === 0 ? (
        <EmptyState icon={Send} title={status ? `No ${STATUS_LABELS[status].toLowerCase()} email` : 'No email yet'}>
          {campaign.status === 'draft' ? 'Start the campaign: the agent enrols the persona’s prospects and writes their emails.' : 'Emails appear here as the agent writes them.'}
        </EmptyState>
      ) : (
        <>
          <div className="overflow-x-auto rounded-xl border border-border">
            <table className="w-full min-w-[40rem]">
              <caption className="sr-only">Emails of this campaign</caption>
              <thead className="border-b border-border bg-surface">
                <tr>
                  <th className={thClass}>To</th>
                  <th className={thClass}>Step</th>
                  <th className={thClass}>Subject</th>
                  <th className={thClass}>Status</th>
                  <th className={thClass}>
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {emails.data.data.map((e) => (
                  <tr key={e.id}>
                    <td className={tdClass}>
                      <div className="text-fg">{e.prospect_name ?? e.to_email}</div>
                      <div className="text-xs break-all text-muted">{e.to_email}</div>
                    </td>
                    <td className={tdClass}>
                      {e.step}
                      {e.variant_index !== null ? <span className="text-muted"> · variant {variantLetter(e.variant_index)}</span> : null}
                    </td>
                    <td className={`${tdClass} max-w-xs break-words`}>{e.subject}</td>
                    <td className={tdClass}>
                      <StatusBadge status={e.status} />
                      {(e.status === 'skipped' || e.status === 'draft') && e.status_reason ? <p className="mt-1 max-w-xs text-xs text-muted">{e.status_reason}</p> : null}
                      {e.claim_flags.length > 0 ? (
                        <p className="mt-1 max-w-xs text-xs text-warning">
                          {e.claim_flags.length === 1 ? '1 unsupported claim' : `${e.claim_flags.length} unsupported claims`}: {e.claim_flags.map((f) => f.fragment).join(', ')}
                        </p>
                      ) : null}
                    </td>
                    <td className={tdClass}>
                      <EmailActions email={e} onEdit={setEditing} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} perPage={PER_PAGE} total={emails.data.meta.total} onPage={setPage} label="Email pages" />
        </>
      )}
      <EmailEditDialog email={editing} onClose={() => setEditing(null)} />
    </section>
  );
}

/** Today's capacity of the campaign's mailboxes (those of its virtual employees) and their total. */
function Capacity({ campaign }: { campaign: Campaign }) {
  const capacity = useCampaignCapacity(campaign.id, campaign.virtual_employee_ids);
  return (
    <section aria-labelledby="campaign-capacity" className="space-y-3">
      <h2 id="campaign-capacity" className="text-lg font-semibold text-fg">
        Sending capacity today
      </h2>
      {capacity.isPending ? (
        <div className="flex justify-center py-4">
          <Spinner label="Loading capacity" />
        </div>
      ) : capacity.isError ? (
        <LoadError what="the capacity" error={capacity.error} onRetry={() => capacity.refetch()} />
      ) : capacity.data.mailboxes.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-4 text-sm text-muted">
          This campaign’s virtual employees have no mailbox to send from.{' '}
          <Link className="text-accent underline" to={paths.cabinet.agents.path}>
            Give them one
          </Link>
        </p>
      ) : (
        <CapacityPanel capacity={capacity.data} label="Today's capacity of this campaign's mailboxes" />
      )}
    </section>
  );
}

/** /cabinet/campaigns/:id: state and controls, the sequence, enrolment counts, today's capacity and the emails. */
export function CampaignRoute() {
  const id = Number(useParams().id);
  const campaign = useCampaign(id);
  if (!Number.isInteger(id) || id < 1) return <ServerErrors messages={['Campaign not found']} />;
  return (
    <PageFrame
      title={campaign.data?.name ?? 'Campaign'}
      description={<Link className="text-accent underline" to={paths.cabinet.campaigns.path}>All campaigns</Link>}
      actions={campaign.data ? <Actions campaign={campaign.data} /> : undefined}
    >
      {campaign.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading campaign" />
        </div>
      ) : campaign.isError ? (
        <LoadError what="this campaign" error={campaign.error} onRetry={() => campaign.refetch()} />
      ) : (
        <>
          <AddressWarning />
          <Summary campaign={campaign.data} />
          <VariantResults campaign={campaign.data} />
          {campaign.data.status === 'archived' || campaign.data.status === 'finished' ? null : <Capacity campaign={campaign.data} />}
          <Emails campaign={campaign.data} />
          <SkippedProspects campaign={campaign.data} />
        </>
      )}
    </PageFrame>
  );
}
