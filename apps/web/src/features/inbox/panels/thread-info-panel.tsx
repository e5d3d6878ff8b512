import { CircleCheck, CircleDashed, CircleX, Clock } from 'lucide-react';
import { useState } from 'react';
import type { CAMPAIGN_EMAIL_STATUSES, CampaignEmailDetail } from '@shared/schemas/campaigns';
import { ENROLMENT_OUTCOME_LABELS, type EnrolmentOutcome } from '@shared/schemas/interactions';
import { PreloadLink } from '@web/components/preload-link';
import { Button } from '@web/components/ui/button';
import { LoadError } from '@web/components/ui/load-error';
import { paths } from '@web/config/paths';
import { cn } from '@web/lib/utils';
import { PANEL_PAGE, useCampaignEmailDetail, useInteractionTimeline } from '../api/interactions';
import { InteractionItem, when } from '../components/interaction-item';
import type { PanelProps } from '../components/side-panel';
import { ReplyStatusBadge } from '../components/status-badge';
import { Facts, PanelLoading, PanelSection } from './panel-parts';
import { WebsiteVisitsSection } from './website-visits';

type Step = CampaignEmailDetail['sequence'][number];
type EmailStatus = (typeof CAMPAIGN_EMAIL_STATUSES)[number];

const STEP_WORDS: Record<EmailStatus, string> = {
  draft: 'Waiting for your review',
  scheduled: 'Scheduled',
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  uncertain: 'Send uncertain',
  skipped: 'Skipped',
  cancelled: 'Cancelled',
};

const OUTCOME_TONE: Record<EnrolmentOutcome, string> = {
  in_sequence: 'bg-accent/15 text-accent',
  interested: 'bg-success/15 text-success',
  replied: 'bg-success/15 text-success',
  unsubscribed: 'bg-danger/15 text-danger',
  bounced: 'bg-danger/15 text-danger',
  stopped: 'bg-warning/15 text-warning',
  no_reply: 'bg-surface-2 text-muted',
};

export function OutcomeBadge({ outcome }: { outcome: EnrolmentOutcome }) {
  return <span className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium', OUTCOME_TONE[outcome])}>{ENROLMENT_OUTCOME_LABELS[outcome]}</span>;
}

function stepLine(s: Step): string {
  if (!s.status) return s.channel === 'email' ? 'Not written yet' : `A ${s.channel} step: not run yet`;
  if (s.status === 'sent' && s.sent_at) return `Sent ${when(s.sent_at)}`;
  if (s.status === 'scheduled' || s.status === 'draft') {
    const due = s.due_at ? `due ${when(s.due_at)}` : 'due after the step before is sent';
    // An out-of-office (or a retry) holds it back: not before send_after.
    const held = s.send_after && (!s.due_at || s.send_after > s.due_at) ? `, held until ${when(s.send_after)}` : '';
    return `${STEP_WORDS[s.status]}, ${due}${held}`;
  }
  return `${STEP_WORDS[s.status]}${s.status_reason ? `: ${s.status_reason}` : ''}`;
}

function StepIcon({ status }: { status: EmailStatus | null }) {
  if (status === 'sent') return <CircleCheck className="h-4 w-4 shrink-0 text-success" aria-hidden />;
  if (status === 'failed' || status === 'cancelled' || status === 'skipped') return <CircleX className="h-4 w-4 shrink-0 text-muted" aria-hidden />;
  if (status === 'scheduled' || status === 'queued' || status === 'sending') return <Clock className="h-4 w-4 shrink-0 text-accent" aria-hidden />;
  return <CircleDashed className="h-4 w-4 shrink-0 text-muted" aria-hidden />;
}

/** Activity thread info: the thread's prospect, its campaign, how far the sequence got, and its timeline. */
export default function ThreadInfoPanel({ subject }: PanelProps) {
  const detail = useCampaignEmailDetail(subject.campaignEmailId);
  const [perPage, setPerPage] = useState(PANEL_PAGE);
  const d = detail.data;
  const timeline = useInteractionTimeline(d?.prospect_id ? { by_prospect: [d.prospect_id], by_campaign: [d.campaign_id] } : {}, perPage, !!d?.prospect_id);
  if (subject.campaignEmailId === null) {
    return <p className="text-sm text-muted">No campaign email stands behind this conversation (its campaign was deleted), so there is no sequence to show.</p>;
  }
  if (detail.isPending) return <PanelLoading what="the thread info" />;
  if (detail.isError) return <LoadError what="the thread info" error={detail.error} onRetry={() => detail.refetch()} />;
  const e = detail.data;
  const en = e.enrolment;
  const total = e.sequence.length;
  return (
    <div className="space-y-4">
      <PanelSection title="Prospect">
        <Facts
          items={[
            ['Name', e.prospect_name],
            ['Email', en?.email ?? e.to_email],
            ['Company', e.prospect_company],
          ]}
        />
      </PanelSection>
      <PanelSection title="Campaign">
        <Facts
          items={[
            [
              'Campaign',
              <PreloadLink key="c" className="text-accent underline-offset-4 hover:underline" to={paths.cabinet.campaign.getHref(e.campaign_id)}>
                {e.campaign_name ?? `Campaign ${e.campaign_id}`}
              </PreloadLink>,
            ],
            ['State', e.campaign_status],
            ['Persona', e.persona?.name],
            ['Written by', e.virtual_employee ? `${e.virtual_employee.name}${e.virtual_employee.title ? `, ${e.virtual_employee.title}` : ''}` : null],
            ['Mailbox', e.from_email],
          ]}
        />
      </PanelSection>
      <PanelSection title="Sequence progress">
        {en ? (
          <>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <OutcomeBadge outcome={en.outcome} />
              <span className="text-fg">
                Step {en.step_reached} of {total} reached
              </span>
              {e.thread ? <ReplyStatusBadge status={e.thread.reply_status} /> : null}
            </div>
            <div className="h-1.5 w-full overflow-hidden rounded-full bg-surface-2" role="progressbar" aria-label="Steps sent" aria-valuemin={0} aria-valuemax={total} aria-valuenow={en.step_reached}>
              <div className="h-full bg-accent" style={{ width: `${total ? (en.step_reached / total) * 100 : 0}%` }} />
            </div>
            <Facts
              items={[
                ['Enrolment', en.status === 'active' ? 'Active' : en.status === 'finished' ? 'Finished' : 'Stopped'],
                ['Why stopped', en.stop_reason],
                ['Stopped', en.stopped_at ? when(en.stopped_at) : null],
                ['Last touch', en.last_touch_at ? when(en.last_touch_at) : 'Nothing reached the prospect yet'],
              ]}
            />
          </>
        ) : (
          <p className="text-sm text-muted">The enrolment behind this email is gone.</p>
        )}
        <ol aria-label="Steps" className="space-y-2">
          {e.sequence.map((s) => (
            <li key={s.step} className="flex gap-2 text-sm">
              <StepIcon status={s.status} />
              <div className="min-w-0">
                <p className="text-fg">
                  Step {s.step} · {s.channel === 'email' ? 'Email' : s.channel === 'linkedin' ? 'LinkedIn' : 'Call'}
                  {s.step > 1 ? <span className="text-muted"> · {s.delay_days} days after the step before</span> : null}
                </p>
                <p className="text-xs break-words text-muted">{stepLine(s)}</p>
              </div>
            </li>
          ))}
        </ol>
      </PanelSection>
      <WebsiteVisitsSection prospectId={e.prospect_id} />
      <PanelSection title="Timeline">
        {!e.prospect_id ? (
          <p className="text-sm text-muted">The prospect was erased: their timeline went with them.</p>
        ) : timeline.isPending ? (
          <PanelLoading what="the timeline" />
        ) : timeline.isError ? (
          <LoadError what="the timeline" error={timeline.error} onRetry={() => timeline.refetch()} />
        ) : timeline.data.data.length === 0 ? (
          <p className="text-sm text-muted">Nothing has reached this prospect in this campaign yet.</p>
        ) : (
          <>
            <ol aria-label="Timeline" className="space-y-3">
              {timeline.data.data.map((i) => (
                <li key={i.id}>
                  <InteractionItem interaction={i} showCampaign={false} />
                </li>
              ))}
            </ol>
            {timeline.data.meta.total > timeline.data.data.length ? (
              <Button type="button" size="sm" variant="ghost" pending={timeline.isFetching} onClick={() => setPerPage((n) => Math.min(100, n + PANEL_PAGE))} disabled={perPage >= 100}>
                Show more ({timeline.data.meta.total - timeline.data.data.length} older)
              </Button>
            ) : null}
          </>
        )}
      </PanelSection>
    </div>
  );
}
