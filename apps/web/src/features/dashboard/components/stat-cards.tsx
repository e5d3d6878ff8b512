import { ArrowDownRight, ArrowUpRight, CalendarCheck, MessageSquareReply, Percent, Send, UserCheck, Users, type LucideIcon } from 'lucide-react';
import type { GeneralStatistics, Metric } from '@shared/schemas/dashboard';
import { Link } from 'react-router';
import { Card } from '@web/components/ui/card';
import { paths } from '@web/config/paths';
import { cn } from '@web/lib/utils';
import { formatNumber, formatPercent } from './format';

type Stat = { label: string; icon: LucideIcon; metric: Metric; percent?: boolean; hint: string };

/** The change against the previous period: relative for counts, in points for a rate. */
export function changeText(metric: Metric, percent = false): { text: string; direction: 'up' | 'down' | 'flat' } {
  const diff = Math.round((metric.value - metric.previous) * 10) / 10;
  const direction = diff > 0 ? 'up' : diff < 0 ? 'down' : 'flat';
  if (diff === 0) return { text: 'No change vs previous period', direction };
  if (percent) return { text: `${diff > 0 ? '+' : ''}${diff.toFixed(1)} pts vs previous period`, direction };
  if (metric.previous === 0) return { text: `+${formatNumber(diff)} vs none in previous period`, direction };
  const rel = Math.round((diff / metric.previous) * 100);
  return { text: `${rel > 0 ? '+' : ''}${rel}% vs previous period`, direction };
}

export function StatCards({ stats }: { stats: GeneralStatistics }) {
  const cards: Stat[] = [
    { label: 'Touches sent', icon: Send, metric: stats.messages_sent, hint: 'Emails, LinkedIn invitations and messages, calls' },
    { label: 'Prospects contacted', icon: UserCheck, metric: stats.contacted, hint: 'Distinct prospects who got at least one touch in the period (as in Insights)' },
    { label: 'Replies', icon: MessageSquareReply, metric: stats.replies, hint: 'Replies received in the period, on any channel' },
    { label: 'Reply rate', icon: Percent, metric: stats.reply_rate, percent: true, hint: 'Of the prospects contacted in the period, the share who replied since (as in Insights)' },
    { label: 'Meetings booked', icon: CalendarCheck, metric: stats.meetings_booked, hint: 'Meetings booked in the period: calendar bookings and cards moved to Meeting booked (as in Insights)' },
  ];
  return (
    <div className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-6">
      {cards.map((c) => {
        const change = changeText(c.metric, c.percent);
        const value = c.percent ? formatPercent(c.metric.value) : formatNumber(c.metric.value);
        return (
          <Card key={c.label} className="p-5" title={c.hint}>
            <div className="flex items-center justify-between text-sm text-muted">
              <h3>{c.label}</h3> <c.icon className="h-4 w-4" aria-hidden />
            </div>
            <p className="mt-3 text-2xl font-semibold text-fg" data-testid={`stat-${c.label.toLowerCase().replace(/\s+/g, '-')}`}>
              {value}
            </p>
            <p
              className={cn(
                'mt-1 flex items-center gap-1 text-xs',
                change.direction === 'up' ? 'text-success' : change.direction === 'down' ? 'text-danger' : 'text-muted',
              )}
            >
              {change.direction === 'up' ? <ArrowUpRight className="h-3.5 w-3.5" aria-hidden /> : null}
              {change.direction === 'down' ? <ArrowDownRight className="h-3.5 w-3.5" aria-hidden /> : null}
              {change.text}
            </p>
          </Card>
        );
      })}
      {/* What it counts, in words on the card (not a hover-only tooltip); the same totals as the prospects and personas pages. */}
      <Card className="p-5">
        <div className="flex items-center justify-between text-sm text-muted">
          <h3>Prospects in your account</h3> <Users className="h-4 w-4" aria-hidden />
        </div>
        <p className="mt-3 text-2xl font-semibold text-fg" data-testid="stat-prospects">
          <Link to={paths.businessInformation.prospects.getHref()} className="hover:text-accent hover:underline" aria-label={`${formatNumber(stats.prospects_total)} prospects in your account, see them all`}>
            {formatNumber(stats.prospects_total)}
          </Link>
        </p>
        <p className="mt-1 text-xs text-muted">
          All of them, in a persona or not · {formatNumber(stats.prospects_added.value)} added in this period ·{' '}
          <Link to={paths.businessInformation.personas.getHref()} className="underline-offset-2 hover:text-fg hover:underline" data-testid="stat-personas">
            {stats.personas_count} {stats.personas_count === 1 ? 'persona' : 'personas'}
          </Link>
        </p>
      </Card>
    </div>
  );
}
