import { CircleCheck, CircleMinus, CircleX } from 'lucide-react';
import type { ConnectionTest } from '@shared/schemas/user-emails';
import { cn } from '@web/lib/utils';

const ICON = { passed: CircleCheck, failed: CircleX, skipped: CircleMinus } as const;
const TONE = { passed: 'text-success', failed: 'text-danger', skipped: 'text-muted' } as const;
const WORD = { passed: 'passed', failed: 'failed', skipped: 'skipped' } as const;

/** The live connection test, one line per step, with the server's reply under a failed one. */
export function ConnectionSteps({ test, title = 'Connection test' }: { test: ConnectionTest; title?: string }) {
  return (
    <section aria-label={title} className="rounded-lg border border-border bg-surface-2/50 p-3">
      <h3 className="mb-2 text-xs font-medium text-muted uppercase">{title}</h3>
      <ol className="space-y-1.5">
        {test.steps.map((s) => {
          const Icon = ICON[s.status];
          return (
            <li key={s.step} className="flex gap-2 text-sm">
              <Icon className={cn('mt-0.5 h-4 w-4 shrink-0', TONE[s.status])} aria-hidden />
              <div className="min-w-0">
                <p>
                  <span className="font-medium text-fg">{s.label}</span>
                  <span className="sr-only">: {WORD[s.status]}</span>
                  <span className={cn('ml-2', s.status === 'failed' ? 'text-danger' : 'text-muted')}>{s.message}</span>
                </p>
                {s.server_reply ? <p className="font-mono text-xs break-words text-muted">Server: {s.server_reply}</p> : null}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
