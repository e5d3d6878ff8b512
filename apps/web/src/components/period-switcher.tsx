import { useRef, type KeyboardEvent } from 'react';
import { DASHBOARD_PERIODS, type DashboardPeriod } from '@shared/schemas/dashboard';
import { cn } from '@web/lib/utils';

export const PERIOD_LABELS: Record<DashboardPeriod, string> = { week: 'Week', month: 'Month', quarter: 'Quarter', year: 'Year' };
export const PERIOD_SPANS: Record<DashboardPeriod, string> = {
  week: 'last 7 days',
  month: 'last 30 days',
  quarter: 'last 13 weeks',
  year: 'last 52 weeks',
};

/** A radio group (one tab stop; arrow keys, Home and End move and select), as WAI-ARIA describes. */
export function PeriodSwitcher({ value, onChange }: { value: DashboardPeriod; onChange: (p: DashboardPeriod) => void }) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const move = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = DASHBOARD_PERIODS.length - 1;
    const next =
      e.key === 'ArrowRight' || e.key === 'ArrowDown'
        ? (index + 1) % DASHBOARD_PERIODS.length
        : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
          ? (index + last) % DASHBOARD_PERIODS.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    onChange(DASHBOARD_PERIODS[next]!);
    refs.current[next]?.focus();
  };
  return (
    <div role="radiogroup" aria-label="Period" className="inline-flex rounded-lg border border-border bg-surface-2 p-0.5">
      {DASHBOARD_PERIODS.map((p, i) => {
        const checked = p === value;
        return (
          <button
            key={p}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            title={PERIOD_SPANS[p]}
            onClick={() => onChange(p)}
            onKeyDown={(e) => move(e, i)}
            className={cn(
              'cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium outline-none transition-colors focus-visible:ring-2 focus-visible:ring-accent',
              checked ? 'bg-surface text-fg shadow-sm' : 'text-muted hover:text-fg',
            )}
          >
            {PERIOD_LABELS[p]}
          </button>
        );
      })}
    </div>
  );
}
