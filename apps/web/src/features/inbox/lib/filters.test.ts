import { describe, expect, it } from 'vitest';
import { activeFilterCount, filtersFromSearch, interactionFiltersFromSearch, interactionsHref, switchView, withoutFilters, withParam } from './filters';

describe('filters in the URL', () => {
  it('reads lists, ids, flags, texts and the date range', () => {
    const search = new URLSearchParams('by_campaign=7,8&by_reply_statuses=interested,other&by_unread=1&by_starred=0&by_search_query=%20acme%20&date_to=2026-11-30');
    expect(filtersFromSearch(search)).toEqual({
      by_campaign: [7, 8],
      by_reply_statuses: ['interested', 'other'],
      by_unread: true,
      by_starred: false,
      by_search_query: 'acme',
      by_date: { to: '2026-11-30' },
    });
  });

  it('writes and removes a parameter', () => {
    const s = withParam(new URLSearchParams('thread=3'), 'by_channels', ['email', 'call']);
    expect(s.toString()).toBe('thread=3&by_channels=email%2Ccall');
    expect(withParam(s, 'by_channels', []).toString()).toBe('thread=3');
    expect(withParam(s, 'by_unread', false).has('by_unread')).toBe(false);
  });
});

describe('the interactions view in the URL', () => {
  it('reads its own filters beside the shared ones; the threads ignore them', () => {
    const search = new URLSearchParams('view=interactions&by_kinds=reply,bounce&by_prospect=12&by_campaign=7&interaction=4');
    expect(interactionFiltersFromSearch(search)).toEqual({ by_kinds: ['reply', 'bounce'], by_prospect: [12], by_campaign: [7] });
    expect(filtersFromSearch(search)).toEqual({ by_campaign: [7] });
    expect(activeFilterCount(search)).toBe(1);
    expect(activeFilterCount(search, true)).toBe(3);
  });

  it('switching views keeps the shared filters and drops the open item and the other view’s own', () => {
    const fromThreads = switchView(new URLSearchParams('by_unread=1&thread=3'), 'interactions');
    expect(fromThreads.toString()).toBe('by_unread=1&view=interactions');
    const back = switchView(new URLSearchParams('view=interactions&by_unread=1&by_kinds=reply&interaction=9'), 'threads');
    expect(back.toString()).toBe('by_unread=1');
    expect(withoutFilters(new URLSearchParams('view=interactions&by_kinds=reply&by_unread=1')).toString()).toBe('view=interactions');
  });

  it('links to one prospect’s interactions', () => {
    expect(interactionsHref({ by_prospect: '5', by_channels: 'call' })).toBe('/cabinet/inbox?view=interactions&by_prospect=5&by_channels=call');
  });
});
