import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FilterInfoFilter } from '@shared/schemas/person-filters';
import { api } from '@web/lib/api';
import { personasPageKeys } from './keys';

/** A typeahead suggestion (filter_info answers id, name, uid and how many prospects have it). */
export type FilterOption = { id: string | number; name: string; uid: string; count?: number };

/** Where a picker's suggestions come from: a filter_info facet. */
export type FilterOptionsSource = { filter: FilterInfoFilter };

/** GET filter_info for the (already debounced) text; only while the picker is open. */
export function useFilterOptions(source: FilterOptionsSource | null, value: string, enabled: boolean) {
  return useQuery({
    queryKey: personasPageKeys.filterInfo(source?.filter ?? '', value),
    queryFn: (): Promise<FilterOption[]> => api.persons.filterInfo({ filter: source!.filter, value }),
    enabled: enabled && source !== null,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
