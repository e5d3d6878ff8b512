import { cn } from '@web/lib/utils';

type Props = { isLoading: boolean; isExtensionInstalled: boolean; className?: string };

/** Live detection state: "Extension detected" / "Extension not detected", pulsing while it checks. */
export function ExtensionStatus({ isLoading, isExtensionInstalled, className }: Props) {
  const text = isLoading ? 'Checking for the extension…' : isExtensionInstalled ? 'Extension detected' : 'Extension not detected';
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <span className="relative flex h-3 w-3" aria-hidden>
        {!isExtensionInstalled ? (
          <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-muted/60 motion-reduce:animate-none" />
        ) : null}
        <span className={cn('relative inline-flex h-3 w-3 rounded-full', isExtensionInstalled ? 'bg-success' : isLoading ? 'bg-muted' : 'bg-danger')} />
      </span>
      <div>
        <p role="status" aria-live="polite" className="text-sm font-semibold text-fg">
          {text}
        </p>
        {!isLoading && !isExtensionInstalled ? (
          <p className="text-xs text-muted">Checking again every 2 seconds.</p>
        ) : null}
      </div>
    </div>
  );
}
