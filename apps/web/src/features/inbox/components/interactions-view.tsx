import { ArrowLeft, Maximize2, MessagesSquare, Search, Send } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  ENROLMENT_OUTCOME_LABELS,
  ENROLMENT_OUTCOMES,
  INTERACTION_CHANNELS,
  INTERACTION_KIND_INFO,
  INTERACTION_KINDS,
  type Interaction,
  type InteractionsStats,
} from '@shared/schemas/interactions';
import { EmptyState } from '@web/components/page-frame';
import { PreloadLink } from '@web/components/preload-link';
import { Button } from '@web/components/ui/button';
import { LoadError } from '@web/components/ui/load-error';
import { Spinner } from '@web/components/ui/spinner';
import { infiniteListProps } from '@web/components/virtual-list';
import { paths } from '@web/config/paths';
import { cn } from '@web/lib/utils';
import { useInteractions, useInteractionStats } from '../api/interactions';
import { activeFilterCount, INTERACTION_PARAM, interactionFiltersFromSearch, withoutFilters, withParam } from '../lib/filters';
import { FiltersPanel } from './filters-panel';
import { CHANNEL_LABELS, KindIcon, when } from './interaction-item';
import { InteractionList } from './interaction-list';
import { isTypingTarget } from './shortcuts-dialog';
import { PanelButtons, SidePanel, type PanelKind } from './side-panel';
import { ReplyStatusBadge } from './status-badge';

type Props = {
  search: URLSearchParams;
  /** Replaces the address (filters). */
  onChange: (next: URLSearchParams) => void;
  /** Pushes a new entry (opening an interaction). */
  onNavigate: (next: URLSearchParams) => void;
  showFilters: boolean;
};

/** The counts at the top of the interactions' filters: kinds (a click filters by one), channels, outcomes. */
function InteractionCounts({ stats, search, onChange }: { stats: InteractionsStats | undefined; search: URLSearchParams; onChange: (next: URLSearchParams) => void }) {
  const selected = search.get('by_kinds');
  // Every email kind; LinkedIn and call kinds once they have any (those channels write no interactions yet).
  const kinds = INTERACTION_KINDS.filter((k) => INTERACTION_KIND_INFO[k].channel === 'email' || (stats?.by_kind[k] ?? 0) > 0 || selected === k);
  return (
    <div className="space-y-3">
      <nav aria-label="Interaction counts" className="space-y-0.5">
        <p className="flex justify-between text-sm text-fg">
          <span>All interactions</span>
          <span className="tabular-nums text-muted">{stats?.total ?? '…'}</span>
        </p>
        <p className="flex justify-between text-sm text-fg">
          <span>Prospects</span>
          <span className="tabular-nums text-muted">{stats?.prospects ?? '…'}</span>
        </p>
        {kinds.map((k) => (
          <button
            key={k}
            type="button"
            aria-pressed={selected === k}
            className={cn('flex w-full justify-between rounded px-1 py-0.5 text-left text-sm hover:bg-surface-2', selected === k ? 'bg-accent/15 text-fg' : 'text-muted')}
            onClick={() => onChange(withParam(search, 'by_kinds', selected === k ? null : k))}
          >
            <span>{INTERACTION_KIND_INFO[k].label}</span>
            <span className="tabular-nums">{stats?.by_kind[k] ?? 0}</span>
          </button>
        ))}
      </nav>
      <p className="text-xs text-muted">
        {INTERACTION_CHANNELS.map((ch) => `${CHANNEL_LABELS[ch]} ${stats?.by_channel[ch] ?? 0}`).join(' · ')}
      </p>
      <section aria-label="Where the prospects stand" className="space-y-1 border-t border-border pt-3">
        <h3 className="text-xs font-semibold tracking-wide text-muted uppercase">Where they stand</h3>
        <p className="text-xs text-muted">
          {stats ? `${stats.enrolments} ${stats.enrolments === 1 ? 'prospect' : 'prospects'} in campaigns · ${stats.reply_rate}% replied` : '…'}
        </p>
        <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-2 text-sm">
          {ENROLMENT_OUTCOMES.map((o) => (
            <div key={o} className="contents">
              <dt className="text-muted">{ENROLMENT_OUTCOME_LABELS[o]}</dt>
              <dd className="text-right text-fg tabular-nums">{stats?.by_outcome[o] ?? 0}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}

/** The open interaction: what happened, to whom, in which campaign, and the side panels about it. */
function InteractionDetails({ interaction: i, onBack, onPanel }: { interaction: Interaction; onBack: () => void; onPanel: (kind: PanelKind) => void }) {
  return (
    <div className="min-w-0 space-y-4">
      <Button type="button" variant="ghost" size="sm" className="lg:hidden" onClick={onBack}>
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to the list
      </Button>
      <header className="flex min-w-0 items-start gap-3">
        <KindIcon kind={i.kind} className="h-9 w-9" />
        <div className="min-w-0 space-y-1">
          <h2 className="text-lg font-semibold break-words text-fg">{i.summary}</h2>
          <p className="text-sm text-muted">
            {INTERACTION_KIND_INFO[i.kind].label} · {CHANNEL_LABELS[i.channel]} · <time dateTime={i.occurred_at}>{when(i.occurred_at)}</time> · by {i.actor.name}
          </p>
        </div>
      </header>
      {i.detail ? <p className="text-sm break-words text-fg">{i.detail}</p> : null}
      {i.snippet ? <blockquote className="border-l-2 border-border pl-3 text-sm break-words text-muted italic">{i.snippet}</blockquote> : null}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        {(
          [
            ['Prospect', i.prospect?.name],
            ['Email', i.prospect?.email],
            ['Company', i.prospect?.company],
            ['Title', i.prospect?.title],
            [
              'Campaign',
              i.campaign ? (
                <PreloadLink key="c" className="text-accent underline-offset-4 hover:underline" to={paths.cabinet.campaign.getHref(i.campaign.id)}>
                  {i.campaign.name}
                </PreloadLink>
              ) : null,
            ],
            ['Step', i.step],
            ['Subject', i.subject],
            ['Virtual employee', i.virtual_employee?.name],
            ['Conversation', i.thread ? <ReplyStatusBadge key="s" status={i.thread.reply_status} /> : null],
          ] as Array<[string, ReactNode]>
        )
          .filter(([, v]) => v !== null && v !== undefined && v !== '')
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted">{label}</dt>
              <dd className="min-w-0 break-words text-fg">{value}</dd>
            </div>
          ))}
      </dl>
      {i.thread ? (
        <div className="flex flex-wrap gap-2">
          <Button asChild size="sm">
            <PreloadLink to={`${paths.cabinet.inbox.path}?thread=${i.thread.id}`}>
              <MessagesSquare className="h-4 w-4" aria-hidden /> Open the conversation
            </PreloadLink>
          </Button>
          <Button asChild size="sm" variant="ghost">
            <PreloadLink to={paths.cabinet.chat.getHref(i.thread.id)}>
              <Maximize2 className="h-4 w-4" aria-hidden /> Full screen
            </PreloadLink>
          </Button>
        </div>
      ) : null}
      <PanelButtons onOpen={onPanel} />
    </div>
  );
}

/**
 * The Interactions view of the inbox (`/cabinet/inbox?view=interactions`): everything the agent did and
 * received per prospect, on every channel, filtered by spec §3's interaction filters (kept in the URL, as the
 * threads'), with its counts; an interaction opens on the right with the side panels about it.
 */
export default function InteractionsView({ search, onChange, onNavigate, showFilters }: Props) {
  const filters = useMemo(() => interactionFiltersFromSearch(search), [search]);
  const filtered = activeFilterCount(search, true) > 0;
  const selected = Number(search.get(INTERACTION_PARAM)) || null;
  const list = useInteractions(filters);
  const stats = useInteractionStats(filters);
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.data) ?? [], [list.data]);
  const total = list.data?.pages[0]?.meta.total ?? 0;
  const [cursorIndex, setActive] = useState(0);
  const active = Math.max(0, Math.min(cursorIndex, items.length - 1));
  const [panel, setPanel] = useState<PanelKind | null>(null);
  const current = items.find((i) => i.id === selected) ?? null;

  const open = useCallback(
    (i: Interaction, index: number) => {
      setActive(index);
      onNavigate(withParam(search, INTERACTION_PARAM, String(i.id)));
    },
    [search, onNavigate],
  );
  const close = () => onNavigate(withParam(search, INTERACTION_PARAM, null));

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTypingTarget(e) || panel || !items.length) return;
      if (e.key === 'j' || e.key === 'ArrowDown') {
        e.preventDefault();
        setActive(Math.min(items.length - 1, active + 1));
      } else if (e.key === 'k' || e.key === 'ArrowUp') {
        e.preventDefault();
        setActive(Math.max(0, active - 1));
      } else if (e.key === 'Enter') {
        const i = items[active];
        if (i && (e.target === document.body || (e.target as HTMLElement).closest?.('[aria-label="Interactions"]'))) {
          e.preventDefault();
          open(i, active);
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [items, active, panel, open]);

  const listPane = list.isPending ? (
    <div className="flex justify-center py-10">
      <Spinner label="Loading interactions" />
    </div>
  ) : list.isError ? (
    <LoadError what="the interactions" error={list.error} onRetry={() => list.refetch()} />
  ) : items.length === 0 ? (
    filtered ? (
      <EmptyState
        icon={Search}
        title="No interaction matches these filters"
        action={
          <Button type="button" variant="secondary" onClick={() => onChange(withoutFilters(search))}>
            Clear filters
          </Button>
        }
      >
        Loosen or clear the filters to see more.
      </EmptyState>
    ) : (
      <EmptyState
        icon={Send}
        title="No interactions yet"
        action={
          <Button asChild>
            <PreloadLink to={paths.cabinet.campaigns.path}>Go to campaigns</PreloadLink>
          </Button>
        }
      >
        Every email your agents send, every reply, bounce and auto-reply, and every stop or pause lands here. Start a campaign to see the first ones.
      </EmptyState>
    )
  ) : (
    <>
      <p className="px-3 pb-2 text-xs text-muted" aria-live="polite">
        {total} {total === 1 ? 'interaction' : 'interactions'}
        {list.isFetching && !list.isFetchingNextPage ? ' · refreshing…' : ''}
      </p>
      <InteractionList items={items} active={active} selected={selected} onOpen={open} {...infiniteListProps(list)} />
    </>
  );

  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-[minmax(18rem,24rem)_minmax(0,1fr)] 2xl:grid-cols-[16rem_minmax(18rem,26rem)_minmax(0,1fr)]">
      <aside aria-label="Filters" className={cn('min-w-0 rounded-xl border border-border bg-surface p-3 lg:col-span-2 2xl:col-span-1 2xl:block', showFilters ? 'block' : 'hidden')}>
        {stats.isError ? <LoadError what="the counts" error={stats.error} onRetry={() => stats.refetch()} /> : null}
        <FiltersPanel search={search} onChange={onChange} interactions counts={<InteractionCounts stats={stats.data} search={search} onChange={onChange} />} />
      </aside>
      <section aria-label="Interaction list" className={cn('min-w-0 rounded-xl border border-border bg-surface py-2', selected ? 'hidden lg:block' : 'block')}>
        {listPane}
      </section>
      <section aria-label="Interaction" className={cn('min-w-0 rounded-xl border border-border bg-surface p-4', selected ? 'block' : 'hidden lg:block')}>
        {current ? (
          <InteractionDetails interaction={current} onBack={close} onPanel={setPanel} />
        ) : selected && list.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner label="Loading the interaction" />
          </div>
        ) : (
          <div className="space-y-3 py-10 text-center text-sm text-muted">
            <p>{selected ? 'This interaction is not in the list as filtered.' : 'Select an interaction to see what happened and open its panels.'}</p>
            {selected ? (
              <Button type="button" variant="ghost" size="sm" onClick={close}>
                <ArrowLeft className="h-4 w-4" aria-hidden /> Back to the list
              </Button>
            ) : null}
          </div>
        )}
      </section>
      {current ? (
        <SidePanel
          kind={panel}
          subject={{ campaignEmailId: current.campaign_email_id, prospectId: current.prospect?.id ?? null, prospectName: current.prospect?.name ?? current.prospect?.email ?? null, campaignId: current.campaign?.id ?? null }}
          onClose={() => setPanel(null)}
        />
      ) : null}
    </div>
  );
}
