import type { EmailThreadFilters } from '@shared/schemas/email-threads';
import type { InteractionFilters } from '@shared/schemas/interactions';
import { paths } from '@web/config/paths';

/**
 * The sixteen thread filters (spec §3) in the page address, so a filtered inbox can be reloaded, shared
 * and navigated back to. Lists are comma-separated; by_date is `date_from` and `date_to`; flags are "1".
 * Invalid values are sent as they are: the API answers 422 with its reason, shown by the list.
 */

export const LIST_KEYS = ['by_source', 'by_persons', 'by_channels', 'by_campaign', 'by_virtual_employee', 'by_persons_names', 'by_reply_statuses', 'by_message_source'] as const;
export const FLAG_KEYS = ['by_interested', 'by_unread', 'by_starred', 'by_needs_review'] as const;
export const TEXT_KEYS = ['by_reply_status', 'by_prospect_name', 'by_search_query', 'by_landing_page'] as const;
const ID_LISTS = new Set<string>(['by_persons', 'by_campaign', 'by_virtual_employee']);

export type ListKey = (typeof LIST_KEYS)[number];
export type FlagKey = (typeof FLAG_KEYS)[number];
export type TextKey = (typeof TEXT_KEYS)[number];

/** The interactions view's own filters (kinds from its counts; one prospect, from a side panel's link). */
export const INTERACTION_LIST_KEYS = ['by_kinds', 'by_prospect'] as const;
/** `view=interactions` shows the interactions (docs/decisions.md); the open one is `interaction`. */
export const VIEW_PARAM = 'view';
export const INTERACTION_PARAM = 'interaction';

/** Every search parameter that belongs to the filters (the selected thread does not). */
export const FILTER_PARAMS = [...LIST_KEYS, ...FLAG_KEYS, ...TEXT_KEYS, 'date_from', 'date_to'] as const;
const ALL_FILTER_PARAMS = [...FILTER_PARAMS, ...INTERACTION_LIST_KEYS] as const;

const splitList = (v: string) => v.split(',').map((s) => s.trim()).filter(Boolean);

export function filtersFromSearch(search: URLSearchParams): EmailThreadFilters {
  const out: Record<string, unknown> = {};
  for (const key of LIST_KEYS) {
    const v = search.get(key);
    if (!v) continue;
    const items = splitList(v);
    if (!items.length) continue;
    // Ids travel as numbers when they are numbers; anything else goes as typed and the API explains.
    out[key] = ID_LISTS.has(key) ? items.map((s) => (/^\d+$/.test(s) ? Number(s) : s)) : items;
  }
  for (const key of FLAG_KEYS) {
    const v = search.get(key);
    if (v === '1' || v === 'true') out[key] = true;
    else if (v === '0' || v === 'false') out[key] = false;
  }
  for (const key of TEXT_KEYS) {
    const v = search.get(key)?.trim();
    if (v) out[key] = v;
  }
  const from = search.get('date_from')?.trim();
  const to = search.get('date_to')?.trim();
  if (from || to) out.by_date = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
  return out as EmailThreadFilters;
}

/** The interaction filters: the thread filters plus the view's own (ids as numbers, as typed otherwise). */
export function interactionFiltersFromSearch(search: URLSearchParams): InteractionFilters {
  const out: Record<string, unknown> = { ...filtersFromSearch(search) };
  const kinds = splitList(search.get('by_kinds') ?? '');
  if (kinds.length) out.by_kinds = kinds;
  const prospects = splitList(search.get('by_prospect') ?? '');
  if (prospects.length) out.by_prospect = prospects.map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  return out as InteractionFilters;
}

/** How many filters are set (the panel heading and "Clear filters"); the interactions view counts its own too. */
export const activeFilterCount = (search: URLSearchParams, interactions = false) =>
  (interactions ? ALL_FILTER_PARAMS : FILTER_PARAMS).filter((k) => (search.get(k) ?? '').trim() !== '').length;

/** The Interactions view with these search parameters (e.g. one prospect's, from a side panel). */
export function interactionsHref(params: Record<string, string>): string {
  const search = new URLSearchParams({ [VIEW_PARAM]: 'interactions', ...params });
  return `${paths.cabinet.inbox.path}?${search.toString()}`;
}

/** The search for the other view: the shared filters stay, the open item and the other view's own filters go. */
export function switchView(search: URLSearchParams, view: 'threads' | 'interactions'): URLSearchParams {
  const next = new URLSearchParams(search);
  next.delete('thread');
  next.delete(INTERACTION_PARAM);
  if (view === 'interactions') next.set(VIEW_PARAM, 'interactions');
  else {
    next.delete(VIEW_PARAM);
    for (const k of INTERACTION_LIST_KEYS) next.delete(k);
  }
  return next;
}

/** A copy of the search with one parameter set (or removed when empty). */
export function withParam(search: URLSearchParams, key: string, value: string | string[] | boolean | null): URLSearchParams {
  const next = new URLSearchParams(search);
  const text = Array.isArray(value) ? value.join(',') : value === true ? '1' : value === false || value === null ? '' : value;
  if (text) next.set(key, text);
  else next.delete(key);
  return next;
}

export function withoutFilters(search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const k of ALL_FILTER_PARAMS) next.delete(k);
  return next;
}
