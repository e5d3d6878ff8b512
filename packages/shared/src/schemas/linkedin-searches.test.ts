import { describe, expect, it } from 'vitest';
import { canonicalLinkedInProfileUrl } from './linkedin';
import { createLinkedInSearchBodySchema, linkedInSearchPage, parseLinkedInSearchUrl } from './linkedin-searches';

describe('parseLinkedInSearchUrl', () => {
  it('keeps the search, drops what changes while paging or only tracks the visit, one spelling per search', () => {
    const a = parseLinkedInSearchUrl('http://linkedin.com/search/results/people?origin=FACETED_SEARCH&keywords=vp%20sales&page=4&sid=Ab1&network=%5B%22S%22%5D');
    const b = parseLinkedInSearchUrl('https://www.linkedin.com/search/results/people/?network=%5B%22S%22%5D&keywords=vp+sales');
    expect(a).toEqual({
      kind: 'classic',
      key: '/search/results/people/?keywords=vp+sales&network=%5B%22S%22%5D',
      url: 'https://www.linkedin.com/search/results/people/?keywords=vp+sales&network=%5B%22S%22%5D',
    });
    expect(b).toEqual(a);
    expect(parseLinkedInSearchUrl('https://www.linkedin.com/sales/search/people?query=(keywords%3Acto)&sessionId=x%3D%3D&page=2&viewAllFilters=true')).toEqual({
      kind: 'sales_navigator',
      key: '/sales/search/people?query=%28keywords%3Acto%29',
      url: 'https://www.linkedin.com/sales/search/people?query=%28keywords%3Acto%29',
    });
  });

  it('refuses other pages, other hosts and other schemes', () => {
    for (const url of [
      'https://www.linkedin.com/in/jane/',
      'https://www.linkedin.com/search/results/all/?keywords=x',
      'https://www.linkedin.com/search/results/people/extra',
      'https://www.linkedin.com/sales/search/company?query=x',
      'https://linkedin.com.evil.example/search/results/people/',
      'https://evillinkedin.com/search/results/people/',
      'ftp://www.linkedin.com/search/results/people/',
      'not a url',
    ]) {
      expect(parseLinkedInSearchUrl(url), url).toBeNull();
    }
    expect(createLinkedInSearchBodySchema.safeParse({ person_id: 1, url: 'https://www.linkedin.com/feed/' }).success).toBe(false);
  });

  it('reads the page of an address', () => {
    expect(linkedInSearchPage('https://www.linkedin.com/search/results/people/?keywords=x&page=3')).toBe(3);
    expect(linkedInSearchPage('https://www.linkedin.com/search/results/people/?keywords=x')).toBe(1);
    expect(linkedInSearchPage('https://www.linkedin.com/search/results/people/?page=-2')).toBe(1);
  });

  it("keeps Sales Navigator's lead ids case-sensitive as profile addresses", () => {
    expect(canonicalLinkedInProfileUrl('https://www.linkedin.com/in/ACwAAAB1x2y3')).toBe('https://www.linkedin.com/in/ACwAAAB1x2y3/');
    expect(canonicalLinkedInProfileUrl('https://www.linkedin.com/in/Jane-Doe')).toBe('https://www.linkedin.com/in/jane-doe/');
  });
});
