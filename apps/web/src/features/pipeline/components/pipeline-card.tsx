import { ArrowRightLeft, BadgeDollarSign, History, Undo2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PIPELINE_STATUS_LABELS, PIPELINE_STATUSES, type PipelineProspect, type PipelineStatus } from '@shared/schemas/pipeline';
import { Menu, MenuContent, MenuItem, MenuLabel, MenuSeparator, MenuTrigger } from '@web/components/ui/dropdown-menu';
import { paths } from '@web/config/paths';
import { cn } from '@web/lib/utils';
import { ageOf, moveLine } from '../lib/move-line';
import { DealDialog, dealLine } from './deal-dialog';

/** The drag handle's look (the board gives it dnd-kit's ref and keyboard listener). */
export const HANDLE_CLASS =
  'relative z-10 -ml-1 mt-0.5 flex h-6 w-5 shrink-0 cursor-grab items-center justify-center rounded text-muted hover:text-fg focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none active:cursor-grabbing';

export const STATUS_DOT: Record<PipelineStatus, string> = {
  new_reply: 'bg-accent',
  interested: 'bg-success',
  meeting_booked: 'bg-success',
  proposal: 'bg-warning',
  won: 'bg-success',
  not_now: 'bg-muted',
  lost: 'bg-danger',
};

export const nameOf = (card: PipelineProspect) => card.prospect.name || card.prospect.email || 'Unnamed prospect';

/** Where the card leads: its conversation, else the inbox. */
export const conversationHref = (card: PipelineProspect) => (card.thread_id !== null ? paths.cabinet.chat.getHref(card.thread_id) : paths.cabinet.inbox.path);

type CardProps = {
  card: PipelineProspect;
  currentUserId: number | null;
  now: Date;
  onMove: (to: PipelineStatus) => void;
  onUndo: () => void;
  /** The drag handle (the board's); the list view has none. */
  handle?: ReactNode;
  /** Show the stage on the card (the list view, where there are no columns). */
  showStatus?: boolean;
  className?: string;
  dragging?: boolean;
};

/**
 * One prospect on the pipeline: name (the link to the conversation: the whole card is clickable),
 * company, the last message and its age, the campaign, and who moved it last; a "Move to…" menu (the
 * keyboard's way besides the drag handle) with the card's undo and its deal (value and expected close date).
 */
export function PipelineCard({ card, currentUserId, now, onMove, onUndo, handle, showStatus, className, dragging }: CardProps) {
  const name = nameOf(card);
  const last = card.recent_moves[0];
  const undoable = card.recent_moves.find((m) => m.id === card.undoable_move_id);
  const [dealOpen, setDealOpen] = useState(false);
  const deal = dealLine(card);
  return (
    <article
      aria-label={name}
      className={cn(
        'group relative flex min-w-0 flex-col gap-1.5 rounded-xl border border-border bg-surface p-3 text-left shadow-sm transition-colors hover:border-accent/60',
        dragging && 'opacity-40',
        className,
      )}
    >
      <div className="flex min-w-0 items-start gap-1.5">
        {handle ?? null}
        <div className="min-w-0 flex-1">
          <Link to={conversationHref(card)} className="block truncate text-sm font-semibold text-fg after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-accent">
            {name}
          </Link>
          <p className="truncate text-xs text-muted">{[card.prospect.company, card.prospect.title].filter(Boolean).join(' · ') || card.prospect.email}</p>
        </div>
        <MoveMenu card={card} name={name} onMove={onMove} onUndo={undoable ? onUndo : null} undoLabel={undoable ? `Undo: ${moveLine(undoable, currentUserId, now)}` : null} onDeal={() => setDealOpen(true)} />
      </div>
      {dealOpen ? <DealDialog card={card} name={name} open={dealOpen} onOpenChange={setDealOpen} /> : null}
      {deal ? (
        <p className="flex items-center gap-1 text-xs font-medium text-fg">
          <BadgeDollarSign className="h-3.5 w-3.5 shrink-0 text-muted" aria-hidden />
          <span className="truncate">{deal}</span>
        </p>
      ) : null}
      {showStatus ? (
        <span className="flex items-center gap-1.5 text-xs font-medium text-fg">
          <span className={cn('h-2 w-2 rounded-full', STATUS_DOT[card.pipeline_status])} aria-hidden />
          {PIPELINE_STATUS_LABELS[card.pipeline_status]}
        </span>
      ) : null}
      {card.last_message ? (
        <p className="line-clamp-2 text-sm text-fg/90">
          {card.last_message.direction === 'outbound' ? <span className="text-muted">You: </span> : null}
          {card.last_message.snippet || '(no text)'}
        </p>
      ) : null}
      <p className="flex min-w-0 items-center gap-1.5 text-xs text-muted">
        {card.last_message ? (
          <time dateTime={card.last_message.sent_at} className="shrink-0 whitespace-nowrap">
            {ageOf(card.last_message.sent_at, now)}
          </time>
        ) : null}
        {card.last_message && card.campaign ? <span aria-hidden>·</span> : null}
        {card.campaign ? <span className="truncate">{card.campaign.name}</span> : null}
      </p>
      {last ? (
        <p className="flex min-w-0 items-start gap-1 border-t border-border/60 pt-1.5 text-xs text-muted">
          <History className="mt-0.5 h-3 w-3 shrink-0" aria-hidden />
          <span className="min-w-0">
            {moveLine(last, currentUserId, now)}
            {last.reason && last.source !== 'undo' ? <span className="text-muted/80"> · {last.reason}</span> : null}
          </span>
        </p>
      ) : null}
    </article>
  );
}

function MoveMenu({
  card,
  name,
  onMove,
  onUndo,
  undoLabel,
  onDeal,
}: {
  card: PipelineProspect;
  name: string;
  onMove: (to: PipelineStatus) => void;
  onUndo: (() => void) | null;
  undoLabel: string | null;
  onDeal: () => void;
}) {
  return (
    <Menu>
      <MenuTrigger
        aria-label={`Move ${name} to…`}
        // The card's drag starts on a press anywhere else; a press on the menu only opens it.
        onPointerDown={(e) => e.stopPropagation()}
        className="relative z-10 flex h-7 w-7 shrink-0 items-center justify-center rounded-md text-muted hover:bg-surface-2 hover:text-fg focus-visible:ring-2 focus-visible:ring-accent focus-visible:outline-none"
      >
        <ArrowRightLeft className="h-4 w-4" aria-hidden />
      </MenuTrigger>
      <MenuContent align="end" className="min-w-48">
        <MenuLabel>Move to…</MenuLabel>
        {PIPELINE_STATUSES.filter((s) => s !== card.pipeline_status).map((s) => (
          <MenuItem key={s} onSelect={() => onMove(s)}>
            <span className={cn('h-2 w-2 rounded-full', STATUS_DOT[s])} aria-hidden />
            {PIPELINE_STATUS_LABELS[s]}
          </MenuItem>
        ))}
        <MenuSeparator />
        <MenuItem onSelect={onDeal}>
          <BadgeDollarSign className="h-4 w-4 shrink-0" aria-hidden />
          Deal value and close date…
        </MenuItem>
        {onUndo && undoLabel ? (
          <>
            <MenuSeparator />
            <MenuItem onSelect={onUndo} className="items-start">
              <Undo2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              <span className="max-w-60 text-xs leading-snug">{undoLabel}</span>
            </MenuItem>
          </>
        ) : null}
      </MenuContent>
    </Menu>
  );
}

/** A card-shaped placeholder while a column loads. */
export function CardSkeleton(): ReactNode {
  return <div className="h-28 animate-pulse rounded-xl border border-border bg-surface/60" aria-hidden />;
}
