import { Download } from 'lucide-react';
import { apiErrorMessages } from '@shared/api';
import { Button } from '@web/components/ui/button';
import { notify } from '@web/lib/notify';

export type Exporter = { isPending: boolean; mutate: (v: undefined, o: { onError: (e: unknown) => void }) => void };

/** A secondary button that runs a CSV download and says why it failed. */
export function DownloadButton({ exporter, label }: { exporter: Exporter; label: string }) {
  return (
    <Button
      type="button"
      variant="secondary"
      pending={exporter.isPending}
      onClick={() => exporter.mutate(undefined, { onError: (e) => notify.error(apiErrorMessages(e)[0] ?? 'Export failed') })}
    >
      <Download className="h-4 w-4" aria-hidden />
      {label}
    </Button>
  );
}
