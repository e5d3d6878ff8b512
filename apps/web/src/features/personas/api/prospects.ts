import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddProspectsToPersonaBody, ProspectSearchBody, ProspectSelection } from '@shared/schemas/prospects';
import { api } from '@web/lib/api';
import { downloadText } from '@web/lib/download';
import { personasPageKeys } from './keys';

/** Keys of the account-wide prospects page, under the personas root so persona changes refresh it too. */
export const prospectKeys = {
  all: () => [...personasPageKeys.all, 'account-prospects'] as const,
  search: (body: ProspectSearchBody) => [...prospectKeys.all(), body] as const,
};

/** POST prospects/search: one page of the account's prospects. */
export function useProspectSearch(body: ProspectSearchBody) {
  return useQuery({
    queryKey: prospectKeys.search(body),
    queryFn: () => api.prospects.search(body),
    placeholderData: keepPreviousData,
  });
}

/** Membership and counts change everywhere (persona counts, loaded prospects, this list). */
function useRefreshPersonas() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: personasPageKeys.all });
}

export function useAddProspectsToPersona() {
  const refresh = useRefreshPersonas();
  return useMutation({ mutationFn: (body: AddProspectsToPersonaBody) => api.prospects.addToPersona(body), onSuccess: refresh });
}

export function useDeleteProspects() {
  const refresh = useRefreshPersonas();
  return useMutation({ mutationFn: (selection: ProspectSelection) => api.prospects.delete(selection), onSuccess: refresh });
}

const today = () => new Date().toISOString().slice(0, 10);

export function useExportProspects() {
  return useMutation({
    mutationFn: (selection: ProspectSelection) => api.prospects.exportCsv(selection),
    onSuccess: (csv) => downloadText(csv, `prospects-${today()}.csv`),
  });
}

/** GET campaign_emails/export_prospects_by_person/{id}: one persona's prospects, downloaded. */
export function useExportPersonaProspects(personaId: number, personaName: string) {
  return useMutation({
    mutationFn: () => api.prospects.exportByPersona(personaId),
    onSuccess: (csv) => {
      const slug = personaName.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || `persona-${personaId}`;
      downloadText(csv, `${slug}-prospects-${today()}.csv`);
    },
  });
}
