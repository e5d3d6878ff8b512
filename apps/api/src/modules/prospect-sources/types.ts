import type { PersonFilters } from '@shared/schemas/person-filters';
import type { SearchedProspect } from '@shared/schemas/personas';

export type SearchPage = { page: number; perPage: number };

/**
 * Where prospects are searched: the built-in source (the account's own prospects, every filter in
 * SQL) or a people-data vendor (Apollo) behind the same two calls.
 */
export interface ProspectSource {
  readonly name: 'built-in' | 'apollo';
  search(accountId: number, filters: PersonFilters, page: SearchPage): Promise<SearchedProspect[]>;
  count(accountId: number, filters: PersonFilters): Promise<number>;
}

/** A vendor failed or timed out: answered 502 with this message, never a hang. */
export class ProspectSourceError extends Error {}
