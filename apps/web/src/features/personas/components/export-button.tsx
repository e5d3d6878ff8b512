import { Download } from 'lucide-react';
import { apiErrorMessages } from '@shared/api';
import { Button } from '@web/components/ui/button';
import { notify } from '@web/lib/notify';
import { useExportPerformance } from '../api/export';
import { useExportPersonaProspects } from '../api/prospects';

/** "Export CSV": the personas' performance (export_performance_to_csv) as a downloaded file. */
export function ExportButton() {
  const exporter = useExportPerformance();
  return (
    <Button
      type="button"
      variant="secondary"
      pending={exporter.isPending}
      onClick={() => exporter.mutate(undefined, { onError: (e) => notify.error(apiErrorMessages(e)[0] ?? 'Export failed') })}
    >
      <Download className="h-4 w-4" aria-hidden />
      Export CSV
    </Button>
  );
}

/** "Export prospects" on a persona's page: that persona's prospects (export_prospects_by_person) as CSV. */
export function PersonaProspectsExportButton({ personaId, personaName }: { personaId: number; personaName: string }) {
  const exporter = useExportPersonaProspects(personaId, personaName);
  return (
    <Button
      type="button"
      variant="secondary"
      pending={exporter.isPending}
      onClick={() => exporter.mutate(undefined, { onError: (e) => notify.error(apiErrorMessages(e)[0] ?? 'Export failed') })}
    >
      <Download className="h-4 w-4" aria-hidden />
      Export prospects
    </Button>
  );
}
