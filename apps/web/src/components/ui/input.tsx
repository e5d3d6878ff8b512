import type { ComponentProps } from 'react';
import { cn } from '@web/lib/utils';
import { controlClass } from './styles';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return (
    <input
      className={cn(
        'h-10 w-full placeholder:text-muted/70 transition-colors',
        controlClass,
        'aria-[invalid=true]:ring-danger/30 disabled:opacity-60',
        'file:mr-3 file:rounded-md file:border-0 file:bg-surface file:px-3 file:py-1 file:text-sm file:text-fg',
        className,
      )}
      {...props}
    />
  );
}
