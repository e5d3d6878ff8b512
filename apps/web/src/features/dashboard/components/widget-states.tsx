import { RotateCw } from 'lucide-react';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/utils';

/** A grey placeholder block while a widget loads. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cn('animate-pulse rounded-md bg-surface-2', className)} />;
}

/** A widget's failure: what failed and a retry. */
export function WidgetError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Alert className="items-center">
      <span className="flex flex-wrap items-center gap-3">
        Could not load {what}.
        <Button type="button" variant="secondary" size="sm" onClick={onRetry}>
          <RotateCw className="h-3.5 w-3.5" aria-hidden /> Try again
        </Button>
      </span>
    </Alert>
  );
}
