import { useMutation } from '@tanstack/react-query';
import { api } from '@web/lib/api';

/** Saves text as a file (a Blob URL on a temporary link). */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** GET export_performance_to_csv, then downloads it (the request carries the auth headers). */
export function useExportPerformance() {
  return useMutation({
    mutationFn: () => api.persons.exportPerformanceCsv(),
    onSuccess: (csv) => downloadText(csv, `personas-performance-${new Date().toISOString().slice(0, 10)}.csv`),
  });
}
