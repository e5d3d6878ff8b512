import { ArrowDown, ArrowUp, ArrowUpDown, Search, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PERSONA_LIST_SORTS } from '@shared/schemas/personas';
import { Spinner } from '@web/components/ui/spinner';
import { EmptyState, PageFrame } from '@web/components/page-frame';
import { paths } from '@web/config/paths';
import { Input } from '@web/components/ui/input';
import { CreatePersonaDialog } from '../components/create-persona-dialog';
import { DeletePersonaButton } from '../components/confirm-delete-dialog';
import { ExportButton } from '../components/export-button';
import { Pagination } from '@web/components/ui/pagination';
import { formatDate, tdClass, thClass } from '@web/components/ui/styles';
import { usePersonaList, type PersonaListParams } from '../api/list-personas';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { LoadError } from '@web/components/ui/load-error';

const PER_PAGE = 25;
type Sort = PersonaListParams['sort'];

function SortHeader({ label, column, sort, dir, onSort, className }: { label: string; column: Sort; sort: Sort; dir: 'asc' | 'desc'; onSort: (c: Sort) => void; className?: string }) {
  const active = sort === column;
  const Icon = !active ? ArrowUpDown : dir === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th scope="col" className={`${thClass} ${className ?? ''}`} aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" onClick={() => onSort(column)} className="inline-flex items-center gap-1 uppercase hover:text-fg">
        {label}
        <Icon className="h-3.5 w-3.5" aria-hidden />
        <span className="sr-only">, sort</span>
      </button>
    </th>
  );
}

/** /business-information/personas: the account's personas, newest first. */
export function PersonasRoute() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const sortParam = params.get('sort');
  const sort: Sort = (PERSONA_LIST_SORTS as readonly string[]).includes(sortParam ?? '') ? (sortParam as Sort) : 'created_at';
  const dir = params.get('dir') === 'asc' ? 'asc' : 'desc';
  const [search, setSearch] = useState(params.get('q') ?? '');
  const q = useDebouncedValue(search.trim(), 300);
  const personas = usePersonaList({ page, per_page: PER_PAGE, sort, sort_direction: dir, ...(q ? { filter: q } : {}) });
  const update = (next: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(next)) {
          if (v === null) out.delete(k);
          else out.set(k, v);
        }
        return out;
      },
      { replace: true },
    );
  useEffect(() => {
    if ((params.get('q') ?? '') !== q) update({ q: q || null, page: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the debounced search changes
  }, [q]);
  const onSort = (column: Sort) =>
    update({ sort: column, dir: sort === column ? (dir === 'asc' ? 'desc' : 'asc') : column === 'name' ? 'asc' : 'desc', page: null });
  const open = (id: number) => void navigate(paths.businessInformation.persona.getHref(id));

  let body;
  if (personas.isPending) {
    body = (
      <p className="flex items-center gap-2 text-sm text-muted" role="status">
        <Spinner className="h-4 w-4" /> Loading personas…
      </p>
    );
  } else if (personas.isError) {
    body = (
      <LoadError what="your personas" error={personas.error} onRetry={() => personas.refetch()} />
    );
  } else if (personas.data.data.length === 0 && page === 1 && !q) {
    body = (
      <EmptyState icon={Users} title="No personas yet" action={<CreatePersonaDialog label="Create your first persona" onCreated={(p) => open(p.id)} />}>
        A persona describes a target audience: job titles, industries, company size and locations. Prospects matching it are
        loaded for your agents to contact.
      </EmptyState>
    );
  } else {
    const { data, meta } = personas.data;
    body = (
      <div className="space-y-3">
        <div className="relative max-w-sm">
          <Search className="pointer-events-none absolute top-3 left-3 h-4 w-4 text-muted" aria-hidden />
          <Input type="search" aria-label="Search personas" placeholder="Search personas" className="pl-9" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        {data.length === 0 ? <p className="text-sm text-muted">No personas match “{q}”.</p> : null}
        <div className={data.length === 0 ? 'hidden' : 'relative overflow-x-auto rounded-xl border border-border bg-surface'}>
          <table className="w-full border-collapse">
            <caption className="sr-only">Personas</caption>
            <thead className="border-b border-border">
              <tr>
                <SortHeader label="Name" column="name" sort={sort} dir={dir} onSort={onSort} />
                <SortHeader label="Prospects" column="prospects_count" sort={sort} dir={dir} onSort={onSort} className="text-right" />
                <SortHeader label="Created" column="created_at" sort={sort} dir={dir} onSort={onSort} />
                <th scope="col" className={thClass}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((persona) => (
                <tr key={persona.id} className="border-b border-border last:border-0 hover:bg-surface-2/50">
                  <td className={tdClass}>
                    <Link to={paths.businessInformation.persona.getHref(persona.id)} className="font-medium text-fg hover:text-accent hover:underline">
                      {persona.name}
                    </Link>
                    {persona.description ? <p className="line-clamp-1 text-xs text-muted">{persona.description}</p> : null}
                  </td>
                  <td className={`${tdClass} text-right tabular-nums`}>{persona.prospects_count}</td>
                  <td className={`${tdClass} whitespace-nowrap text-muted`}>
                    <time dateTime={persona.created_at}>{formatDate(persona.created_at)}</time>
                  </td>
                  <td className={`${tdClass} w-12 text-right`}>
                    <DeletePersonaButton persona={persona} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pagination
          label="Personas pages"
          page={page}
          perPage={meta.per_page}
          total={meta.total}
          onPage={(next) => update({ page: next === 1 ? null : String(next) })}
        />
      </div>
    );
  }

  return (
    <PageFrame
      title="Personas"
      description="Who you sell to. Each persona is a target audience with its search filters; its prospects are the people the agent contacts."
      actions={
        personas.data && personas.data.data.length > 0 ? (
          <>
            <ExportButton />
            <CreatePersonaDialog onCreated={(p) => open(p.id)} />
          </>
        ) : null
      }
    >
      {body}
    </PageFrame>
  );
}
