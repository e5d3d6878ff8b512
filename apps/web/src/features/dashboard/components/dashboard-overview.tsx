import { ChartLine, Plus } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { dashboardGraphQuerySchema, type DashboardPeriod } from '@shared/schemas/dashboard';
import { EmptyState } from '@web/components/page-frame';
import { PreloadLink } from '@web/components/preload-link';
import { buttonVariants } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { paths } from '@web/config/paths';
import { cn } from '@web/lib/utils';
import { useActivityGraph, useAwareCompanies, useChannelsActivity, useGeneralStatistics } from '../api/dashboard';
import { ActivityChart } from './activity-chart';
import { ActivityFeed } from './activity-feed';
import { AwareCompaniesList } from './aware-companies';
import { ChannelsList } from './channels-card';
import { PERIOD_SPANS, PeriodSwitcher } from '@web/components/period-switcher';
import { StatCards } from './stat-cards';
import { Skeleton, WidgetError } from './widget-states';

function Widget({ title, id, children, className }: { title: string; id: string; children: React.ReactNode; className?: string }) {
  return (
    <Card className={cn('p-5', className)} role="region" aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-base font-semibold text-fg">
        {title}
      </h2>
      {children}
    </Card>
  );
}

/**
 * A brand-new account (no prospects, so nothing sent): nothing to chart yet, and the step that gets
 * the agent going. Onboarding may already have created a persona; then the step is loading prospects.
 */
function NewAccountEmptyState({ hasPersona }: { hasPersona: boolean }) {
  return (
    <EmptyState
      icon={ChartLine}
      title="No activity yet"
      action={
        <PreloadLink to={paths.businessInformation.personas.path} className={buttonVariants({ variant: 'primary' })}>
          <Plus className="h-4 w-4" aria-hidden /> {hasPersona ? 'Add prospects to your persona' : 'Add your first persona'}
        </PreloadLink>
      }
    >
      {hasPersona
        ? 'Load the people your persona describes and your agent starts reaching them.'
        : 'Describe who you sell to and your agent starts reaching them.'}{' '}
      Sends, replies, meetings and the companies you reach will show up here.
    </EmptyState>
  );
}

const DEFAULT_PERIOD: DashboardPeriod = 'month';

/** The selected period lives in the URL (?period=week), so a reload or a shared link keeps it. */
function usePeriodParam(): [DashboardPeriod, (p: DashboardPeriod) => void] {
  const [params, setParams] = useSearchParams();
  const parsed = dashboardGraphQuerySchema.shape.period.safeParse(params.get('period'));
  const period = parsed.success ? parsed.data : DEFAULT_PERIOD;
  const set = (p: DashboardPeriod) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('period', p);
        return next;
      },
      { replace: true },
    );
  return [period, set];
}

/** The figures of the cabinet: stat cards, the activity chart, channels, companies reached and the feed. */
export function DashboardOverview() {
  const [period, setPeriod] = usePeriodParam();
  const stats = useGeneralStatistics(period);
  const graph = useActivityGraph(period);
  const channels = useChannelsActivity(period);
  const companies = useAwareCompanies(8);

  if (stats.data !== undefined && stats.data.prospects_total === 0) return <NewAccountEmptyState hasPersona={stats.data.personas_count > 0} />;

  return (
    <section aria-labelledby="performance-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="performance-heading" className="text-base font-semibold text-fg">
            Performance
          </h2>
          <p className="text-sm text-muted">The {PERIOD_SPANS[period]} (UTC), compared with the period before.</p>
        </div>
        <PeriodSwitcher value={period} onChange={setPeriod} />
      </div>

      <div aria-busy={stats.isFetching || undefined} className={cn(stats.isPlaceholderData && 'opacity-60 transition-opacity')}>
        {stats.isPending ? (
          <div className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-6" aria-label="Loading statistics">
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <Skeleton key={i} className="h-[118px] rounded-xl" />
            ))}
          </div>
        ) : stats.isError ? (
          <WidgetError what="the statistics" onRetry={() => void stats.refetch()} />
        ) : (
          <StatCards stats={stats.data} />
        )}
      </div>

      <div className="grid gap-4 xl:grid-cols-3">
        <Widget title="Activity" id="chart-heading" className="xl:col-span-2">
          <div className={cn(graph.isPlaceholderData && 'opacity-60 transition-opacity')} aria-busy={graph.isFetching || undefined}>
            {graph.isPending ? (
              <Skeleton className="h-60" />
            ) : graph.isError ? (
              <WidgetError what="the chart" onRetry={() => void graph.refetch()} />
            ) : (
              <>
                <ActivityChart graph={graph.data} />
                {graph.data.totals.sent + graph.data.totals.replies + graph.data.totals.meetings === 0 ? (
                  <p className="mt-2 text-center text-sm text-muted">No sends, replies or meetings in this period.</p>
                ) : null}
              </>
            )}
          </div>
        </Widget>
        <Widget title="Channels" id="channels-heading">
          <div className={cn(channels.isPlaceholderData && 'opacity-60 transition-opacity')} aria-busy={channels.isFetching || undefined}>
            {channels.isPending ? (
              <Skeleton className="h-40" />
            ) : channels.isError ? (
              <WidgetError what="the channels" onRetry={() => void channels.refetch()} />
            ) : (
              <ChannelsList data={channels.data} />
            )}
          </div>
        </Widget>
      </div>

      <div className="grid gap-4 xl:grid-cols-3">
        <Widget title="Companies reached" id="companies-heading">
          {companies.isPending ? (
            <Skeleton className="h-48" />
          ) : companies.isError ? (
            <WidgetError what="the companies" onRetry={() => void companies.refetch()} />
          ) : (
            <AwareCompaniesList data={companies.data} />
          )}
        </Widget>
        <Widget title="Recent activity" id="feed-heading" className="xl:col-span-2">
          <ActivityFeed />
        </Widget>
      </div>
    </section>
  );
}
