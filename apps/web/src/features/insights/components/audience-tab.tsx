import { Users } from 'lucide-react';
import { useId } from 'react';
import type { DashboardPeriod } from '@shared/schemas/dashboard';
import { STATISTIC_LABELS, STATISTIC_NAMES, type IntervalRate, type StatisticName } from '@shared/schemas/insights';
import { EmptyState } from '@web/components/page-frame';
import { PERIOD_SPANS } from '@web/components/period-switcher';
import { LoadError } from '@web/components/ui/load-error';
import { Spinner } from '@web/components/ui/spinner';
import { cn } from '@web/lib/utils';
import { useTargetAudience } from '../api/insights';
import { formatCount, formatInterval, formatRate } from './format';
import { FiguresTable, FreshnessNote, Section } from './parts';

/** A rate with its interval, or "not enough data yet" below the minimum sample. */
function Rate({ r, count }: { r: IntervalRate; count: number }) {
  if (r.rate === null)
    return (
      <span>
        {formatCount(count)} <span className="text-xs text-muted">· not enough data yet</span>
      </span>
    );
  return (
    <span>
      {formatRate(r.rate)} <span className="text-xs text-muted">({formatInterval(r.low, r.high)})</span>
    </span>
  );
}

export function AudienceTab({ period, statistic, onStatistic }: { period: DashboardPeriod; statistic: StatisticName; onStatistic: (s: StatisticName) => void }) {
  const q = useTargetAudience(period, statistic);
  const selectId = useId();
  return (
    <div className="space-y-6">
      <div className="flex items-center gap-3">
        <label htmlFor={selectId} className="text-sm font-medium text-fg">
          Rank by
        </label>
        <select id={selectId} value={statistic} onChange={(e) => onStatistic(e.target.value as StatisticName)} className="rounded-md border border-border bg-surface px-3 py-1.5 text-sm text-fg">
          {STATISTIC_NAMES.map((s) => (
            <option key={s} value={s}>
              {STATISTIC_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      {q.isPending ? (
        <Spinner label="Loading target audience" />
      ) : q.isError ? (
        <LoadError what="the target audience" error={q.error} onRetry={q.refetch} />
      ) : q.data.values.length === 0 ? (
        <EmptyState icon={Users} title="No prospects contacted in this period">
          Nobody was contacted in the {PERIOD_SPANS[period]}. Each value is ranked once your agents have reached prospects with it.
        </EmptyState>
      ) : (
        <Section
          title={`By ${q.data.label.toLowerCase()}`}
          description={`Ranked by the positive reply rate's lower bound. Each rate shows its 95% interval (Wilson); below ${q.data.min_sample} prospects contacted a value says "not enough data yet" rather than a rate that would mislead.`}
        >
          <div className={cn('space-y-3', q.isPlaceholderData && 'opacity-60')}>
            <FreshnessNote freshness={q.data.freshness} />
            <FiguresTable
              caption={`Target audience by ${q.data.label.toLowerCase()}`}
              head={[q.data.label, 'Contacted', 'Replied', 'Positive', 'Meetings']}
              rows={q.data.values.map((v) => ({
                key: v.value,
                cells: [v.value, formatCount(v.contacted), <Rate key="r" r={v.reply_rate} count={v.replied} />, <Rate key="p" r={v.positive_rate} count={v.positive} />, <Rate key="m" r={v.meeting_rate} count={v.meetings} />],
              }))}
            />
          </div>
        </Section>
      )}
    </div>
  );
}
