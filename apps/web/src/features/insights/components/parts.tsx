import type { ReactNode } from 'react';
import { RefreshCw } from 'lucide-react';
import type { InsightsFreshness } from '@shared/schemas/insights';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/lib/utils';

/** A headline figure: its label, value and a line saying what it counts. */
export function Figure({ label, value, hint, tone }: { label: string; value: string; hint?: ReactNode; tone?: 'good' | 'bad' }) {
  return (
    <Card className="p-4" data-testid={`figure-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`}>
      <p className="text-xs font-medium uppercase tracking-wide text-muted">{label}</p>
      <p className={cn('mt-1 text-2xl font-semibold tabular-nums text-fg', tone === 'bad' && 'text-danger', tone === 'good' && 'text-success')}>{value}</p>
      {hint ? <p className="mt-1 text-xs text-muted">{hint}</p> : null}
    </Card>
  );
}

/** A section of a tab: a heading, what it shows, and its content (a chart, a table). */
export function Section({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <div>
        <h2 className="text-base font-semibold text-fg">{title}</h2>
        {description ? <p className="text-sm text-muted">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** A plain, accessible table of figures (the chart's table, or the breakdown itself). */
export function FiguresTable({ caption, head, rows }: { caption: string; head: string[]; rows: Array<{ key: string; cells: ReactNode[] }> }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-border">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-2 text-left text-xs uppercase tracking-wide text-muted">
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={cn('px-3 py-2 font-medium', i > 0 && 'text-right')}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-t border-border">
              {r.cells.map((c, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className="px-3 py-2 text-left font-medium text-fg">
                    {c}
                  </th>
                ) : (
                  <td key={i} className="px-3 py-2 text-right tabular-nums text-fg">
                    {c}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Said when the figures shown are a big account's last computed ones while newer ones are computed (the page asks
 * again on its own): when they are from, and that they are updating. Nothing when they are current.
 */
export function FreshnessNote({ freshness }: { freshness: InsightsFreshness }) {
  if (!freshness.stale) return null;
  const at = new Date(freshness.as_of).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  return (
    <p role="status" className="flex items-center gap-1.5 text-xs text-muted">
      <RefreshCw aria-hidden className="size-3.5 animate-spin motion-reduce:animate-none" />
      Figures as of {at}; newer ones are being computed and appear here on their own.
    </p>
  );
}
