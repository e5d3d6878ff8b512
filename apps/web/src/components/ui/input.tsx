import type { ComponentProps } from 'react';
import { cn } from '@web/lib/utils';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={cn(
        'h-10 w-full rounded-lg border border-border bg-surface-2 px-3 text-sm text-fg placeholder:text-muted/70 transition-colors',
        'focus-visible:border-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent/40',
        'aria-[invalid=true]:border-danger aria-[invalid=true]:ring-danger/30 disabled:opacity-60',
        'file:mr-3 file:rounded-md file:border-0 file:bg-surface file:px-3 file:py-1 file:text-sm file:text-fg',
        className,
      )}
      {...props}
    />
  );
}
