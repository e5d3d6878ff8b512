import { ArrowDown, ArrowUp, ArrowUpDown, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Spinner } from '@web/components/ui/spinner';
import { EmptyState } from '@web/components/page-frame';
import { useLoadedProspects } from '../api/loaded-prospects';
import type { ProspectsParams } from '../api/keys';
import { Pagination } from '@web/components/ui/pagination';
import { formatDate, tdClass, thClass } from '@web/components/ui/styles';
import { LoadError } from '@web/components/ui/load-error';

type OrderBy = ProspectsParams['order_by'];
const PER_PAGE = 25;

function SortHeader({
  label,
  column,
  params,
  onSort,
}: {
  label: string;
  column: OrderBy;
  params: ProspectsParams;
  onSort: (column: OrderBy) => void;
}) {
  const active = params.order_by === column;
  const Icon = !active ? ArrowUpDown : params.order_direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th scope="col" className={thClass} aria-sort={active ? (params.order_direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" onClick={() => onSort(column)} className="inline-flex items-center gap-1 uppercase hover:text-fg">
        {label}
        <Icon className="h-3.5 w-3.5" aria-hidden />
        <span className="sr-only">, sort</span>
      </button>
    </th>
  );
}

/** The prospects loaded into a persona: paginated and ordered by the server. */
export function ProspectsTable({ personaId, emptyAction }: { personaId: number; emptyAction?: React.ReactNode }) {
  const [params, setParams] = useState<ProspectsParams>({ page: 1, per_page: PER_PAGE, order_by: 'created_at', order_direction: 'desc' });
  const prospects = useLoadedProspects(personaId, params);

  const sort = (column: OrderBy) =>
    setParams((p) => ({
      ...p,
      page: 1,
      order_by: column,
      order_direction: p.order_by === column ? (p.order_direction === 'asc' ? 'desc' : 'asc') : column === 'created_at' ? 'desc' : 'asc',
    }));

  if (prospects.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted" role="status">
        <Spinner className="h-4 w-4" /> Loading prospects…
      </p>
    );
  }
  if (prospects.isError) {
    return (
      <LoadError what="the prospects of this persona" error={prospects.error} onRetry={() => prospects.refetch()} />
    );
  }
  const { data, meta } = prospects.data;
  if (meta.total === 0) {
    return (
      <EmptyState icon={UserRound} title="No prospects in this persona yet" action={emptyAction}>
        Import a CSV, add people from LinkedIn with the browser extension, or save search filters to load matching prospects.
      </EmptyState>
    );
  }
  return (
    <div aria-busy={prospects.isFetching || undefined}>
      {/* relative: the sr-only caption (absolutely positioned) stays inside the scroller instead of widening the page. */}
      <div className="relative overflow-x-auto rounded-xl border border-border bg-surface">
        <table className="w-full border-collapse">
          <caption className="sr-only">Prospects of this persona</caption>
          <thead className="border-b border-border">
            <tr>
              <SortHeader label="Name" column="full_name" params={params} onSort={sort} />
              <th scope="col" className={thClass}>Title</th>
              <SortHeader label="Company" column="company" params={params} onSort={sort} />
              <th scope="col" className={thClass}>Email</th>
              <th scope="col" className={thClass}>Location</th>
              <SortHeader label="Added" column="created_at" params={params} onSort={sort} />
            </tr>
          </thead>
          <tbody>
            {data.map((p) => (
              <tr key={p.id} className="border-b border-border last:border-0">
                <td className={tdClass}>
                  {p.linkedin_url ? (
                    <a href={p.linkedin_url} target="_blank" rel="noreferrer noopener" className="font-medium hover:text-accent hover:underline">
                      {p.full_name ?? p.linkedin_url}
                    </a>
                  ) : (
                    <span className="font-medium">{p.full_name ?? p.email ?? '—'}</span>
                  )}
                  {p.in_conversation_since ? (
                    <span
                      className="mt-1 block w-fit rounded-full bg-success/15 px-2 py-0.5 text-xs font-medium text-success"
                      title="They answered as a person: no campaign enrols them on its own (you can enrol them on purpose from a campaign)"
                    >
                      In conversation since {formatDate(p.in_conversation_since)}
                    </span>
                  ) : null}
                </td>
                <td className={`${tdClass} text-muted`}>{p.title ?? p.headline ?? '—'}</td>
                <td className={tdClass}>{p.company ?? '—'}</td>
                <td className={`${tdClass} text-muted`}>{p.email ?? '—'}</td>
                <td className={`${tdClass} text-muted`}>{p.location ?? '—'}</td>
                <td className={`${tdClass} text-muted`}>
                  <time dateTime={p.created_at}>{formatDate(p.created_at)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination label="Prospects pages" page={params.page} perPage={meta.per_page} total={meta.total} onPage={(page) => setParams((p) => ({ ...p, page }))} />
    </div>
  );
}
