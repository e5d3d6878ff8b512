import { Target } from 'lucide-react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DashboardPeriod } from '@shared/schemas/dashboard';
import type { FunnelStage, Opportunities } from '@shared/schemas/insights';
import { EmptyState } from '@web/components/page-frame';
import { PERIOD_SPANS } from '@web/components/period-switcher';
import { LoadError } from '@web/components/ui/load-error';
import { Spinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/utils';
import { useOpportunities } from '../api/insights';
import { formatCount, formatHours, formatRate } from './format';
import { Figure, FiguresTable, FreshnessNote, Section } from './parts';

/** The same cohort one window earlier, for the stages the dashboard compares (the later ones are not kept for it). */
function previousOf(previous: Opportunities['previous'], stage: FunnelStage): string {
  const value = stage === 'contacted' || stage === 'replied' || stage === 'positive' || stage === 'meeting_booked' ? previous[stage] : null;
  return value === null ? '–' : formatCount(value);
}

export function PerformanceTab({ period }: { period: DashboardPeriod }) {
  const q = useOpportunities(period);
  if (q.isPending) return <Spinner label="Loading performance" />;
  if (q.isError) return <LoadError what="performance" error={q.error} onRetry={q.refetch} />;
  const o = q.data;
  const contacted = o.funnel[0]!.prospects;
  if (contacted === 0)
    return (
      <EmptyState icon={Target} title="No prospects contacted in this period">
        Nobody was contacted in the {PERIOD_SPANS[period]}. The funnel follows the prospects your agents reach by email, LinkedIn or phone, from the first touch to won.
      </EmptyState>
    );
  const stage = (key: string) => o.funnel.find((s) => s.stage === key)!.prospects;
  return (
    <div className={cn('space-y-8', q.isPlaceholderData && 'opacity-60')}>
      <FreshnessNote freshness={o.freshness} />
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
        <Figure label="Meetings per 1,000 contacted" value={o.meetings_per_1000 === null ? '–' : String(o.meetings_per_1000)} hint={`${formatCount(stage('meeting_booked'))} meetings from ${formatCount(contacted)} prospects`} tone={stage('meeting_booked') > 0 ? 'good' : undefined} />
        <Figure label="Replied" value={formatRate(stage('replied') / contacted)} hint={`${formatCount(stage('replied'))} of ${formatCount(contacted)} contacted`} />
        <Figure label="Positive" value={formatCount(stage('positive'))} hint={`${formatCount(o.not_now)} not now, ${formatCount(o.lost)} lost`} />
        <Figure label="Meetings booked in the period" value={formatCount(o.meetings_booked_in_period)} hint={`${formatCount(o.previous.meetings_booked_in_period)} in the period before`} />
        <Figure label="Time to first reply" value={formatHours(o.median_hours_to_first_reply)} hint="median, from the first touch" />
      </div>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Figure
          label="Open deal value"
          value={formatCount(o.deal_value.open)}
          hint={o.deal_value.cards_with_value > 0 ? `from ${formatCount(o.deal_value.cards_with_value)} cards with a value` : 'Put a deal value on a pipeline card to see it here'}
        />
        <Figure label="Won deal value" value={formatCount(o.deal_value.won)} hint="cards of these prospects that are won" tone={o.deal_value.won > 0 ? 'good' : undefined} />
      </div>
      <Section title="Funnel" description={`The prospects first contacted in the ${PERIOD_SPANS[period]}, and how far each got since.`}>
        <div className="h-64 w-full" aria-hidden>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={o.funnel.map((s) => ({ name: s.label, Prospects: s.prospects }))} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
              <XAxis dataKey="name" tick={{ fontSize: 12, fill: 'var(--muted)' }} />
              <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: 'var(--muted)' }} />
              <Tooltip />
              <Bar dataKey="Prospects" fill="var(--accent)" />
            </BarChart>
          </ResponsiveContainer>
        </div>
        <FiguresTable
          caption="The funnel of the prospects contacted"
          head={['Stage', 'Prospects', 'From the stage before', 'Previous period']}
          rows={o.funnel.map((s) => ({
            key: s.stage,
            cells: [s.label, formatCount(s.prospects), s.conversion_from_previous === null ? '–' : formatRate(s.conversion_from_previous), previousOf(o.previous, s.stage)],
          }))}
        />
      </Section>
    </div>
  );
}
