import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api';
import { downloadText } from '@web/lib/download';

/** GET export_performance_to_csv, then downloads it (the request carries the auth headers). */
export function useExportPerformance() {
  return useMutation({
    mutationFn: () => api.persons.exportPerformanceCsv(),
    onSuccess: (csv) => downloadText(csv, `personas-performance-${new Date().toISOString().slice(0, 10)}.csv`),
  });
}
