import { DownloadButton } from '@web/components/ui/download-button';
import { useExportPerformance } from '../api/export';
import { useExportPersonaProspects } from '../api/prospects';

/** "Export CSV": the personas' performance (export_performance_to_csv) as a downloaded file. */
export function ExportButton() {
  return <DownloadButton exporter={useExportPerformance()} label="Export CSV" />;
}

/** "Export prospects" on a persona's page: that persona's prospects (export_prospects_by_person) as CSV. */
export function PersonaProspectsExportButton({ personaId, personaName }: { personaId: number; personaName: string }) {
  return <DownloadButton exporter={useExportPersonaProspects(personaId, personaName)} label="Export prospects" />;
}
