// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { linkedInSearchCardSchema } from '@shared/schemas/linkedin-searches';
import { parseSearchResults, type SearchCard } from './parse-search-results';

const load = (name: string) =>
  new DOMParser().parseFromString(readFileSync(path.join(import.meta.dirname, '__fixtures__', `${name}.html`), 'utf8'), 'text/html');

const CLASSIC = 'https://www.linkedin.com/search/results/people/?keywords=vp%20sales&origin=SWITCH_SEARCH_VERTICAL&sid=Xy1';
const SALES_NAV = 'https://www.linkedin.com/sales/search/people?query=(keywords%3Acto)&sessionId=abc%3D%3D&page=3';

function cardsOf(name: string, url: string): { page: number; layout: string; cards: SearchCard[] } {
  const result = parseSearchResults(load(name), url);
  if (result.kind !== 'results') throw new Error(`${name}: expected results, got ${result.kind}`);
  // Every card fits what the API accepts, unchanged by its normalisation.
  for (const card of result.cards) expect(linkedInSearchCardSchema.parse(card)).toEqual(card);
  return result;
}

describe('parseSearchResults', () => {
  it('reads the classic layout: name, headline, normalised profile URL, location; skips hidden members and the sidebar', () => {
    const { cards, page, layout } = cardsOf('search-classic', CLASSIC);
    expect(layout).toBe('classic');
    expect(page).toBe(1);
    expect(cards).toEqual([
      { profile_url: 'https://www.linkedin.com/in/ana-lopez-vp/', full_name: 'Ana López', headline: 'VP Sales at Northwind Traders', location: 'Berlin, Germany' },
      { profile_url: 'https://www.linkedin.com/in/ben-ode/', full_name: 'Ben Ode', headline: 'Head of Revenue | SaaS & Fintech', location: 'London Area, United Kingdom' },
      // Generated class names: read from the visible lines, degree and buttons left out.
      { profile_url: 'https://www.linkedin.com/in/%E7%8E%8B%E8%8A%B3/', full_name: '王芳', headline: 'Sales Manager at 星辰科技', location: 'Shanghai, China' },
    ]);
  });

  it('reads the page from the pagination, else from the address', () => {
    expect(cardsOf('search-classic-page2', `${CLASSIC}&page=2`).page).toBe(2);
    const bare = new DOMParser().parseFromString(
      '<main><ul><li><a href="/in/zoe-k/"><span aria-hidden="true">Zoe K</span></a><div>Founder</div><div>Oslo</div></li></ul></main>',
      'text/html',
    );
    expect(parseSearchResults(bare, `${CLASSIC}&page=7`)).toEqual({
      kind: 'results',
      layout: 'classic',
      page: 7,
      cards: [{ profile_url: 'https://www.linkedin.com/in/zoe-k/', full_name: 'Zoe K', headline: 'Founder', location: 'Oslo' }],
    });
  });

  it('reads the Sales Navigator layout: lead ids become /in/ addresses, title at company as the headline, each lead once', () => {
    const { cards, page, layout } = cardsOf('search-sales-navigator', SALES_NAV);
    expect(layout).toBe('sales_navigator');
    expect(page).toBe(3);
    expect(cards).toEqual([
      { profile_url: 'https://www.linkedin.com/in/ACwAAAB1x2y3/', full_name: 'Dana Whitfield', headline: 'Chief Technology Officer at Fabrikam Payments', location: 'Austin, Texas, United States' },
      { profile_url: 'https://www.linkedin.com/in/ACwAAAC9z8w7/', full_name: 'Olu Adeyemi', headline: 'CTO at Tailspin Toys', location: 'Lagos, Nigeria' },
      { profile_url: 'https://www.linkedin.com/in/ACwAAAD5k4j3/', full_name: 'Mia Svensson', headline: 'Head of Engineering', location: null },
    ]);
  });

  it('tells a search still loading from a page that is not a saved-search kind of page', () => {
    const empty = new DOMParser().parseFromString('<main><div class="search-results__skeleton"></div></main>', 'text/html');
    expect(parseSearchResults(empty, CLASSIC)).toEqual({ kind: 'loading', layout: 'classic', page: 1 });
    expect(parseSearchResults(load('search-classic'), 'https://www.linkedin.com/feed/')).toEqual({ kind: 'not_a_search' });
    expect(parseSearchResults(load('feed'), 'https://www.linkedin.com/search/results/companies/?keywords=x')).toEqual({ kind: 'not_a_search' });
  });
});
