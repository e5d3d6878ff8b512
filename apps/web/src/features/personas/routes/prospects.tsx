import { ArrowDown, ArrowUp, ArrowUpDown, Filter, Search, UserRound, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { parsePersonFilters, type PersonFiltersWire } from '@shared/schemas/person-filters';
import type { ProspectListSort, ProspectSearchBody, ProspectSelection } from '@shared/schemas/prospects';
import { EmptyState, PageFrame } from '@web/components/page-frame';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { paths } from '@web/config/paths';
import { cn } from '@web/lib/utils';
import { usePersonaList } from '../api/list-personas';
import { useProspectSearch } from '../api/prospects';
import { Dialog } from '@web/components/ui/dialog';
import { FilterBuilder } from '../components/filters/filter-builder';
import { Pagination } from '@web/components/ui/pagination';
import { AddToPersonaButton, DeleteProspectsButton, ExportProspectsButton } from '../components/prospects/prospect-actions';
import { formatDate, selectClass, tdClass, thClass } from '@web/components/ui/styles';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { LoadError } from '@web/components/ui/load-error';

const PER_PAGE = 50;
type Membership = 'all' | 'none' | number;

function SortHeader({ label, column, sort, dir, onSort }: { label: string; column: ProspectListSort; sort: ProspectListSort; dir: 'asc' | 'desc'; onSort: (c: ProspectListSort) => void }) {
  const active = sort === column;
  const Icon = !active ? ArrowUpDown : dir === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th scope="col" className={thClass} aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" onClick={() => onSort(column)} className="inline-flex items-center gap-1 uppercase hover:text-fg">
        {label}
        <Icon className="h-3.5 w-3.5" aria-hidden />
        <span className="sr-only">, sort</span>
      </button>
    </th>
  );
}

/** The persona filters in a dialog: Apply narrows the list (nothing is saved). */
function FiltersButton({ filters, onApply }: { filters: PersonFiltersWire; onApply: (filters: PersonFiltersWire) => void }) {
  const [open, setOpen] = useState(false);
  const active = Object.keys(filters).length;
  const initial = useMemo(() => parsePersonFilters(filters), [filters]);
  return (
    <>
      <Button type="button" variant="secondary" onClick={() => setOpen(true)} aria-label={active ? `Filters, ${active} active` : 'Filters'}>
        <Filter className="h-4 w-4" aria-hidden />
        Filters
        {active ? <span className="rounded-full bg-accent px-1.5 text-xs font-semibold text-white">{active}</span> : null}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Filter prospects" description="The same filters a persona's search uses." className="max-w-5xl">
        <FilterBuilder
          mode="apply"
          initial={initial}
          onSave={async (wire) => {
            onApply(wire);
            setOpen(false);
          }}
        />
      </Dialog>
    </>
  );
}

/** /business-information/prospects — every prospect of the account, also those in no persona. */
export function ProspectsRoute() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const [filters, setFilters] = useState<PersonFiltersWire>({});
  const [persona, setPersona] = useState<Membership>('all');
  const [sort, setSort] = useState<ProspectListSort>('created_at');
  const [dir, setDir] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [allMatching, setAllMatching] = useState(false);

  const query = useMemo(() => ({ search: q, filters, persona }), [q, filters, persona]);
  // A new query starts on page 1 with nothing selected (state adjusted while rendering, not in an effect).
  const queryKey = JSON.stringify(query);
  const [shownQuery, setShownQuery] = useState(queryKey);
  if (shownQuery !== queryKey) {
    setShownQuery(queryKey);
    setPage(1);
    setPicked(new Set());
    setAllMatching(false);
  }
  const body: ProspectSearchBody = { ...query, page, per_page: PER_PAGE, sort, sort_direction: dir };
  const prospects = useProspectSearch(body);
  const personas = usePersonaList({ page: 1, per_page: 100, sort: 'name', sort_direction: 'asc' });
  const personaName = new Map(personas.data?.data.map((p) => [p.id, p.name]));

  const onSort = (column: ProspectListSort) => {
    setDir(sort === column ? (dir === 'asc' ? 'desc' : 'asc') : column === 'created_at' ? 'desc' : 'asc');
    setSort(column);
    setPage(1);
  };

  const rows = prospects.data?.data ?? [];
  const total = prospects.data?.meta.total ?? 0;
  const pageIds = rows.map((r) => r.id);
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => picked.has(id));
  const count = allMatching ? total : picked.size;
  const selection: ProspectSelection = allMatching ? { all_matching: query } : { ids: [...picked] };
  const narrowed = q !== '' || Object.keys(filters).length > 0 || persona !== 'all';
  const clearSelection = () => {
    setPicked(new Set());
    setAllMatching(false);
  };
  const toggle = (id: number) => {
    setAllMatching(false);
    setPicked((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };
  const togglePage = () => {
    setAllMatching(false);
    setPicked((prev) => {
      const next = new Set(prev);
      for (const id of pageIds) {
        if (allOnPage) next.delete(id);
        else next.add(id);
      }
      return next;
    });
  };

  let content;
  if (prospects.isPending) {
    content = (
      <p className="flex items-center gap-2 text-sm text-muted" role="status">
        <Spinner className="h-4 w-4" /> Loading prospects…
      </p>
    );
  } else if (prospects.isError) {
    content = (
      <LoadError what="your prospects" error={prospects.error} onRetry={() => prospects.refetch()} />
    );
  } else if (total === 0 && !narrowed) {
    content = (
      <EmptyState
        icon={UserRound}
        title="No prospects yet"
        action={
          <Button asChild variant="secondary">
            <Link to={paths.businessInformation.personas.getHref()}>Go to personas</Link>
          </Button>
        }
      >
        Prospects arrive when you import a CSV into a persona or add people from LinkedIn with the browser extension.
      </EmptyState>
    );
  } else if (total === 0) {
    content = <p className="rounded-xl border border-dashed border-border px-4 py-10 text-center text-sm text-muted">No prospects match this search and these filters.</p>;
  } else {
    content = (
      <div aria-busy={prospects.isFetching || undefined} className="space-y-3">
        {count > 0 ? (
          <div role="region" aria-label="Selection" className="flex flex-wrap items-center gap-2 rounded-xl border border-accent/40 bg-accent/10 px-3 py-2">
            <span className="text-sm font-medium text-fg" aria-live="polite">
              {count.toLocaleString('en-US')} selected
            </span>
            {!allMatching && allOnPage && total > pageIds.length ? (
              <Button type="button" size="sm" variant="ghost" onClick={() => setAllMatching(true)}>
                Select all {total.toLocaleString('en-US')} matching
              </Button>
            ) : null}
            <div className="ml-auto flex flex-wrap gap-2">
              <AddToPersonaButton selection={selection} count={count} />
              <ExportProspectsButton selection={selection} size="sm" label="Export" />
              <DeleteProspectsButton selection={selection} count={count} onDeleted={clearSelection} />
              <Button type="button" size="sm" variant="ghost" onClick={clearSelection}>
                Clear
              </Button>
            </div>
          </div>
        ) : null}
        {/* relative: the sr-only caption (absolutely positioned) stays inside the scroller instead of widening the page. */}
        <div className="relative overflow-x-auto rounded-xl border border-border bg-surface">
          <table className="w-full min-w-[48rem] border-collapse">
            <caption className="sr-only">Prospects</caption>
            <thead className="border-b border-border">
              <tr>
                <th scope="col" className={`${thClass} w-10`}>
                  <input type="checkbox" className="accent-[var(--accent)]" aria-label="Select every prospect on this page" checked={allOnPage} onChange={togglePage} />
                </th>
                <SortHeader label="Name" column="full_name" sort={sort} dir={dir} onSort={onSort} />
                <SortHeader label="Company" column="company" sort={sort} dir={dir} onSort={onSort} />
                <SortHeader label="Email" column="email" sort={sort} dir={dir} onSort={onSort} />
                <th scope="col" className={thClass}>
                  Personas
                </th>
                <SortHeader label="Added" column="created_at" sort={sort} dir={dir} onSort={onSort} />
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => {
                const name = p.full_name ?? p.email ?? p.linkedin_url ?? `Prospect ${p.id}`;
                const checked = allMatching || picked.has(p.id);
                return (
                  <tr key={p.id} className={cn('border-b border-border last:border-0 hover:bg-surface-2/50', checked && 'bg-accent/5')}>
                    <td className={tdClass}>
                      <input type="checkbox" className="accent-[var(--accent)]" aria-label={`Select ${name}`} checked={checked} onChange={() => toggle(p.id)} disabled={allMatching} />
                    </td>
                    <td className={tdClass}>
                      {p.linkedin_url ? (
                        <a href={p.linkedin_url} target="_blank" rel="noreferrer noopener" className="font-medium hover:text-accent hover:underline">
                          {name}
                        </a>
                      ) : (
                        <span className="font-medium">{name}</span>
                      )}
                      {p.title ? <p className="line-clamp-1 text-xs text-muted">{p.title}</p> : null}
                    </td>
                    <td className={tdClass}>{p.company ?? '—'}</td>
                    <td className={`${tdClass} text-muted`}>{p.email ?? '—'}</td>
                    <td className={tdClass}>
                      {p.persona_ids.length === 0 ? (
                        <span className="text-xs text-muted">None</span>
                      ) : (
                        <span className="flex flex-wrap gap-1">
                          {p.persona_ids.map((id) => (
                            <Link
                              key={id}
                              to={paths.businessInformation.persona.getHref(id)}
                              className="rounded-full bg-surface-2 px-2 py-0.5 text-xs text-fg hover:bg-accent/20"
                            >
                              {personaName.get(id) ?? `Persona ${id}`}
                            </Link>
                          ))}
                        </span>
                      )}
                    </td>
                    <td className={`${tdClass} whitespace-nowrap text-muted`}>
                      <time dateTime={p.created_at}>{formatDate(p.created_at)}</time>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <Pagination label="Prospects pages" page={page} perPage={PER_PAGE} total={total} onPage={setPage} />
      </div>
    );
  }

  return (
    <PageFrame
      title="Prospects"
      description="Everyone in your account: the prospects of every persona, and those in none (after an import without a persona, or when their persona was deleted)."
      actions={total > 0 ? <ExportProspectsButton selection={{ all_matching: query }} label={narrowed ? 'Export matching' : 'Export CSV'} /> : null}
    >
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <div className="relative w-full sm:w-80">
          <Search className="pointer-events-none absolute top-3 left-3 h-4 w-4 text-muted" aria-hidden />
          <Input
            type="search"
            aria-label="Search prospects"
            placeholder="Name, email, company or LinkedIn URL"
            className="pl-9"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <select
          aria-label="Persona"
          className={cn(selectClass, 'w-auto min-w-0 flex-1 sm:flex-none')}
          value={String(persona)}
          onChange={(e) => setPersona(e.target.value === 'all' || e.target.value === 'none' ? e.target.value : Number(e.target.value))}
        >
          <option value="all">All prospects</option>
          <option value="none">In no persona</option>
          {personas.data?.data.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        <FiltersButton filters={filters} onApply={setFilters} />
        {narrowed ? (
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              setSearch('');
              setFilters({});
              setPersona('all');
            }}
          >
            <X className="h-4 w-4" aria-hidden />
            Reset
          </Button>
        ) : null}
        {prospects.data ? (
          <span className="ml-auto text-sm text-muted" aria-live="polite">
            {total.toLocaleString('en-US')} {total === 1 ? 'prospect' : 'prospects'}
          </span>
        ) : null}
      </div>
      {content}
    </PageFrame>
  );
}
