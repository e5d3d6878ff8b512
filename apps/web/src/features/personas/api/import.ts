import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FilePreview, GeneratedFields, ImportJob, ImportMapping, UploadValidation } from '@shared/schemas/personas';
import { api } from '@web/lib/api';
import { personasPageKeys } from './keys';

export const IMPORT_POLL_MS = 1000;

/** The file's bytes as base64 (the server detects UTF-8 or Latin-1 and the delimiter). */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result ?? '');
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });
}

export type PreparedFile = {
  file_name: string;
  content_base64: string;
  validation: UploadValidation;
  preview: FilePreview | null;
  fields: GeneratedFields | null;
};

/** validate_upload → (when valid) file_preview → generate_fields from the preview's headers. */
export function usePrepareImport() {
  return useMutation({
    mutationFn: async (file: File): Promise<PreparedFile> => {
      const body = { file_name: file.name, content_base64: await readAsBase64(file) };
      const validation = await api.persons.validateUpload(body);
      if (!validation.valid) return { ...body, validation, preview: null, fields: null };
      const preview = await api.persons.filePreview({ ...body, rows: 5 });
      const fields = await api.persons.generateFields(preview.headers);
      return { ...body, validation, preview, fields };
    },
  });
}

/** upload: starts the import job (the mapping is remembered for the account's next import). */
export function useStartImport() {
  return useMutation({
    mutationFn: (body: { file_name: string; content_base64: string; mapping: ImportMapping; persona_id: number | null }) =>
      api.persons.upload(body),
  });
}

const finished = (job: ImportJob | undefined) => job?.status === 'done' || job?.status === 'failed';

/** The import job, polled every second until it is done or failed; then the persona's data refreshes. */
export function useImportStatus(jobId: number | null, personaId: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: personasPageKeys.importStatus(jobId ?? 0),
    queryFn: async () => {
      const job = await api.persons.importStatus(jobId!);
      if (finished(job)) {
        void queryClient.invalidateQueries({ queryKey: personasPageKeys.lists() });
        // New prospects change every count, typeahead value and facet the filters show.
        void queryClient.invalidateQueries({ queryKey: personasPageKeys.previews() });
        void queryClient.invalidateQueries({ queryKey: personasPageKeys.filterInfoAll() });
        void queryClient.invalidateQueries({ queryKey: personasPageKeys.searchMetadata() });
        if (personaId !== null) {
          void queryClient.invalidateQueries({ queryKey: personasPageKeys.loadedProspects(personaId) });
          void queryClient.invalidateQueries({ queryKey: personasPageKeys.detail(personaId) });
        }
      }
      return job;
    },
    enabled: jobId !== null,
    refetchInterval: (query) => (finished(query.state.data) ? false : IMPORT_POLL_MS),
    refetchIntervalInBackground: true,
    retry: 2,
  });
}
