import { Building2, Radar, Search } from 'lucide-react';
import { useState } from 'react';
import { apiErrorMessages } from '@shared/api';
import {
  NETWORK_KIND_LABELS,
  VISITOR_FILTER_LABELS,
  VISITOR_FILTERS,
  VISITOR_SORTS,
  type VisitorFilter,
  type WebsiteVisitor,
  type WebsiteVisitorsQuery,
} from '@shared/schemas/tracking';
import { EmptyState } from '@web/components/page-frame';
import { Button } from '@web/components/ui/button';
import { Dialog } from '@web/components/ui/dialog';
import { DownloadButton } from '@web/components/ui/download-button';
import { Input } from '@web/components/ui/input';
import { LoadError } from '@web/components/ui/load-error';
import { Pagination } from '@web/components/ui/pagination';
import { Spinner } from '@web/components/ui/spinner';
import { formatDate, selectClass, tdClass, thClass } from '@web/components/ui/styles';
import { counted } from '@web/lib/counted';
import { notify } from '@web/lib/notify';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { cn } from '@web/lib/utils';
import { useExportVisitors, useMarkWrongCompany, useVisitorTrail, useWebsiteVisitors } from '../api/tracking';

export const VISITORS_PER_PAGE = 25;
const formatDateTime = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
type Sort = (typeof VISITOR_SORTS)[number];
const SORT_LABELS: Record<Sort, string> = { last_seen_at: 'Last seen', first_seen_at: 'First seen', visits: 'Visits', pages: 'Pages', company_name: 'Company' };

const CONFIDENCE_CLASS: Record<string, string> = {
  certain: 'bg-success/15 text-success',
  high: 'bg-success/15 text-success',
  medium: 'bg-accent/15 text-accent',
  low: 'bg-warning/15 text-warning',
};

function EvidenceBadge({ v }: { v: WebsiteVisitor }) {
  const { signal, confidence } = v.evidence;
  if (!signal || !confidence) return <span className="text-xs text-muted">{v.wrong_company ? 'Marked wrong' : NETWORK_KIND_LABELS[v.network_kind]}</span>;
  const label = signal === 'personal_link' ? 'Personal link' : signal === 'reverse_dns' ? 'Reverse DNS' : 'Network owner';
  return (
    <span title={v.evidence.summary} className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', CONFIDENCE_CLASS[confidence])}>
      {label} · {confidence}
    </span>
  );
}

const STATE_LABEL = { in_sequence: 'in sequence', contacted: 'contacted', not_contacted: 'not contacted' } as const;

/** A company's page-by-page trail and the evidence behind the name, with "wrong company". */
function VisitorDialog({ visitor, onClose }: { visitor: WebsiteVisitor; onClose: () => void }) {
  const trail = useVisitorTrail(visitor.id);
  const mark = useMarkWrongCompany();
  const e = visitor.evidence;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={visitor.company_name ?? NETWORK_KIND_LABELS[visitor.network_kind]} description={visitor.domain ?? undefined} className="max-w-2xl">
      <div className="space-y-5">
        <section aria-labelledby="evidence-h" className="space-y-2">
          <h3 id="evidence-h" className="text-sm font-semibold text-fg">
            Why we think so
          </h3>
          <p className="text-sm text-muted">{e.summary}</p>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs text-muted sm:grid-cols-3">
            {e.asn !== null ? (
              <div>
                <dt className="inline">Network: </dt>
                <dd className="inline text-fg">
                  AS{e.asn} {e.as_org}
                </dd>
              </div>
            ) : null}
            {e.reverse_dns ? (
              <div>
                <dt className="inline">Reverse DNS: </dt>
                <dd className="inline text-fg">{e.reverse_dns}</dd>
              </div>
            ) : null}
            {e.network ? (
              <div>
                <dt className="inline">Address range: </dt>
                <dd className="inline text-fg">{e.network}</dd>
              </div>
            ) : null}
            {e.country ? (
              <div>
                <dt className="inline">Country: </dt>
                <dd className="inline text-fg">{e.country}</dd>
              </div>
            ) : null}
          </dl>
          {visitor.company_name && e.signal !== 'personal_link' ? (
            <Button
              type="button"
              variant="secondary"
              size="sm"
              pending={mark.isPending}
              onClick={() =>
                mark.mutate(
                  { id: visitor.id, wrong: !visitor.wrong_company },
                  {
                    onSuccess: (v) => {
                      notify.success(v.wrong_company ? 'Remembered: this network is not that company' : 'The company is shown again');
                      onClose();
                    },
                    onError: (err) => notify.error(apiErrorMessages(err)[0] ?? 'Could not save'),
                  },
                )
              }
            >
              {visitor.wrong_company ? 'Undo “wrong company”' : 'Wrong company'}
            </Button>
          ) : null}
        </section>
        {visitor.prospects.length ? (
          <section aria-labelledby="prospects-h" className="space-y-1">
            <h3 id="prospects-h" className="text-sm font-semibold text-fg">
              Your prospects there
            </h3>
            <ul className="text-sm">
              {visitor.prospects.map((p) => (
                <li key={p.id}>
                  {p.full_name}
                  {p.title ? <span className="text-muted">, {p.title}</span> : null} <span className="text-xs text-muted">({STATE_LABEL[p.outreach_state]}{p.campaign_name ? `: ${p.campaign_name}` : ''})</span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section aria-labelledby="trail-h" className="space-y-2">
          <h3 id="trail-h" className="text-sm font-semibold text-fg">
            Pages viewed
          </h3>
          {trail.isPending ? (
            <p className="flex items-center gap-2 text-sm text-muted" role="status">
              <Spinner className="h-4 w-4" /> Loading the pages…
            </p>
          ) : trail.isError ? (
            <LoadError what="the pages viewed" error={trail.error} onRetry={() => trail.refetch()} />
          ) : trail.data.length === 0 ? (
            <p className="text-sm text-muted">No pages recorded.</p>
          ) : (
            <ol className="max-h-72 space-y-1 overflow-y-auto text-sm">
              {trail.data.map((p, i) => (
                <li key={`${p.visit_id}-${i}`} className="flex gap-3">
                  <time dateTime={p.occurred_at} className="w-40 shrink-0 text-xs text-muted">
                    {formatDateTime(p.occurred_at)}
                  </time>
                  <span className="min-w-0">
                    <span className="block truncate text-fg">{p.title ?? p.path}</span>
                    <span className="block truncate text-xs text-muted">
                      {p.url}
                      {p.utm_source ? ` · utm_source ${p.utm_source}` : ''}
                    </span>
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </Dialog>
  );
}

/** The visitors list: filter, sort and page as spec §7's query says; evidence per row; the trail; CSV. */
export function VisitorsList({ installed }: { installed: boolean }) {
  const [filter, setFilter] = useState<VisitorFilter>('companies');
  const [sort, setSort] = useState<Sort>('last_seen_at');
  const [direction, setDirection] = useState<'asc' | 'desc'>('desc');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<WebsiteVisitor | null>(null);
  const params: WebsiteVisitorsQuery = { filter, sort, direction, search: q, page, per_page: VISITORS_PER_PAGE };
  const list = useWebsiteVisitors(params);
  const exporter = useExportVisitors(params);
  const total = list.data?.meta.total ?? 0;
  const rows = list.data?.data ?? [];
  const reset = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPage(1);
  };

  let content;
  if (list.isPending) {
    content = (
      <p className="flex items-center gap-2 text-sm text-muted" role="status">
        <Spinner className="h-4 w-4" /> Loading visitors…
      </p>
    );
  } else if (list.isError) {
    content = <LoadError what="your website visitors" error={list.error} onRetry={() => list.refetch()} />;
  } else if (total === 0 && filter === 'companies' && q === '') {
    content = (
      <EmptyState icon={Radar} title="No visitors tracked yet">
        {installed
          ? 'The tracking code is on your site. Companies that visit appear here with the pages they viewed and why we think it is them.'
          : 'Once the tracking code is on your site, companies that visit appear here with the pages they viewed.'}
        {list.data.meta.unidentified_visits > 0 ? ` ${counted(list.data.meta.unidentified_visits, 'visit')} so far came from home, mobile or cloud networks, which name no company.` : ''}
      </EmptyState>
    );
  } else if (total === 0) {
    content = <p className="rounded-xl border border-dashed border-border px-4 py-10 text-center text-sm text-muted">No visitors match these filters.</p>;
  } else {
    content = (
      <div aria-busy={list.isFetching || undefined}>
        <div className="overflow-x-auto rounded-xl border border-border bg-surface">
          <table className="w-full border-collapse">
            <caption className="sr-only">Website visitors</caption>
            <thead className="border-b border-border">
              <tr>
                <th scope="col" className={thClass}>Company</th>
                <th scope="col" className={`${thClass} hidden md:table-cell`}>Domain</th>
                <th scope="col" className={`${thClass} text-right`}>Visits</th>
                <th scope="col" className={`${thClass} text-right`}>Pages</th>
                <th scope="col" className={`${thClass} hidden lg:table-cell`}>First seen</th>
                <th scope="col" className={thClass}>Last seen</th>
                <th scope="col" className={`${thClass} hidden md:table-cell`}>Source</th>
                <th scope="col" className={thClass}>Evidence</th>
                <th scope="col" className={`${thClass} hidden sm:table-cell`}>Prospects</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((v) => (
                <tr key={v.id} className="border-b border-border last:border-0 hover:bg-surface-2/50">
                  <td className={tdClass}>
                    <button type="button" className="text-left font-medium text-fg hover:underline" onClick={() => setOpen(v)}>
                      {v.company_name ?? NETWORK_KIND_LABELS[v.network_kind]}
                    </button>
                  </td>
                  <td className={`${tdClass} hidden text-muted md:table-cell`}>{v.domain ?? '—'}</td>
                  <td className={`${tdClass} text-right tabular-nums`}>{v.visits}</td>
                  <td className={`${tdClass} text-right tabular-nums`}>{v.pages}</td>
                  <td className={`${tdClass} hidden whitespace-nowrap text-muted lg:table-cell`}>
                    <time dateTime={v.first_seen_at}>{formatDate(v.first_seen_at)}</time>
                  </td>
                  <td className={`${tdClass} whitespace-nowrap text-muted`}>
                    <time dateTime={v.last_seen_at}>{formatDate(v.last_seen_at)}</time>
                  </td>
                  <td className={`${tdClass} hidden text-muted md:table-cell`}>{v.source}</td>
                  <td className={tdClass}>
                    <EvidenceBadge v={v} />
                  </td>
                  <td className={`${tdClass} hidden text-muted sm:table-cell`}>
                    {v.prospects.length ? (
                      <button type="button" className="text-left hover:underline" onClick={() => setOpen(v)}>
                        {v.prospects[0]!.full_name}
                        {v.prospects.length > 1 ? ` +${v.prospects.length - 1}` : ''}
                        <span className="block text-xs">{STATE_LABEL[v.prospects[0]!.outreach_state]}</span>
                      </button>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pagination label="Website visitor pages" page={page} perPage={VISITORS_PER_PAGE} total={total} onPage={setPage} />
      </div>
    );
  }

  return (
    <section aria-labelledby="visitors-h" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 id="visitors-h" className="flex items-center gap-2 text-lg font-semibold text-fg">
            <Building2 className="h-5 w-5 text-accent" aria-hidden /> Companies that visited
          </h2>
          {list.data ? (
            <p className="text-sm text-muted" aria-live="polite">
              {filter === 'unidentified' || filter === 'wrong_company' ? counted(total, 'network') : counted(total, 'company', 'companies')}
              {list.data.meta.unidentified_visits > 0 ? ` · ${counted(list.data.meta.unidentified_visits, 'visit')} from networks that name no company` : ''}
            </p>
          ) : null}
        </div>
        <DownloadButton exporter={exporter} label="Export CSV" />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative w-full sm:w-64">
          <Search className="pointer-events-none absolute top-3 left-3 h-4 w-4 text-muted" aria-hidden />
          <Input type="search" aria-label="Search companies" placeholder="Search company or domain" className="pl-9" value={search} onChange={(e) => reset(setSearch)(e.target.value)} />
        </div>
        <select aria-label="Filter" className={cn(selectClass, 'w-auto')} value={filter} onChange={(e) => reset(setFilter)(e.target.value as VisitorFilter)}>
          {VISITOR_FILTERS.map((f) => (
            <option key={f} value={f}>
              {VISITOR_FILTER_LABELS[f]}
            </option>
          ))}
        </select>
        <select aria-label="Sort by" className={cn(selectClass, 'w-auto')} value={sort} onChange={(e) => reset(setSort)(e.target.value as Sort)}>
          {VISITOR_SORTS.map((s) => (
            <option key={s} value={s}>
              Sort: {SORT_LABELS[s]}
            </option>
          ))}
        </select>
        <Button type="button" variant="secondary" size="sm" aria-label={direction === 'desc' ? 'Descending (switch to ascending)' : 'Ascending (switch to descending)'} onClick={() => reset(setDirection)(direction === 'desc' ? 'asc' : 'desc')}>
          {direction === 'desc' ? '↓ Desc' : '↑ Asc'}
        </Button>
      </div>
      {content}
      {open ? <VisitorDialog visitor={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
