import {
  Bot,
  CalendarCheck,
  Clock,
  CornerUpLeft,
  MailX,
  MessageCircle,
  Octagon,
  Pause,
  Phone,
  PhoneOutgoing,
  Reply,
  Send,
  TriangleAlert,
  UserPlus,
  Globe,
  type LucideIcon,
} from 'lucide-react';
import { INTERACTION_KIND_INFO, type Interaction, type InteractionKind } from '@shared/schemas/interactions';
import { cn } from '@web/lib/utils';

export const KIND_ICONS: Record<InteractionKind, LucideIcon> = {
  email_sent: Send,
  reply: Reply,
  auto_reply: Bot,
  bounce: TriangleAlert,
  delayed: Clock,
  unsubscribed: MailX,
  answer: CornerUpLeft,
  stopped: Octagon,
  paused: Pause,
  linkedin_invitation: UserPlus,
  linkedin_accepted: UserPlus,
  linkedin_message: MessageCircle,
  call: Phone,
  call_progress: PhoneOutgoing,
  meeting_booked: CalendarCheck,
  website_visit: Globe,
};

const TONE: Partial<Record<InteractionKind, string>> = {
  reply: 'bg-success/15 text-success',
  meeting_booked: 'bg-success/15 text-success',
  bounce: 'bg-danger/15 text-danger',
  unsubscribed: 'bg-danger/15 text-danger',
  stopped: 'bg-warning/15 text-warning',
  paused: 'bg-warning/15 text-warning',
  delayed: 'bg-warning/15 text-warning',
};

export const CHANNEL_LABELS: Record<Interaction['channel'], string> = { email: 'Email', linkedin: 'LinkedIn', call: 'Call' };

export const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function KindIcon({ kind, className }: { kind: InteractionKind; className?: string }) {
  const Icon = KIND_ICONS[kind];
  return (
    <span className={cn('flex h-7 w-7 shrink-0 items-center justify-center rounded-full', TONE[kind] ?? 'bg-accent/15 text-accent', className)} aria-hidden>
      <Icon className="h-3.5 w-3.5" />
    </span>
  );
}

/** One interaction in a timeline: what happened, when, on which channel, and the words when there are some. */
export function InteractionItem({ interaction: i, showCampaign = true }: { interaction: Interaction; showCampaign?: boolean }) {
  return (
    <article aria-label={`${INTERACTION_KIND_INFO[i.kind].label}: ${i.summary}`} className="flex min-w-0 gap-3">
      <KindIcon kind={i.kind} />
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="text-sm break-words text-fg">{i.summary}</p>
        {i.detail ? <p className="text-xs break-words text-muted">{i.detail}</p> : null}
        {i.snippet ? <p className="line-clamp-3 text-xs break-words text-muted italic">“{i.snippet}”</p> : null}
        <p className="text-xs text-muted">
          <time dateTime={i.occurred_at}>{when(i.occurred_at)}</time> · {CHANNEL_LABELS[i.channel]}
          {showCampaign && i.campaign ? ` · ${i.campaign.name}` : ''}
          {i.step ? ` · step ${i.step}` : ''}
        </p>
      </div>
    </article>
  );
}
