import { formatDistanceToNowStrict } from 'date-fns';
import { INTERACTION_KIND_INFO, type Interaction } from '@shared/schemas/interactions';
import { VirtualList, virtualRowClass } from '@web/components/virtual-list';
import { CHANNEL_LABELS, KindIcon } from './interaction-item';

const ROW_HEIGHT = 84;

/**
 * The interactions in the virtualised list, as the threads (only the rows in view are in the page); the next
 * page loads as the end comes into view. `active` is the keyboard cursor, `selected` the open interaction.
 */
export function InteractionList({
  items: interactions,
  active,
  selected,
  onOpen,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  items: Interaction[];
  active: number;
  selected: number | null;
  onOpen: (interaction: Interaction, index: number) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  return (
    <VirtualList
      items={interactions}
      label="Interactions"
      rowHeight={ROW_HEIGHT}
      getKey={(i) => i.id}
      active={active}
      isSelected={(i) => i.id === selected}
      hasMore={hasMore}
      loadingMore={loadingMore}
      onLoadMore={onLoadMore}
      loadingMoreText="Loading more interactions…"
      renderRow={(i, row) => (
        <button
          type="button"
          aria-label={`${INTERACTION_KIND_INFO[i.kind].label}: ${i.summary}`}
          onClick={() => onOpen(i, row.index)}
          className={virtualRowClass(row, 'items-start gap-3')}
        >
          <KindIcon kind={i.kind} className="mt-0.5" />
          <span className="flex min-w-0 flex-1 flex-col gap-0.5">
            <span className="flex w-full min-w-0 items-center gap-2">
              <span className="min-w-0 flex-1 truncate text-sm text-fg">{i.summary}</span>
              <time dateTime={i.occurred_at} className="shrink-0 text-xs text-muted">
                {formatDistanceToNowStrict(new Date(i.occurred_at))}
              </time>
            </span>
            <span className="truncate text-xs text-muted">
              {[i.prospect?.company, i.campaign?.name, i.step ? `step ${i.step}` : null].filter(Boolean).join(' · ') || CHANNEL_LABELS[i.channel]}
            </span>
            <span className="truncate text-xs text-muted">{i.snippet ?? i.detail ?? i.subject ?? ''}</span>
          </span>
        </button>
      )}
    />
  );
}
