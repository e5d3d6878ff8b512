import { Mail, Network, Phone, type LucideIcon } from 'lucide-react';
import type { ChannelsActivity, DashboardChannel } from '@shared/schemas/dashboard';
import { formatNumber, formatPercent } from './format';

export const CHANNEL_META: Record<DashboardChannel, { label: string; icon: LucideIcon; bar: string }> = {
  email: { label: 'Email', icon: Mail, bar: 'bg-accent' },
  linkedin: { label: 'LinkedIn', icon: Network, bar: 'bg-success' },
  phone: { label: 'Phone', icon: Phone, bar: 'bg-warning' },
};

/** Touches, replies and meetings per channel, with each channel's share of the touches. */
export function ChannelsList({ data }: { data: ChannelsActivity }) {
  return (
    <ul className="space-y-4">
      {data.channels.map((c) => {
        const meta = CHANNEL_META[c.channel];
        return (
          <li key={c.channel} data-testid={`channel-${c.channel}`}>
            <div className="flex items-center justify-between text-sm">
              <span className="flex items-center gap-2 font-medium text-fg">
                <meta.icon className="h-4 w-4 text-muted" aria-hidden /> {meta.label}
              </span>
              <span className="text-muted">{formatPercent(c.share)} of touches</span>
            </div>
            <div className="mt-2 h-2 overflow-hidden rounded-full bg-surface-2" aria-hidden>
              <div className={`h-full rounded-full ${meta.bar}`} style={{ width: `${c.share}%` }} />
            </div>
            <p className="mt-1.5 text-xs text-muted">
              {formatNumber(c.sent)} sent · {formatNumber(c.replies)} {c.replies === 1 ? 'reply' : 'replies'} · {formatNumber(c.meetings)}{' '}
              {c.meetings === 1 ? 'meeting' : 'meetings'}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
