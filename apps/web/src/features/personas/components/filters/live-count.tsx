import type { PersonFiltersWire } from '@shared/schemas/person-filters';
import { Spinner } from '@web/components/ui/spinner';
import { useLiveCount } from '../../api/prospects-preview';

const nf = new Intl.NumberFormat('en-US');

/** The live count of prospects matching the filters (debounced) and the first matches. */
export function LiveCount({ filters }: { filters: PersonFiltersWire | null }) {
  const preview = useLiveCount(filters);
  const data = preview.data;
  return (
    <section aria-labelledby="live-count-heading" className="space-y-3 rounded-xl border border-border bg-surface p-4">
      <h2 id="live-count-heading" className="text-sm font-medium text-muted">
        Matching prospects
      </h2>
      <div role="status" aria-live="polite" className="flex min-h-8 items-center gap-2">
        {filters === null ? (
          <span className="text-sm text-warning">Fix the highlighted filters to count.</span>
        ) : preview.counting ? (
          <>
            <Spinner className="h-4 w-4 text-muted" />
            <span className="text-sm text-muted">Counting…</span>
          </>
        ) : preview.isError ? (
          <span className="text-sm text-danger">Could not count the matching prospects.</span>
        ) : data ? (
          <span className="text-2xl font-semibold tabular-nums text-fg">
            {nf.format(data.count)} <span className="text-sm font-normal text-muted">{data.count === 1 ? 'matching prospect' : 'matching prospects'}</span>
          </span>
        ) : null}
      </div>
      {data && data.sample.length > 0 ? (
        <div>
          <h3 className="mb-1.5 text-xs font-medium tracking-wide text-muted uppercase">First matches</h3>
          <ul aria-label="First matches" className="divide-y divide-border">
            {data.sample.map((p, i) => (
              <li key={p.id ?? p.external_id ?? i} className="py-1.5 text-sm">
                <span className="font-medium text-fg">{p.full_name ?? p.email ?? 'Unnamed'}</span>
                {p.title || p.company ? (
                  <span className="block text-xs text-muted">{[p.title, p.company].filter(Boolean).join(' · ')}</span>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
