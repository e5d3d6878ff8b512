import * as Tabs from '@radix-ui/react-tabs';
import { ArrowLeft, Download, Gauge, Inbox, Keyboard, Maximize2, Search, SlidersHorizontal } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { apiErrorMessages } from '@shared/api';
import type { EmailThread } from '@shared/schemas/email-threads';
import { EmptyState, PageFrame } from '@web/components/page-frame';
import { PreloadLink } from '@web/components/preload-link';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { LoadError } from '@web/components/ui/load-error';
import { Spinner } from '@web/components/ui/spinner';
import { infiniteListProps } from '@web/components/virtual-list';
import { paths } from '@web/config/paths';
import { cn } from '@web/lib/utils';
import { useExportThreads, useInboxSetup, useThreads, useThreadStats, useUpdateThread } from '../api/inbox';
import { FiltersPanel } from '../components/filters-panel';
import { LabelAccuracyDialog } from '../components/label-accuracy-dialog';
import { isTypingTarget, ShortcutsDialog } from '../components/shortcuts-dialog';
import { ThreadList } from '../components/thread-list';
import { ThreadView } from '../components/thread-view';
import { REPLY_BOX_ID } from '../components/reply-box';
import { activeFilterCount, filtersFromSearch, switchView, VIEW_PARAM, withoutFilters } from '../lib/filters';

/** The Interactions view is its own chunk, loaded when first opened. */
const InteractionsView = lazy(() => import('../components/interactions-view'));

const tabClass = cn(
  'border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted hover:text-fg',
  'data-[state=active]:border-accent data-[state=active]:text-fg focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none',
);

/** What an empty inbox says to do: connect a mailbox, start a campaign, or wait for replies. */
function NoThreads() {
  const setup = useInboxSetup(true);
  if (setup.mailboxes.isPending || setup.campaigns.isPending) return <Spinner label="Loading" />;
  if (setup.mailboxes.data && setup.mailboxes.data.length === 0) {
    return (
      <EmptyState
        icon={Inbox}
        title="Connect a mailbox first"
        action={
          <Button asChild>
            <PreloadLink to={paths.cabinet.mailboxes.path}>Connect a mailbox</PreloadLink>
          </Button>
        }
      >
        Replies arrive in the mailbox your agents send from. Connect one, and its replies appear here.
      </EmptyState>
    );
  }
  if (setup.campaigns.data && !setup.campaigns.data.some((c) => c.status !== 'draft')) {
    return (
      <EmptyState
        icon={Inbox}
        title="No campaign has sent yet"
        action={
          <Button asChild>
            <PreloadLink to={paths.cabinet.campaigns.path}>Start a campaign</PreloadLink>
          </Button>
        }
      >
        Start a campaign: the replies to its emails land here, each in its thread.
      </EmptyState>
    );
  }
  return (
    <EmptyState icon={Inbox} title="No replies yet">
      Your campaigns are sending. When a prospect answers, the thread appears here (the list refreshes on its own).
    </EmptyState>
  );
}

/**
 * /cabinet/inbox: two views (tabs, `view` in the URL). Threads: filters and counts on the left, the threads
 * in the middle, the open thread on the right (on a narrow screen the list, then the thread in its place).
 * Interactions (`view=interactions`): everything the agent did and received per prospect, with the same
 * filters. Filters and the open item live in the URL.
 */
export function InboxRoute() {
  const [urlSearch, setUrlSearch] = useSearchParams();
  // The address is the truth, but a change of it is a router transition (the guard loader runs first):
  // a local copy updated at once keeps a checkbox or the selected thread from flickering back meanwhile.
  const [search, setLocalSearch] = useState(urlSearch);
  const [seenUrl, setSeenUrl] = useState(urlSearch.toString());
  if (urlSearch.toString() !== seenUrl) {
    // Back/forward or a link: the address wins.
    setSeenUrl(urlSearch.toString());
    setLocalSearch(urlSearch);
  }
  const setSearch = useCallback(
    (next: URLSearchParams, options?: { replace?: boolean }) => {
      setLocalSearch(next);
      setUrlSearch(next, options);
    },
    [setUrlSearch],
  );
  const view = search.get(VIEW_PARAM) === 'interactions' ? 'interactions' : 'threads';
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const filtered = activeFilterCount(search) > 0;
  const selected = Number(search.get('thread')) || null;
  const stats = useThreadStats(view === 'threads');
  const list = useThreads(filters, view === 'threads');
  const threads = useMemo(() => list.data?.pages.flatMap((p) => p.data) ?? [], [list.data]);
  const total = list.data?.pages[0]?.meta.total ?? 0;
  const [cursorIndex, setActive] = useState(0);
  // The keyboard cursor stays on the list when it shrinks (a refresh, a filter).
  const active = Math.max(0, Math.min(cursorIndex, threads.length - 1));
  const [help, setHelp] = useState(false);
  const [accuracy, setAccuracy] = useState(false);
  const [showFilters, setShowFilters] = useState(false);
  const update = useUpdateThread();
  const exportCsv = useExportThreads();

  const setParams = useCallback((next: URLSearchParams) => setSearch(next, { replace: true }), [setSearch]);

  const open = useCallback(
    (thread: EmailThread, index: number) => {
      setActive(index);
      const next = new URLSearchParams(search);
      next.set('thread', String(thread.id));
      setSearch(next);
    },
    [search, setSearch],
  );
  const close = () => {
    const next = new URLSearchParams(search);
    next.delete('thread');
    setSearch(next);
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTypingTarget(e) || help || view !== 'threads') return;
      if (e.key === '?') {
        e.preventDefault();
        setHelp(true);
        return;
      }
      if (e.key === 'r' && selected) {
        const box = document.getElementById(REPLY_BOX_ID);
        if (box) {
          e.preventDefault();
          box.focus();
        }
        return;
      }
      if (!threads.length) return;
      if (e.key === 'j' || e.key === 'ArrowDown') {
        e.preventDefault();
        setActive(Math.min(threads.length - 1, active + 1));
      } else if (e.key === 'k' || e.key === 'ArrowUp') {
        e.preventDefault();
        setActive(Math.max(0, active - 1));
      } else if (e.key === 'Enter') {
        const t = threads[active];
        if (t && (e.target === document.body || (e.target as HTMLElement).closest?.('[aria-label="Threads"]'))) {
          e.preventDefault();
          open(t, active);
        }
      } else if (e.key === 'e') {
        // Done: the thread under the cursor (or the open one) is marked read; the next one opens.
        const index = selected ? Math.max(0, threads.findIndex((t) => t.id === selected)) : active;
        const t = threads[index];
        if (!t) return;
        e.preventDefault();
        if (t.unread) update.mutate({ id: t.id, body: { unread: false } });
        const next = threads[index + 1];
        if (next) {
          if (selected) open(next, index + 1);
          else setActive(index + 1);
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [threads, active, selected, help, open, update, view]);

  const listPane = list.isPending ? (
    <div className="flex justify-center py-10">
      <Spinner label="Loading threads" />
    </div>
  ) : list.isError ? (
    <LoadError what="your threads" error={list.error} onRetry={() => list.refetch()} />
  ) : threads.length === 0 ? (
    filtered ? (
      <EmptyState
        icon={Search}
        title="No thread matches these filters"
        action={
          <Button type="button" variant="secondary" onClick={() => setParams(withoutFilters(search))}>
            Clear filters
          </Button>
        }
      >
        Loosen or clear the filters to see more threads.
      </EmptyState>
    ) : (
      <NoThreads />
    )
  ) : (
    <>
      <p className="px-3 pb-2 text-xs text-muted" aria-live="polite">
        {total} {total === 1 ? 'thread' : 'threads'}
        {stats.data ? ` · ${stats.data.unread} unread` : ''}
        {list.isFetching && !list.isFetchingNextPage ? ' · refreshing…' : ''}
      </p>
      <ThreadList threads={threads} active={active} selected={selected} onOpen={open} {...infiniteListProps(list)} />
    </>
  );

  const threadsPane = (
    <div className="grid min-w-0 gap-4 lg:grid-cols-[minmax(18rem,22rem)_minmax(0,1fr)] 2xl:grid-cols-[16rem_minmax(18rem,24rem)_minmax(0,1fr)]">
      <aside aria-label="Filters" className={cn('min-w-0 rounded-xl border border-border bg-surface p-3 lg:col-span-2 2xl:col-span-1 2xl:block', showFilters ? 'block' : 'hidden')}>
        {stats.isError ? <LoadError what="the counts" error={stats.error} onRetry={() => stats.refetch()} /> : null}
        <FiltersPanel search={search} onChange={setParams} stats={stats.data} />
      </aside>
      <section aria-label="Thread list" className={cn('min-w-0 rounded-xl border border-border bg-surface py-2', selected ? 'hidden lg:block' : 'block')}>
        {listPane}
      </section>
      <section aria-label="Conversation" className={cn('min-w-0 rounded-xl border border-border bg-surface p-4', selected ? 'block' : 'hidden lg:block')}>
        {selected ? (
          <ThreadView
            key={selected}
            id={selected}
            toolbar={
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Button type="button" variant="ghost" size="sm" className="lg:hidden" onClick={close}>
                  <ArrowLeft className="h-4 w-4" aria-hidden /> Back to the list
                </Button>
                <Button asChild variant="ghost" size="sm" className="ml-auto">
                  <PreloadLink to={paths.cabinet.chat.getHref(selected)}>
                    <Maximize2 className="h-4 w-4" aria-hidden /> Open full screen
                  </PreloadLink>
                </Button>
              </div>
            }
          />
        ) : (
          <p className="py-10 text-center text-sm text-muted">Select a thread to read it and answer. Press ? for the keyboard shortcuts.</p>
        )}
      </section>
    </div>
  );

  const filterCount = activeFilterCount(search, view === 'interactions');
  return (
    <PageFrame
      title="Inbox"
      description={
        view === 'threads'
          ? 'Every reply from your prospects, in one place, with the thread that led to it.'
          : 'Everything your agents did and received, per prospect and channel: sends, replies, bounces, auto-replies, stops and pauses.'
      }
      actions={
        <>
          <Button type="button" variant="secondary" size="sm" className="2xl:hidden" aria-expanded={showFilters} onClick={() => setShowFilters((v) => !v)}>
            <SlidersHorizontal className="h-4 w-4" aria-hidden /> Filters{filterCount ? ` (${filterCount})` : ''}
          </Button>
          {view === 'threads' ? (
            <Button type="button" variant="secondary" size="sm" pending={exportCsv.isPending} onClick={() => exportCsv.mutate(filters)}>
              <Download className="h-4 w-4" aria-hidden /> Export CSV
            </Button>
          ) : null}
          <Button type="button" variant="ghost" size="sm" onClick={() => setAccuracy(true)}>
            <Gauge className="h-4 w-4" aria-hidden /> Label accuracy
          </Button>
          <Button type="button" variant="ghost" size="sm" onClick={() => setHelp(true)}>
            <Keyboard className="h-4 w-4" aria-hidden /> Shortcuts
          </Button>
        </>
      }
    >
      <ServerErrors messages={exportCsv.error ? apiErrorMessages(exportCsv.error) : null} />
      <Tabs.Root value={view} onValueChange={(v) => setSearch(switchView(search, v === 'interactions' ? 'interactions' : 'threads'))}>
        <Tabs.List aria-label="Inbox views" className="mb-4 flex gap-2 border-b border-border">
          <Tabs.Trigger value="threads" className={tabClass}>
            Threads
          </Tabs.Trigger>
          <Tabs.Trigger value="interactions" className={tabClass}>
            Interactions
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="threads" className="focus-visible:outline-none">
          {threadsPane}
        </Tabs.Content>
        <Tabs.Content value="interactions" className="focus-visible:outline-none">
          <Suspense
            fallback={
              <div className="flex justify-center py-10">
                <Spinner label="Loading interactions" />
              </div>
            }
          >
            <InteractionsView search={search} onChange={setParams} onNavigate={setSearch} showFilters={showFilters} />
          </Suspense>
        </Tabs.Content>
      </Tabs.Root>
      <ShortcutsDialog open={help} onOpenChange={setHelp} />
      <LabelAccuracyDialog open={accuracy} onOpenChange={setAccuracy} />
    </PageFrame>
  );
}
