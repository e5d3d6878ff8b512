import { ExternalLink, UserRoundSearch } from 'lucide-react';
import { Button } from '@web/components/ui/button';

export const LINKEDIN_HOME = 'https://www.linkedin.com/';

/** Installed, no profile yet: tell the user what to do next and offer to open LinkedIn. */
export function WaitingForProfile({ compact = false }: { compact?: boolean }) {
  return (
    <div className={compact ? 'space-y-3' : 'flex flex-col items-center px-6 py-10 text-center'}>
      {!compact ? (
        <span className="mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-accent/15 text-accent">
          <UserRoundSearch className="h-6 w-6" aria-hidden />
        </span>
      ) : null}
      <p className="text-sm font-medium text-fg">Waiting for a LinkedIn profile… open one in another tab</p>
      <p className="text-sm text-muted">The profile appears here a couple of seconds after it loads.</p>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        className={compact ? undefined : 'mt-4'}
        onClick={() => window.open(LINKEDIN_HOME, '_blank', 'noopener,noreferrer')}
      >
        Open LinkedIn <ExternalLink className="h-3.5 w-3.5" aria-hidden />
      </Button>
    </div>
  );
}
