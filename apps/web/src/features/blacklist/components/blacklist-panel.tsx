import { Ban, Globe, Search } from 'lucide-react';
import { useState } from 'react';
import { SUPPRESSION_REASON_LABELS, type BlacklistedDomain, type BlacklistedEmail, type SuppressionReason } from '@shared/schemas/blacklist';
import { EmptyState } from '@web/components/page-frame';
import { Input } from '@web/components/ui/input';
import { Pagination } from '@web/components/ui/pagination';
import { Spinner } from '@web/components/ui/spinner';
import { formatDate, tdClass, thClass } from '@web/components/ui/styles';
import { counted } from '@web/lib/counted';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { cn } from '@web/lib/utils';
import { useBlacklist, type BlacklistKind } from '../api/blacklist';
import { AddEntriesButton } from './add-entries-dialog';
import { RemoveEntryButton } from './remove-entry-button';
import { LoadError } from '@web/components/ui/load-error';

export const BLACKLIST_PER_PAGE = 25;

const REASON_CLASS: Record<SuppressionReason, string> = {
  manual: 'bg-surface-2 text-fg',
  unsubscribed: 'bg-accent/15 text-accent',
  hard_bounce: 'bg-danger/15 text-danger',
  stopped: 'bg-warning/15 text-warning',
  complained: 'bg-danger/15 text-danger',
  crm: 'bg-accent/15 text-accent',
};

function ReasonBadge({ reason }: { reason: SuppressionReason }) {
  return <span className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap', REASON_CLASS[reason])}>{SUPPRESSION_REASON_LABELS[reason]}</span>;
}

type Row = (BlacklistedEmail | BlacklistedDomain) & { value: string };
const rowOf = (e: BlacklistedEmail | BlacklistedDomain): Row => ({ ...e, value: 'email' in e ? e.email : e.domain });

/** One list of the blacklist (emails or domains): search, pages, add many, remove. */
export function BlacklistPanel({ kind }: { kind: BlacklistKind }) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  // A new search starts on page 1 (state adjusted while rendering, not in an effect).
  const [shownQ, setShownQ] = useState(q);
  if (shownQ !== q) {
    setShownQ(q);
    setPage(1);
  }
  const list = useBlacklist(kind, { search: q, page, per_page: BLACKLIST_PER_PAGE });
  const total = list.data?.meta.total ?? 0;
  const rows = (list.data?.data ?? []).map(rowOf);
  const one = kind === 'emails' ? 'email' : 'domain';
  const label = kind === 'emails' ? 'Email' : 'Domain';

  let content;
  if (list.isPending) {
    content = (
      <p className="flex items-center gap-2 text-sm text-muted" role="status">
        <Spinner className="h-4 w-4" /> Loading blacklisted {kind}…
      </p>
    );
  } else if (list.isError) {
    content = (
      <LoadError what={`your blacklisted ${kind}`} error={list.error} onRetry={() => list.refetch()} />
    );
  } else if (total === 0 && q === '') {
    content = (
      <EmptyState icon={kind === 'emails' ? Ban : Globe} title={`No blacklisted ${kind} yet`}>
        {kind === 'emails'
          ? 'Add the addresses no agent may write to: customers, partners, people who asked not to be contacted. Prospects who unsubscribe and addresses that bounce land here by themselves.'
          : 'Add whole companies no agent may write to, such as competitors or current customers: a domain covers every address at it and its subdomains.'}
      </EmptyState>
    );
  } else if (total === 0) {
    content = <p className="rounded-xl border border-dashed border-border px-4 py-10 text-center text-sm text-muted">No blacklisted {kind} match “{q}”.</p>;
  } else {
    content = (
      <div aria-busy={list.isFetching || undefined}>
        <div className="relative overflow-x-auto rounded-xl border border-border bg-surface">
          <table className="w-full border-collapse">
            <caption className="sr-only">Blacklisted {kind}</caption>
            <thead className="border-b border-border">
              <tr>
                <th scope="col" className={thClass}>
                  {label}
                </th>
                <th scope="col" className={thClass}>
                  Reason
                </th>
                <th scope="col" className={`${thClass} hidden sm:table-cell`}>
                  Source
                </th>
                <th scope="col" className={`${thClass} hidden sm:table-cell`}>
                  Added
                </th>
                <th scope="col" className={`${thClass} w-12`}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-b border-border last:border-0 hover:bg-surface-2/50">
                  <td className={tdClass}>
                    <span className="font-medium break-all">{r.value}</span>
                    {/* Below 640 px source and date move under the address instead of widening the table. */}
                    <span className="block text-xs text-muted sm:hidden">
                      {r.details ? `${r.details} · ` : ''}
                      {formatDate(r.created_at)}
                    </span>
                  </td>
                  <td className={tdClass}>
                    <ReasonBadge reason={r.reason} />
                  </td>
                  <td className={`${tdClass} hidden text-muted sm:table-cell`}>{r.details ?? '—'}</td>
                  <td className={`${tdClass} hidden whitespace-nowrap text-muted sm:table-cell`}>
                    <time dateTime={r.created_at}>{formatDate(r.created_at)}</time>
                  </td>
                  <td className={`${tdClass} text-right`}>
                    <RemoveEntryButton kind={kind} id={r.id} value={r.value} reason={r.reason} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pagination label={`Blacklisted ${kind} pages`} page={page} perPage={BLACKLIST_PER_PAGE} total={total} onPage={setPage} />
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative w-full sm:w-80">
          <Search className="pointer-events-none absolute top-3 left-3 h-4 w-4 text-muted" aria-hidden />
          <Input type="search" aria-label={`Search blacklisted ${kind}`} placeholder={kind === 'emails' ? 'Search emails' : 'Search domains'} className="pl-9" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        {list.data ? (
          <span className="text-sm text-muted" aria-live="polite">
            {counted(total, one)}
          </span>
        ) : null}
        {/* One Add button whatever the list shows, so its dialog (and what it reports) outlives the empty state. */}
        <div className="ml-auto">
          <AddEntriesButton kind={kind} />
        </div>
      </div>
      {content}
    </div>
  );
}
