import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PersonFiltersWire } from '@shared/schemas/person-filters';
import type { ProspectsPreview } from '@shared/schemas/personas';
import { api } from '@web/lib/api';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { personasPageKeys } from './keys';

export const LIVE_COUNT_DEBOUNCE_MS = 300;

/**
 * One request in flight at a time, latest wins: a count waits for the previous request to settle
 * before it is sent, and is dropped unsent when newer filters replaced it meanwhile (its AbortSignal,
 * which React Query aborts when the key changes, has fired). So fast edits never pile requests up.
 */
let inflight: Promise<unknown> = Promise.resolve();

async function fetchPreview(filters: PersonFiltersWire, signal: AbortSignal): Promise<ProspectsPreview> {
  const previous = inflight;
  await previous.catch(() => undefined);
  if (signal.aborted) throw new DOMException('Superseded by newer filters', 'AbortError');
  const request = api.persons.prospectsPreview(filters);
  inflight = request.catch(() => undefined);
  return request;
}

/** POST prospects_preview for the filters once they have been still for 300 ms. */
export function useLiveCount(filters: PersonFiltersWire | null) {
  const key = filters === null ? null : JSON.stringify(filters);
  const debouncedKey = useDebouncedValue(key, LIVE_COUNT_DEBOUNCE_MS);
  const settled = debouncedKey === key;
  const query = useQuery({
    queryKey: personasPageKeys.preview(debouncedKey),
    queryFn: ({ signal }) => fetchPreview(JSON.parse(debouncedKey!) as PersonFiltersWire, signal),
    enabled: debouncedKey !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });
  /** Counting while the filters are still settling or the request is out. */
  return { ...query, counting: (!settled && key !== null) || query.isFetching };
}
