import { MailCheck } from 'lucide-react';
import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DashboardPeriod } from '@shared/schemas/dashboard';
import type { DeliverabilityFigures, OverallStats } from '@shared/schemas/insights';
import { EmptyState } from '@web/components/page-frame';
import { PERIOD_SPANS } from '@web/components/period-switcher';
import { LoadError } from '@web/components/ui/load-error';
import { Spinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/utils';
import { useCampaignChoices, useOverallStats } from '../api/insights';
import { formatCount, formatRate } from './format';
import { Figure, FiguresTable, FreshnessNote, Section } from './parts';

/** The columns every breakdown shows, after its own first one. */
const HEAD = ['Sent', 'Delivered', 'Bounced', 'Temporary', 'Blocked', 'Complaints', 'Unsubscribed', 'Replied', 'Positive'];
const cells = (f: DeliverabilityFigures) => [
  formatCount(f.sent),
  formatCount(f.delivered),
  `${formatCount(f.bounced)} (${formatRate(f.bounce_rate, f.sent)})`,
  formatCount(f.bounced_temporary),
  formatCount(f.blocked),
  formatCount(f.complaints),
  formatCount(f.unsubscribed),
  `${formatCount(f.replied)} (${formatRate(f.reply_rate, f.sent)})`,
  formatCount(f.positive),
];

function DnsBadge({ status }: { status: 'pass' | 'fail' | 'unchecked' }) {
  const label = status === 'pass' ? 'DNS passes' : status === 'fail' ? 'DNS fails' : 'DNS not checked';
  return <span className={cn('ml-2 rounded-full px-2 py-0.5 text-xs font-medium', status === 'pass' ? 'bg-success/15 text-success' : status === 'fail' ? 'bg-danger/15 text-danger' : 'bg-surface-2 text-muted')}>{label}</span>;
}

/** Bounce and reply rates per recipient provider, as bars (the table beside it holds every figure). */
function ProviderChart({ stats }: { stats: OverallStats }) {
  const data = stats.by_provider.filter((p) => p.sent > 0).map((p) => ({ name: p.label, 'Reply rate': Math.round(p.reply_rate * 1000) / 10, 'Bounce rate': Math.round(p.bounce_rate * 1000) / 10 }));
  return (
    <div className="h-64 w-full" aria-hidden>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
          <XAxis dataKey="name" tick={{ fontSize: 12, fill: 'var(--muted)' }} />
          <YAxis unit="%" tick={{ fontSize: 12, fill: 'var(--muted)' }} />
          <Tooltip formatter={(v) => `${String(v)}%`} />
          <Legend />
          <Bar dataKey="Reply rate" fill="var(--success)" />
          <Bar dataKey="Bounce rate" fill="var(--danger)" />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** "All campaigns" or one of them (the figures of that campaign only). */
function CampaignPicker({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const id = useId();
  const campaigns = useCampaignChoices();
  if (!campaigns.data?.length) return null;
  return (
    <div className="flex items-center gap-3">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        Campaign
      </label>
      <select id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)} className="rounded-md border border-border bg-surface px-3 py-1.5 text-sm text-fg">
        <option value="">All campaigns</option>
        {campaigns.data.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}

export function DeliverabilityTab({ period, campaignId = null, onCampaign }: { period: DashboardPeriod; campaignId?: number | null; onCampaign: (id: number | null) => void }) {
  return (
    <div className="space-y-6">
      <CampaignPicker value={campaignId} onChange={onCampaign} />
      <DeliverabilityFiguresView period={period} campaignId={campaignId} />
    </div>
  );
}

function DeliverabilityFiguresView({ period, campaignId }: { period: DashboardPeriod; campaignId: number | null }) {
  const q = useOverallStats(period, campaignId);
  if (q.isPending) return <Spinner label="Loading deliverability" />;
  if (q.isError) return <LoadError what="deliverability" error={q.error} onRetry={q.refetch} />;
  const s = q.data;
  if (s.sent === 0 && s.replied === 0)
    return (
      <EmptyState icon={MailCheck} title="No sends in this period">
        Nothing was sent{campaignId ? ' by this campaign' : ''} in the {PERIOD_SPANS[period]}. Deliverability fills in as your campaigns send: every email, bounce, complaint and reply is counted here.
      </EmptyState>
    );
  return (
    <div className={cn('space-y-8', q.isPlaceholderData && 'opacity-60')}>
      <FreshnessNote freshness={s.freshness} />
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Figure label="Sent" value={formatCount(s.sent)} hint={`${formatCount(s.delivered)} delivered`} />
        <Figure label="Bounce rate" value={formatRate(s.bounce_rate, s.sent)} hint={`${formatCount(s.bounced)} permanent, ${formatCount(s.bounced_temporary)} temporary, ${formatCount(s.blocked)} blocked`} tone={s.bounce_rate > 0.03 ? 'bad' : undefined} />
        <Figure label="Spam complaints" value={formatRate(s.complaint_rate, s.sent)} hint={`${formatCount(s.complaints)} complaints, ${formatCount(s.unsubscribed)} unsubscribes`} tone={s.complaint_rate > 0.001 ? 'bad' : undefined} />
        <Figure label="Reply rate" value={formatRate(s.reply_rate, s.sent)} hint={`${formatCount(s.replied)} replied, ${formatCount(s.positive)} positive (${formatRate(s.positive_rate, s.sent)})`} tone={s.positive > 0 ? 'good' : undefined} />
      </div>
      <p className="text-xs text-muted">No open or click rates: the product sends no tracking pixel and rewrites no link, and opens are inflated by mail privacy features anyway. Replies are what count.</p>

      <Section title="By recipient provider" description="Who hosts your recipients' mail, from the MX of their domain: placement estimated from real traffic, without seed tests.">
        <ProviderChart stats={s} />
        <FiguresTable
          caption="Deliverability by recipient provider"
          head={['Provider', 'Recipients', 'Never answered', 'Bounce codes', ...HEAD]}
          rows={s.by_provider.map((p) => ({
            key: p.provider,
            cells: [p.label, formatCount(p.recipients), formatRate(p.never_answered_share, p.recipients), p.bounce_codes.map((c) => `${c.code} ×${c.count}`).join(', ') || '–', ...cells(p)],
          }))}
        />
      </Section>

      <Section title="By mailbox">
        <FiguresTable
          caption="Deliverability by mailbox"
          head={['Mailbox', ...HEAD]}
          rows={s.by_mailbox.map((m) => ({
            key: String(m.user_email_id),
            cells: [
              <span key="m">
                {m.email ?? 'A removed mailbox'}
                {m.status && m.status !== 'active' ? <span className="ml-2 text-xs text-danger">{m.status}{m.status_reason ? `: ${m.status_reason}` : ''}</span> : null}
              </span>,
              ...cells(m),
            ],
          }))}
        />
      </Section>

      <Section title="By sending domain" description="With the last check of its SPF, DKIM, DMARC and MX records (on the mailboxes page).">
        <FiguresTable
          caption="Deliverability by sending domain"
          head={['Domain', ...HEAD]}
          rows={s.by_domain.map((d) => ({
            key: d.domain,
            cells: [
              <span key="d" title={d.dns_checks.filter((c) => c.status === 'fail').map((c) => `${c.check}: ${c.advice}`).join('\n') || undefined}>
                {d.domain}
                <DnsBadge status={d.dns_status} />
              </span>,
              ...cells(d),
            ],
          }))}
        />
      </Section>

      <Section title="By campaign and step">
        <FiguresTable
          caption="Deliverability by campaign and step"
          head={['Campaign', ...HEAD]}
          rows={s.by_campaign.flatMap((c) => [
            { key: `c${c.campaign_id}`, cells: [c.name, ...cells(c)] },
            ...c.steps.map((st) => ({ key: `c${c.campaign_id}s${st.step}`, cells: [<span key="s" className="pl-4 font-normal text-muted">Step {st.step}</span>, ...cells(st)] })),
          ])}
        />
      </Section>
    </div>
  );
}
