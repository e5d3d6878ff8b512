import { canonicalLinkedInProfileUrl } from '@shared/schemas/linkedin';
import { linkedInSearchPage, parseLinkedInSearchUrl, type LinkedInSearchKind } from '@shared/schemas/linkedin-searches';
import { clean, firstLine, textLines } from './dom-text';

/**
 * Reads the result cards of a LinkedIn people search or a Sales Navigator lead search as they are on
 * screen: name, headline, profile address and location. Pure: it only reads the document (never clicks,
 * scrolls or types). Fixtures: __fixtures__/search-*.html.
 *
 * Classic layout: LinkedIn's entity-result classes, then its `data-view-name` and `data-chameleon-result-urn`
 * markers, then any list item with a /in/ link, read by its visible lines (generated class names).
 * Sales Navigator: `data-x-search-result="LEAD"` cards and their `data-anonymize` fields; a lead link
 * (/sales/lead/ACw…,NAME_SEARCH,…) names the member by id, and https://www.linkedin.com/in/ACw…/ opens
 * that member's profile (the card shows no vanity address).
 */

export type SearchCard = { profile_url: string; full_name: string; headline: string | null; location: string | null };

export type SearchParseResult =
  | { kind: 'not_a_search' }
  /** A search page whose cards are not on screen yet (or that found nobody). */
  | { kind: 'loading'; layout: LinkedInSearchKind; page: number }
  | { kind: 'results'; layout: LinkedInSearchKind; page: number; cards: SearchCard[] };

const HIDDEN_MEMBER = /^linkedin member$/i;
const DEGREE = /^(•|·)?\s*(1st|2nd|3rd\+?|3rd)\b|degree connection$/i;
const ACTIONS = /^(connect|message|follow|following|pending|save|saved|view profile)$/i;

/** The page the results show: the pagination's current button, else the address's `page`. */
function pageOf(doc: Document, url: string): number {
  const current = doc.querySelector('.artdeco-pagination [aria-current="true"], .artdeco-pagination__indicator--number.active button');
  const n = Number(clean(current?.textContent));
  return Number.isInteger(n) && n >= 1 ? n : linkedInSearchPage(url);
}

/** The member's name from a title link: its visible copy, never the screen-reader "View …’s profile". */
function nameOf(link: Element | null): string | null {
  if (!link) return null;
  const visible = link.querySelector('span[aria-hidden="true"]');
  const name = clean(visible?.textContent) || firstLine(link) || '';
  const plain = name.replace(/^View\s+/i, '').replace(/[’']s profile$/i, '').trim();
  return plain && !HIDDEN_MEMBER.test(plain) ? plain.slice(0, 300) : null;
}

const textOf = (el: Element | null | undefined): string | null => (el ? clean(el.textContent) || null : null);

function classicCard(card: Element): SearchCard | null {
  const links = [...card.querySelectorAll('a[href]')].filter((a) => canonicalLinkedInProfileUrl(absolute(a)) !== null);
  if (links.length === 0) return null;
  const profileUrl = canonicalLinkedInProfileUrl(absolute(links[0]!))!;
  const titleLink = card.querySelector('.entity-result__title-text a') ?? links.find((a) => nameOf(a) !== null) ?? null;
  const fullName = nameOf(titleLink);
  if (!fullName) return null;
  let headline = textOf(card.querySelector('.entity-result__primary-subtitle'));
  let location = textOf(card.querySelector('.entity-result__secondary-subtitle'));
  if (!headline && !location) {
    // Generated class names: the visible lines after the name, without the degree, the buttons and the summary.
    const lines = textLines(card, { exclude: (el) => el.tagName === 'P' || el.tagName === 'BUTTON', max: 12 }).filter(
      (l) => l !== fullName && !DEGREE.test(l) && !ACTIONS.test(l),
    );
    headline = lines[0] ?? null;
    location = lines[1] ?? null;
  }
  return { profile_url: profileUrl, full_name: fullName, headline: headline?.slice(0, 500) ?? null, location: location?.slice(0, 300) ?? null };
}

const LEAD_PATH = /\/sales\/lead\/(AC[A-Za-z0-9_-]+)[,/?]/;

function salesNavigatorCard(card: Element): SearchCard | null {
  const profileLink = [...card.querySelectorAll('a[href]')].find((a) => canonicalLinkedInProfileUrl(absolute(a)) !== null);
  let profileUrl = profileLink ? canonicalLinkedInProfileUrl(absolute(profileLink)) : null;
  if (!profileUrl) {
    const lead = [...card.querySelectorAll('a[href*="/sales/lead/"]')].map((a) => LEAD_PATH.exec(`${absolute(a)},`)?.[1]).find(Boolean);
    if (lead) profileUrl = canonicalLinkedInProfileUrl(`https://www.linkedin.com/in/${lead}/`);
  }
  const fullName = textOf(card.querySelector('[data-anonymize="person-name"]'));
  if (!profileUrl || !fullName || HIDDEN_MEMBER.test(fullName)) return null;
  const title = textOf(card.querySelector('[data-anonymize="title"]'));
  const company = textOf(card.querySelector('[data-anonymize="company-name"]'));
  const headline = textOf(card.querySelector('[data-anonymize="headline"]')) ?? (title && company ? `${title} at ${company}` : (title ?? company));
  return {
    profile_url: profileUrl,
    full_name: fullName.slice(0, 300),
    headline: headline?.slice(0, 500) ?? null,
    location: textOf(card.querySelector('[data-anonymize="location"]'))?.slice(0, 300) ?? null,
  };
}

/** An anchor's address, absolute against LinkedIn (the parser also runs on documents without a base URL). */
function absolute(a: Element): string {
  const href = a.getAttribute('href') ?? '';
  try {
    return new URL(href, 'https://www.linkedin.com/').toString();
  } catch {
    return '';
  }
}

/** The outermost card elements, each once (a card may carry several markers). */
function outermost(elements: Element[]): Element[] {
  const set = new Set(elements);
  return elements.filter((el) => {
    for (let p = el.parentElement; p; p = p.parentElement) if (set.has(p)) return false;
    return true;
  });
}

function classicCards(scope: Element): Element[] {
  const marked = outermost([...scope.querySelectorAll('[data-chameleon-result-urn], .entity-result, [data-view-name="search-entity-result-universal-template"]')]);
  if (marked.length > 0) return marked;
  return [...scope.querySelectorAll('li')].filter((li) => !li.querySelector('li') && li.querySelector('a[href*="/in/"]'));
}

export function parseSearchResults(doc: Document, url: string): SearchParseResult {
  const search = parseLinkedInSearchUrl(url);
  if (!search) return { kind: 'not_a_search' };
  const page = pageOf(doc, url);
  const scope = doc.querySelector('main, [role="main"]') ?? doc.body;
  if (!scope) return { kind: 'loading', layout: search.kind, page };
  const elements = search.kind === 'classic' ? classicCards(scope) : [...scope.querySelectorAll('[data-x-search-result="LEAD"]')];
  const read = search.kind === 'classic' ? classicCard : salesNavigatorCard;
  const cards = new Map<string, SearchCard>();
  for (const el of elements) {
    const card = read(el);
    if (card && !cards.has(card.profile_url)) cards.set(card.profile_url, card);
  }
  if (cards.size === 0) return { kind: 'loading', layout: search.kind, page };
  return { kind: 'results', layout: search.kind, page, cards: [...cards.values()] };
}
