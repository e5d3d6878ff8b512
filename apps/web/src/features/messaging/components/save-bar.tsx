import { format } from 'date-fns';
import { Check } from 'lucide-react';
import { apiErrorMessages } from '@shared/api';
import { ServerErrors } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';

/** Save button, "Saved at …" once saved, and the server's errors. */
export function SaveBar({
  pending,
  savedAt,
  error,
  label = 'Save',
  disabled,
}: {
  pending: boolean;
  savedAt: Date | null;
  error: unknown;
  label?: string;
  disabled?: boolean;
}) {
  return (
    <div className="space-y-3">
      <ServerErrors messages={error ? apiErrorMessages(error) : null} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" pending={pending} disabled={disabled}>
          {label}
        </Button>
        <p role="status" className="flex items-center gap-1.5 text-sm text-success">
          {savedAt && !pending ? (
            <>
              <Check className="h-4 w-4" aria-hidden />
              <span>
                Saved <time dateTime={savedAt.toISOString()}>at {format(savedAt, 'HH:mm:ss')}</time>
              </span>
            </>
          ) : null}
        </p>
      </div>
    </div>
  );
}
