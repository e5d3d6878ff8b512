import { apiErrorMessages } from '@shared/api';
import { Alert } from './alert';
import { Button } from './button';

/**
 * What could not load, the server's reason when it gave a specific one, and "Try again" (refetch):
 * one look and one wording for every list and page that failed to load.
 */
export function LoadError({ what, error, onRetry }: { what: string; error?: unknown; onRetry: () => unknown }) {
  const reasons = error ? apiErrorMessages(error).filter((m) => !/^(internal server error|network error)$/i.test(m)) : [];
  return (
    <Alert>
      <p>Could not load {what}.</p>
      {reasons.map((m) => (
        <p key={m} className="text-fg/80">
          {m}
        </p>
      ))}
      <Button type="button" size="sm" variant="secondary" onClick={() => void onRetry()}>
        Try again
      </Button>
    </Alert>
  );
}
