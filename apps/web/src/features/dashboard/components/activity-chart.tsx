import { useId } from 'react';
import type { ActivityGraph } from '@shared/schemas/dashboard';
import { formatBucketDate, formatNumber } from './format';

const W = 720;
const H = 240;
const PAD = { left: 40, right: 36, top: 12, bottom: 28 };

/** Gridline intervals on both axes (ticks at 0, ¼, ½, ¾ and the top). */
export const AXIS_INTERVALS = 4;

/**
 * The top of an axis of counts: the smallest round whole step (1, 2, 3, 4, 5, 6, 8 × 10^n, and 15, 25 × 10^n
 * from 15 up) times the intervals at or above the data's maximum, so every tick is a whole number (never
 * "1.3 meetings"); never 0.
 */
export function countAxisMax(max: number, intervals = AXIS_INTERVALS): number {
  const raw = max / intervals;
  if (raw <= 1) return intervals;
  const exp = 10 ** Math.floor(Math.log10(raw));
  const steps = exp >= 10 ? [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10] : [1, 2, 3, 4, 5, 6, 8, 10];
  const step = steps.map((s) => s * exp).find((s) => s >= raw)!;
  return step * intervals;
}

/** The tick values of an axis from countAxisMax: whole numbers from 0 to the top. */
export const axisTicks = (axisMax: number, intervals = AXIS_INTERVALS): number[] => Array.from({ length: intervals + 1 }, (_, i) => (axisMax / intervals) * i);

export const SERIES = [
  { key: 'sent', label: 'Sent', swatch: 'bg-accent' },
  { key: 'replies', label: 'Replies (right axis)', swatch: 'bg-success' },
  { key: 'meetings', label: 'Meetings (right axis)', swatch: 'bg-warning' },
] as const;

/**
 * Touches sent as bars (left axis), replies and meetings as lines on their own scale (right axis: they
 * are a tenth of the sends and would lie flat otherwise), one bucket per day or week. Hand-built SVG
 * (the dashboard predates recharts; insights use it). Screen readers get a summary and the full table.
 */
export function ActivityChart({ graph }: { graph: ActivityGraph }) {
  const id = useId();
  const n = graph.points.length;
  const max = countAxisMax(Math.max(0, ...graph.points.map((p) => p.sent)));
  const maxRight = countAxisMax(Math.max(0, ...graph.points.flatMap((p) => [p.replies, p.meetings])));
  const rightTicks = axisTicks(maxRight);
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const band = plotW / Math.max(1, n);
  const x = (i: number) => PAD.left + band * i + band / 2;
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const yRight = (v: number) => PAD.top + plotH - (v / maxRight) * plotH;
  const barW = Math.max(2, band * 0.6);
  const line = (key: 'replies' | 'meetings') => graph.points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${yRight(p[key]).toFixed(1)}`).join(' ');
  const labelEvery = Math.max(1, Math.ceil(n / 7));
  const unit = graph.bucket === 'day' ? 'day' : 'week starting';
  const summary = `${formatNumber(graph.totals.sent)} touches sent, ${formatNumber(graph.totals.replies)} replies and ${formatNumber(graph.totals.meetings)} meetings, by ${graph.bucket}.`;

  return (
    <figure className="space-y-3">
      <div className="flex flex-wrap gap-4 text-xs text-muted" aria-hidden>
        {SERIES.map((s) => (
          <span key={s.key} className="flex items-center gap-1.5">
            <span className={`h-2.5 w-2.5 rounded-sm ${s.swatch}`} /> {s.label}
          </span>
        ))}
      </div>
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-labelledby={`${id}-title`} data-testid="activity-chart">
        <title id={`${id}-title`}>{summary}</title>
        {axisTicks(max).map((tick, i) => (
          <g key={tick}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(tick)} y2={y(tick)} className="stroke-border" strokeWidth={1} />
            <text data-axis="left" x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" className="fill-muted text-[11px]">
              {formatNumber(tick)}
            </text>
            <text data-axis="right" x={W - PAD.right + 6} y={yRight(rightTicks[i]!) + 4} textAnchor="start" className="fill-muted text-[11px]">
              {formatNumber(rightTicks[i]!)}
            </text>
          </g>
        ))}
        {graph.points.map((p, i) => (
          <g key={p.date}>
            <rect
              data-series="sent"
              x={x(i) - barW / 2}
              y={y(p.sent)}
              width={barW}
              height={Math.max(0, PAD.top + plotH - y(p.sent))}
              rx={Math.min(3, barW / 3)}
              className="fill-accent/80"
            >
              <title>{`${formatBucketDate(p.date)}: ${p.sent} sent, ${p.replies} replies, ${p.meetings} meetings`}</title>
            </rect>
            {i % labelEvery === 0 ? (
              <text x={x(i)} y={H - 8} textAnchor="middle" className="fill-muted text-[11px]">
                {formatBucketDate(p.date)}
              </text>
            ) : null}
          </g>
        ))}
        <path data-series="replies" d={line('replies')} fill="none" className="stroke-success" strokeWidth={2} strokeLinejoin="round" />
        <path data-series="meetings" d={line('meetings')} fill="none" className="stroke-warning" strokeWidth={2} strokeLinejoin="round" strokeDasharray="5 3" />
      </svg>
      <figcaption className="sr-only">{summary}</figcaption>
      <table className="sr-only">
        <caption>Activity per {graph.bucket}</caption>
        <thead>
          <tr>
            <th scope="col">{unit}</th>
            <th scope="col">Sent</th>
            <th scope="col">Replies</th>
            <th scope="col">Meetings</th>
          </tr>
        </thead>
        <tbody>
          {graph.points.map((p) => (
            <tr key={p.date}>
              <th scope="row">{formatBucketDate(p.date)}</th>
              <td>{p.sent}</td>
              <td>{p.replies}</td>
              <td>{p.meetings}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
