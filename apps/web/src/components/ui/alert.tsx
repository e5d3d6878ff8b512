import { CircleAlert, CircleCheck, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@web/lib/utils';

/** Server messages for a form: role=alert so screen readers announce them. */
export function Alert({ tone = 'error', children, className }: { tone?: 'error' | 'success' | 'warning'; children: ReactNode; className?: string }) {
  const Icon = tone === 'error' ? CircleAlert : tone === 'warning' ? TriangleAlert : CircleCheck;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'flex gap-2 rounded-lg border px-3 py-2.5 text-sm',
        tone === 'error'
          ? 'border-danger/40 bg-danger/10 text-danger'
          : tone === 'warning'
            ? 'border-warning/40 bg-warning/10 text-fg'
            : 'border-success/40 bg-success/10 text-success',
        className,
      )}
    >
      <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <div className="space-y-1">{children}</div>
    </div>
  );
}

export function ServerErrors({ messages }: { messages: string[] | null | undefined }) {
  if (!messages || messages.length === 0) return null;
  return (
    <Alert>
      {messages.map((m) => (
        <p key={m}>{m}</p>
      ))}
    </Alert>
  );
}
