import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FilePreview, GeneratedFields, ImportJob, ImportMapping, UploadValidation } from '@shared/schemas/personas';
import { api } from '@web/lib/api';
import { useLiveFallbackInterval } from '@web/stores/live';
import { personasPageKeys } from './keys';

export const IMPORT_POLL_MS = 1000;

export type PreparedFile = {
  /** The chosen file: each request sends its raw bytes (multipart); the server detects the encoding and delimiter. */
  file: File;
  validation: UploadValidation;
  preview: FilePreview | null;
  fields: GeneratedFields | null;
};

/** validate_upload → (when valid) file_preview → generate_fields from the preview's headers. */
export function usePrepareImport() {
  return useMutation({
    mutationFn: async (file: File): Promise<PreparedFile> => {
      const upload = { file, file_name: file.name };
      const validation = await api.persons.validateUpload(upload);
      if (!validation.valid) return { file, validation, preview: null, fields: null };
      const preview = await api.persons.filePreview({ ...upload, rows: 5 });
      const fields = await api.persons.generateFields(preview.headers);
      return { file, validation, preview, fields };
    },
  });
}

/** upload: sends the file (reporting progress, 0–1) and starts the import job; the mapping is remembered for the account. */
export function useStartImport() {
  const [sent, setSent] = useState(0);
  const mutation = useMutation({
    mutationFn: ({ file, mapping, persona_id }: { file: File; mapping: ImportMapping; persona_id: number | null }) => {
      setSent(0);
      return api.persons.upload({ file, file_name: file.name, mapping, persona_id }, setSent);
    },
  });
  return Object.assign(mutation, { sent });
}

const finished = (job: ImportJob | undefined) => job?.status === 'done' || job?.status === 'failed';

/**
 * The import job until it is done or failed; then the persona's data refreshes. The live connection
 * brings each committed chunk (import_progress); only while it is down is the job polled every second.
 */
export function useImportStatus(jobId: number | null, personaId: number | null) {
  const queryClient = useQueryClient();
  const poll = useLiveFallbackInterval(IMPORT_POLL_MS);
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
    refetchInterval: (query) => (finished(query.state.data) ? false : poll),
    refetchIntervalInBackground: true,
    retry: 2,
  });
}
