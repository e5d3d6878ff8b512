import { describe, expect, it } from 'vitest';
import { filtersFromSearch, withParam } from './filters';

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
