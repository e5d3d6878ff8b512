import type { ReactNode } from 'react';
import { Spinner } from '@web/components/ui/spinner';

/** A titled block of a side panel. */
export function PanelSection({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-2 border-b border-border pb-4 last:border-b-0">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-xs font-semibold tracking-wide text-muted uppercase">{title}</h3>
        {action}
      </div>
      {children}
    </section>
  );
}

/** Label/value lines (a description list). */
export function Facts({ items }: { items: Array<[string, ReactNode]> }) {
  const shown = items.filter(([, v]) => v !== null && v !== undefined && v !== '');
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
      {shown.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="min-w-0 break-words text-fg">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function PanelLoading({ what }: { what: string }) {
  return (
    <div className="flex justify-center py-8">
      <Spinner label={`Loading ${what}`} />
    </div>
  );
}
