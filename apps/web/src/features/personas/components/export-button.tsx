import { Download } from 'lucide-react';
import { apiErrorMessages } from '@shared/api';
import { Button } from '@web/components/ui/button';
import { notify } from '@web/lib/notify';
import { useExportPerformance } from '../api/export';
import { useExportPersonaProspects } from '../api/prospects';

type Exporter = { isPending: boolean; mutate: (v: undefined, o: { onError: (e: unknown) => void }) => void };

/** A secondary button that runs a CSV download and says why it failed. */
function DownloadButton({ exporter, label }: { exporter: Exporter; label: string }) {
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

/** "Export CSV": the personas' performance (export_performance_to_csv) as a downloaded file. */
export function ExportButton() {
  return <DownloadButton exporter={useExportPerformance()} label="Export CSV" />;
}

/** "Export prospects" on a persona's page: that persona's prospects (export_prospects_by_person) as CSV. */
export function PersonaProspectsExportButton({ personaId, personaName }: { personaId: number; personaName: string }) {
  return <DownloadButton exporter={useExportPersonaProspects(personaId, personaName)} label="Export prospects" />;
}
