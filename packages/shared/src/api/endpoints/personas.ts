import type { ApiClient } from '../client';
import type { LinkedInProfile } from '../../schemas/linkedin';
import type { FilterInfoFilter, PersonFiltersWire } from '../../schemas/person-filters';
import type {
  CreatePersonaBody,
  FilePreview,
  FilePreviewBody,
  FileUpload,
  FilterInfoItem,
  GeneratedFields,
  ImportMapping,
  ImportJob,
  PageMeta,
  Persona,
  PersonaListQuery,
  Prospect,
  ProspectsPreview,
  SearchMetadata,
  UpdatePersonaBody,
  UploadBody,
  UploadValidation,
  ValidateUploadBody,
} from '../../schemas/personas';
import type { AddProspectsToPersonaBody, ProspectSearchBody, ProspectSelection } from '../../schemas/prospects';

type Page<T> = { data: T[]; meta: PageMeta };

/** A file sent in a JSON body: the text, or the raw bytes in base64 (the server detects UTF-8 / Latin-1). */
type FileBody = ValidateUploadBody;

/** Upload progress, 0–1, while the request body is sent. */
export type UploadProgress = (fraction: number) => void;

/** The raw file as multipart/form-data: fields first (JSON-encoded unless text), the file part last. */
function fileForm({ file, file_name }: FileUpload, fields: Record<string, unknown> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(name, JSON.stringify(value));
  }
  form.append('file', file, file_name);
  return form;
}

const isUpload = (v: object): v is FileUpload => 'file' in v && typeof Blob !== 'undefined' && (v as FileUpload).file instanceof Blob;
const progressOf = (onProgress?: UploadProgress) =>
  onProgress ? { onUploadProgress: (e: { loaded: number; total?: number }) => onProgress(e.total ? Math.min(1, e.loaded / e.total) : 0) } : {};

/** Personas are the spec's `persons`; prospects are the people loaded into them. */
export function personEndpoints(http: ApiClient) {
  return {
    /** view, sort, page, per_page, sort_direction, with_messaging_settings, filter (name/description contains). */
    list: (params: PersonaListQuery = {}) => http.get<Page<Persona>>('/persons', { params }).then((r) => r.data),
    /** `filters` in wire form: pass the UI model through serializePersonFilters. */
    create: (body: CreatePersonaBody) => http.post<{ data: Persona }>('/persons', body).then((r) => r.data.data),
    /** The persona with its saved filters, for the edit form (read them with parsePersonFilters). */
    edit: (id: number) => http.get<{ data: Persona }>(`/persons/${id}/edit`).then((r) => r.data.data),
    update: (id: number, body: UpdatePersonaBody) => http.put<{ data: Persona }>(`/persons/${id}`, body).then((r) => r.data.data),
    delete: (id: number) => http.delete<{ data: { id: number } }>(`/persons/${id}`).then((r) => r.data.data),
    loadedProspects: (
      id: number,
      params: { page?: number; per_page?: number; order_by?: string; order_direction?: 'asc' | 'desc' } = {},
    ) => http.get<Page<Prospect>>(`/persons/${id}/loaded_prospects`, { params }).then((r) => r.data),
    /** Adds a captured LinkedIn profile; the same LinkedIn URL updates the prospect instead of adding another. */
    addCapturedProspect: (id: number, profile: LinkedInProfile) =>
      http.post<{ data: Prospect; created: boolean }>(`/persons/${id}/prospects`, { profile }).then((r) => r.data),

    /** Typeahead values for one filter facet. */
    filterInfo: (params: { filter: FilterInfoFilter; value?: string; use_default_vendor?: boolean }) =>
      http.get<{ data: FilterInfoItem[] }>('/filter_info', { params }).then((r) => r.data.data),
    /** Counts per facet for the prospects these filters match. */
    searchMetadata: (filters: PersonFiltersWire, options: { use_default_vendor?: boolean } = {}) =>
      http.post<{ data: SearchMetadata }>('/search_metadata', { filters, ...options }).then((r) => r.data.data),
    /** What a search would load: the count and the first 10. */
    prospectsPreview: (filters: PersonFiltersWire, options: { use_default_vendor?: boolean } = {}) =>
      http.post<{ data: ProspectsPreview }>('/prospects_preview', { filters, ...options }).then((r) => r.data.data),

    /** A file (multipart, raw bytes) or a JSON file body. */
    validateUpload: (body: FileUpload | FileBody, onProgress?: UploadProgress) =>
      http
        .post<{ data: UploadValidation }>('/validate_upload', isUpload(body) ? fileForm(body) : body, progressOf(onProgress))
        .then((r) => r.data.data),
    filePreview: (body: (FileUpload & { rows?: number }) | FilePreviewBody, onProgress?: UploadProgress) =>
      http
        .post<{ data: FilePreview }>('/file_preview', isUpload(body) ? fileForm(body, { rows: body.rows }) : body, progressOf(onProgress))
        .then((r) => r.data.data),
    /** Automatic header → field mapping; headers seen before get the account's remembered field. */
    generateFields: (headers: string[]) =>
      http.post<{ data: GeneratedFields }>('/generate_fields', { headers }).then((r) => r.data.data),
    /** Starts the import (202); poll importStatus with the job id. The mapping is remembered for the account. */
    upload: (body: (FileUpload & { mapping: ImportMapping; persona_id?: number | null }) | UploadBody, onProgress?: UploadProgress) =>
      http
        .post<{ data: { job_id: number } }>(
          '/upload',
          isUpload(body) ? fileForm(body, { mapping: body.mapping, persona_id: body.persona_id }) : body,
          progressOf(onProgress),
        )
        .then((r) => r.data.data),
    importStatus: (jobId: number) => http.get<{ data: ImportJob }>(`/import_jobs/${jobId}`).then((r) => r.data.data),
    /** Address of the persona performance CSV (needs the auth headers: fetch it with exportPerformanceCsv). */
    exportPerformanceCsvUrl: () => `${http.defaults.baseURL ?? ''}/export_performance_to_csv`,
    /** The persona performance CSV as text. */
    exportPerformanceCsv: () => http.get<string>('/export_performance_to_csv', { responseType: 'text' }).then((r) => r.data),
  };
}

export function prospectEndpoints(http: ApiClient) {
  return {
    /** The account's prospect with this LinkedIn URL, if saved, with the personas it belongs to. */
    findByLinkedInUrl: (profileUrl: string) =>
      http
        .get<{ data: Prospect | null }>('/prospects/search_by_linkedin_url', { params: { profile_url: profileUrl } })
        .then((r) => r.data.data),
    /** One page of the account's prospects: search, the persona filters, membership, sort, paging. */
    search: (body: ProspectSearchBody) => http.post<Page<Prospect>>('/prospects/search', body).then((r) => r.data),
    addToPersona: (body: AddProspectsToPersonaBody) =>
      http.post<{ data: { added: number; already: number } }>('/prospects/add_to_persona', body).then((r) => r.data.data),
    /** Erases the prospects and everything recorded about them. */
    delete: (selection: ProspectSelection) =>
      http.post<{ data: { deleted: number } }>('/prospects/delete', { selection }).then((r) => r.data.data),
    /** The selection as CSV text. */
    exportCsv: (selection: ProspectSelection) =>
      http.post<string>('/prospects/export', { selection }, { responseType: 'text' }).then((r) => r.data),
    /** One persona's prospects as CSV text (spec: campaign_emails/export_prospects_by_person/{id}). */
    exportByPersona: (personaId: number) =>
      http.get<string>(`/campaign_emails/export_prospects_by_person/${personaId}`, { responseType: 'text' }).then((r) => r.data),
  };
}
