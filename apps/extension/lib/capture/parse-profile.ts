import {
  canonicalLinkedInProfileUrl,
  linkedInPublicIdentifier,
  type FieldSource,
  type LinkedInProfile,
  type ProfileField,
} from '@shared/schemas/linkedin';
import { clean, firstLine, norm, textLines } from './dom-text';
import {
  findSection,
  readAbout,
  readContactInfo,
  readEducation,
  readExperience,
  readSkills,
} from './sections';
import { readEmbedded, readJsonLd, type StructuredPerson } from './structured';

/**
 * The capture: a pure function from a LinkedIn page to a structured profile.
 *
 * Extraction is layered so that it survives LinkedIn's changes. For each field the first layer that
 * finds it wins, and `sources` says which one:
 *   1. structured data: JSON-LD (`json-ld`), LinkedIn's embedded page data in <code> blocks (`embedded`);
 *   2. semantic selectors (`selector`): LinkedIn's current classes, anchor ids (#experience…), aria-labels;
 *   3. heuristics (`heuristic`): the page's single top-card h1, landmarks, section headings, text near the h1;
 *   and the page URL (`url`) for the profile address when the page itself does not say it.
 * A field that no layer finds is `missing` with null / [] — never invented.
 *
 * Lists (experience, education, skills) come from the page's sections: JSON-LD carries only current
 * employers and schools without titles or degrees, so it would be the poorer source.
 *
 * The member is the one the URL names. LinkedIn updates the URL before it swaps the content, and after
 * in-app navigation it may leave the previous member's head in place (canonical link, og tags, JSON-LD,
 * title) while the new member's top card is on screen. So:
 *   - the top card's own links (/in/<id>/overlay|edit|details/…) naming another member mean the card is
 *     still that member's: loading;
 *   - head signals that disagree with the URL are ignored as identity: they never block a capture. They
 *     only serve to recognise the previous member's card still on screen (its name matches the stale
 *     structured data of the member the head names): loading, unless the caller knows the card on
 *     screen replaced the previous one since the URL changed (`cardReplaced`, from the watcher).
 * So the previous profile is never reported for a new URL, and a stale head never holds a capture back.
 */
export type ParseResult = { kind: 'profile'; profile: LinkedInProfile } | { kind: 'not_a_profile' } | { kind: 'loading' };

export type ParseHints = {
  /** The watcher saw the top card replaced after the URL changed to this member: the card on screen is this member's. */
  cardReplaced?: boolean;
};

const NOT_A_PROFILE: ParseResult = { kind: 'not_a_profile' };
const LOADING: ParseResult = { kind: 'loading' };

/** /in/<id>/ and its overlays (contact info, about this profile) show the profile; /in/<id>/details/… and activity pages do not. */
const PROFILE_PAGE_RE = /^\/in\/[^/]+\/?(?:overlay\/.*)?$/i;

const DEGREE_RE = /^(?:·\s*)?(1st|2nd|3rd)\+?(?:\s+degree(?: connection)?)?$/i;
const PRONOUNS_RE = /^\(?(?:he|she|they|ze|xe)\/(?:him|her|them|hir|xem|his|hers|theirs)(?:\/\w+)?\)?$/i;
const TOP_CARD_NOISE_RE =
  /^(?:·|•|-|contact info|verified|premium|open to work|show details|\d[\d,.+]*k?\+? (?:connections?|followers?)|.*\bmutual connections?\b.*|she\/her|he\/him|they\/them)$/i;
const OWNER_CONTROLS = ['open to', 'add profile section', 'add section', 'enhance profile', 'edit intro', 'edit profile', 'add photo', 'resources'];
const CJK_RE = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;

const LIMITS: Partial<Record<keyof LinkedInProfile, number>> = {
  full_name: 300,
  first_name: 200,
  last_name: 200,
  headline: 500,
  location: 300,
  photo_url: 2000,
  about: 5000,
  current_company: 300,
  current_title: 300,
};

function sameId(a: string | null, b: string): boolean {
  return a !== null && a.toLowerCase() === b.toLowerCase();
}

type TopCard = { h1: Element; card: Element; source: 'selector' | 'heuristic'; name: string };

function findTopCard(scope: ParentNode): TopCard | null {
  const bySelector = scope.querySelector('h1.text-heading-xlarge, .pv-top-card h1, .ph5 h1');
  const pick = (h1: Element, source: TopCard['source']): TopCard | null => {
    const name = firstLine(h1);
    if (!name) return null;
    let card: Element = h1.closest('section') ?? h1;
    if (card === h1) {
      // No section landmark: climb until the block holds more than the name.
      for (let i = 0; i < 5 && card.parentElement && card.parentElement.tagName !== 'MAIN'; i++) card = card.parentElement;
    }
    return { h1, card, source, name };
  };
  if (bySelector) {
    const found = pick(bySelector, 'selector');
    if (found) return found;
  }
  for (const h1 of scope.querySelectorAll('h1')) {
    const found = pick(h1, 'heuristic');
    if (found) return found;
  }
  return null;
}

const memberOf = (href: string | null | undefined): string | null => {
  if (!href) return null;
  try {
    return linkedInPublicIdentifier(new URL(href, 'https://www.linkedin.com').href);
  } catch {
    return null;
  }
};

/**
 * Which member the page itself says it shows. The head (canonical link, og:url) may be stale after
 * in-app navigation, so it is only reported; the top card's own links are part of what is on screen.
 */
function shownMembers(doc: Document, top: TopCard | null): { head: string[]; fromLinks: string | null } {
  const head = [
    memberOf(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')),
    memberOf(doc.querySelector('meta[property="og:url"]')?.getAttribute('content')),
  ].filter((id): id is string => id !== null);
  let fromLinks: string | null = null;
  if (top) {
    for (const a of top.card.querySelectorAll('a[href*="/in/"]')) {
      const href = a.getAttribute('href')!;
      if (!/\/in\/[^/]+\/(?:overlay|edit|details|recent-activity)\//.test(href)) continue;
      fromLinks = memberOf(href);
      if (fromLinks) break;
    }
  }
  return { head, fromLinks };
}

/**
 * The top card still shows the member a stale head names: its name is the one that member's own
 * structured data (JSON-LD, embedded page data) gives. Head data that names no one is no evidence.
 */
function cardOfStaleHead(doc: Document, top: TopCard | null, staleMembers: string[]): boolean {
  if (!top) return false;
  const shownName = norm(top.name);
  return staleMembers.some((id) => {
    const record = readJsonLd(doc, id) ?? readEmbedded(doc, id);
    const name = record?.fullName ?? (record?.firstName || record?.lastName ? [record.firstName, record.lastName].filter(Boolean).join(' ') : null);
    return name !== null && norm(name) === shownName;
  });
}

function isGhostPhoto(img: Element): boolean {
  const src = img.getAttribute('src') ?? '';
  return !src || src.startsWith('data:') || /ghost|person-placeholder|default-avatar/i.test(src + ' ' + (img.getAttribute('class') ?? ''));
}

function parseDegree(text: string | null | undefined): LinkedInProfile['connection_degree'] {
  const m = DEGREE_RE.exec(clean(text));
  return m ? (m[1]!.toLowerCase() as '1st' | '2nd' | '3rd') : null;
}

function splitName(full: string): { first: string; last: string } | null {
  // Family-name-first scripts cannot be split by position; a credential after a comma is not a name.
  if (CJK_RE.test(full)) return null;
  const tokens = full.split(',')[0]!.trim().split(/\s+/).filter(Boolean);
  if (tokens.length < 2) return null;
  return { first: tokens[0]!, last: tokens.slice(1).join(' ') };
}

class FieldPicker {
  readonly sources = {} as Record<ProfileField, FieldSource>;
  pick<T>(field: ProfileField, empty: T, ...candidates: Array<[FieldSource, T | null | undefined] | null | false>): T {
    for (const c of candidates) {
      if (!c) continue;
      const [source, value] = c;
      if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) continue;
      this.sources[field] = source;
      return value;
    }
    this.sources[field] = 'missing';
    return empty;
  }
}

function clip(profile: LinkedInProfile): LinkedInProfile {
  for (const [key, max] of Object.entries(LIMITS) as Array<[keyof LinkedInProfile, number]>) {
    const v = profile[key];
    if (typeof v === 'string' && v.length > max) (profile as Record<string, unknown>)[key] = v.slice(0, max);
  }
  return profile;
}

export function parseProfile(doc: Document, url: string, hints: ParseHints = {}): ParseResult {
  let pageUrl: URL;
  try {
    pageUrl = new URL(url);
  } catch {
    return NOT_A_PROFILE;
  }
  const publicId = linkedInPublicIdentifier(url);
  if (!publicId || !/^(?:www\.)?linkedin\.com$/i.test(pageUrl.hostname) || !PROFILE_PAGE_RE.test(pageUrl.pathname)) return NOT_A_PROFILE;

  const scope: ParentNode = doc.querySelector('main, [role="main"]') ?? doc.body ?? doc;
  const top = findTopCard(scope);
  const shown = shownMembers(doc, top);
  // The top card on screen is still another member's: wait for the new content.
  if (shown.fromLinks && !sameId(shown.fromLinks, publicId)) return LOADING;
  const headAgrees = shown.head.some((id) => sameId(id, publicId));
  const staleHead = shown.head.filter((id) => !sameId(id, publicId));
  // A stale head is no identity; it only recognises its own member's card, if that is still what shows.
  if (!hints.cardReplaced && staleHead.length > 0 && cardOfStaleHead(doc, top, staleHead)) return LOADING;

  const jsonLd = readJsonLd(doc, publicId);
  const embedded = readEmbedded(doc, publicId);
  if (!top && !jsonLd && !embedded) return LOADING;

  const f = new FieldPicker();
  const s = (layer: StructuredPerson | null, source: FieldSource, key: keyof StructuredPerson): [FieldSource, string | null] | null =>
    layer ? [source, layer[key] as string | null] : null;

  const profileUrlFrom = f.pick<string>(
    'profile_url',
    '',
    s(jsonLd, 'json-ld', 'profileUrl'),
    s(embedded, 'embedded', 'profileUrl'),
    ['selector', headAgrees ? url : null],
    ['heuristic', shown.fromLinks ? url : null],
    ['url', url],
  );
  const profile_url = canonicalLinkedInProfileUrl(profileUrlFrom) ?? canonicalLinkedInProfileUrl(url)!;

  const card = top?.card ?? null;
  const cardLines = card ? textLines(card, { max: 60 }) : [];
  const nameLine = top?.name ?? null;
  const limited =
    norm(nameLine) === 'linkedin member' ||
    cardLines.some((l) => /profile is (?:private|not available)|outside (?:of )?your network|upgrade to (?:view|see) (?:the )?full profile/i.test(l));
  const domName = limited ? null : nameLine;

  const full_name = f.pick<string | null>(
    'full_name',
    null,
    s(jsonLd, 'json-ld', 'fullName'),
    s(embedded, 'embedded', 'fullName'),
    top ? [top.source, domName] : null,
  );

  // Lines after the name, without badges, pronouns, degree and counters.
  const nameIdx = nameLine ? cardLines.indexOf(nameLine) : -1;
  const afterName = cardLines.slice(nameIdx + 1);
  const meaningful = afterName.filter((l) => !DEGREE_RE.test(l) && !PRONOUNS_RE.test(l) && !TOP_CARD_NOISE_RE.test(l));
  const contactIdx = afterName.findIndex((l) => /^contact info$/i.test(l));
  const beforeContact = contactIdx > 0 ? afterName.slice(0, contactIdx).filter((l) => meaningful.includes(l)) : [];

  const headlineSel = card?.querySelector('.text-body-medium');
  const headline = f.pick<string | null>(
    'headline',
    null,
    s(jsonLd, 'json-ld', 'headline'),
    s(embedded, 'embedded', 'headline'),
    ['selector', headlineSel ? firstLine(headlineSel) : null],
    ['heuristic', meaningful[0] ?? null],
  );

  const locationSel = card?.querySelector('.text-body-small.inline.t-black--light.break-words, .pv-text-details__left-panel .text-body-small');
  const locationGuess = beforeContact.length ? beforeContact[beforeContact.length - 1] : meaningful[1];
  const location = f.pick<string | null>(
    'location',
    null,
    s(jsonLd, 'json-ld', 'location'),
    s(embedded, 'embedded', 'location'),
    ['selector', locationSel ? firstLine(locationSel) : null],
    ['heuristic', locationGuess && locationGuess !== headline ? locationGuess : null],
  );

  const photoSel = card?.querySelector(
    'img.pv-top-card-profile-picture__image--show, img.pv-top-card-profile-picture__image, .pv-top-card__photo img, img.profile-photo-edit__preview',
  );
  const nameForAlt = norm(domName ?? full_name);
  const photoGuess = card
    ? Array.from(card.querySelectorAll('img[alt]')).find((img) => nameForAlt && norm(img.getAttribute('alt')).startsWith(nameForAlt))
    : undefined;
  const photo_url = f.pick<string | null>(
    'photo_url',
    null,
    s(jsonLd, 'json-ld', 'photoUrl'),
    s(embedded, 'embedded', 'photoUrl'),
    ['selector', photoSel && !isGhostPhoto(photoSel) ? photoSel.getAttribute('src') : null],
    ['heuristic', photoGuess && !isGhostPhoto(photoGuess) ? photoGuess.getAttribute('src') : null],
  );

  const aboutSec = findSection(doc, scope, 'about');
  const about = f.pick<string | null>(
    'about',
    null,
    s(jsonLd, 'json-ld', 'about'),
    s(embedded, 'embedded', 'about'),
    aboutSec ? [aboutSec.source, readAbout(aboutSec.value)] : null,
  );

  const expSec = findSection(doc, scope, 'experience');
  const experience = f.pick('experience', [], expSec ? [expSec.source, readExperience(expSec.value)] : null);
  const eduSec = findSection(doc, scope, 'education');
  const education = f.pick('education', [], eduSec ? [eduSec.source, readEducation(eduSec.value)] : null);
  const skillsSec = findSection(doc, scope, 'skills');
  const skills = f.pick('skills', [], skillsSec ? [skillsSec.source, readSkills(skillsSec.value)] : null);

  const currentRole = experience.find((e) => e.date_range && /present|current|now|today|現在|настоящее|الآن/i.test(e.date_range));
  const expSource = f.sources.experience;
  const companyButton = card?.querySelector('button[aria-label^="Current company:" i], [aria-label^="Current company:" i]');
  const companyFromButton = companyButton
    ? (/^current company:\s*(.+?)(?:\.\s*click to skip.*)?$/i.exec(clean(companyButton.getAttribute('aria-label')))?.[1] ?? null)
    : null;
  const headlineRole = headline && !limited ? /^(.{2,120}?)\s+(?:at|@)\s+(.{2,120}?)(?:\s+[|·•]\s.*)?$/i.exec(headline) : null;
  const current_company = f.pick<string | null>(
    'current_company',
    null,
    s(jsonLd, 'json-ld', 'currentCompany'),
    s(embedded, 'embedded', 'currentCompany'),
    [expSource, currentRole?.company ?? null],
    ['heuristic', companyFromButton],
    ['heuristic', headlineRole?.[2] ?? null],
  );
  const current_title = f.pick<string | null>(
    'current_title',
    null,
    s(jsonLd, 'json-ld', 'currentTitle'),
    s(embedded, 'embedded', 'currentTitle'),
    [expSource, currentRole?.title ?? null],
    ['heuristic', headlineRole?.[1] ?? null],
  );

  // Split the displayed name only when the structured data has no parts of its own.
  const split = full_name ? splitName(full_name) : null;
  const first_name = f.pick<string | null>(
    'first_name',
    null,
    s(jsonLd, 'json-ld', 'firstName'),
    s(embedded, 'embedded', 'firstName'),
    ['heuristic', split?.first],
  );
  const last_name = f.pick<string | null>(
    'last_name',
    null,
    s(jsonLd, 'json-ld', 'lastName'),
    s(embedded, 'embedded', 'lastName'),
    ['heuristic', split?.last],
  );

  // The owner's own view carries controls no visitor sees.
  const controls = card ? Array.from(card.querySelectorAll('button, a')) : [];
  const is_own_profile =
    controls.some((el) => OWNER_CONTROLS.includes(norm(firstLine(el) ?? el.textContent)) || OWNER_CONTROLS.includes(norm(el.getAttribute('aria-label')))) ||
    (card?.querySelector('a[href*="/edit/intro"], a[href*="/edit/forms/intro"]') ?? null) !== null;

  const degreeSel = card?.querySelector('.dist-value');
  const degreeAria = card?.querySelector('[aria-label*="degree connection" i]')?.getAttribute('aria-label');
  const connection_degree = f.pick<LinkedInProfile['connection_degree']>(
    'connection_degree',
    null,
    s(jsonLd, 'json-ld', 'connectionDegree') as [FieldSource, LinkedInProfile['connection_degree']] | null,
    s(embedded, 'embedded', 'connectionDegree') as [FieldSource, LinkedInProfile['connection_degree']] | null,
    ['selector', degreeSel ? parseDegree(degreeSel.textContent) : null],
    ['heuristic', is_own_profile ? 'self' : null],
    ['heuristic', parseDegree(afterName.find((l) => DEGREE_RE.test(l))) ?? parseDegree(/(1st|2nd|3rd)/i.exec(degreeAria ?? '')?.[1])],
  );

  const contact = readContactInfo(doc);
  const contact_info = f.pick('contact_info', null, contact ? [contact.source, contact.value] : null);

  const open_to_work =
    !!card &&
    (Array.from(card.querySelectorAll('img[alt]')).some((img) => /#open_?to_?work/i.test(img.getAttribute('alt') ?? '')) ||
      cardLines.some((l) => /^open to work\b/i.test(l)));

  return {
    kind: 'profile',
    profile: clip({
      profile_url,
      public_identifier: linkedInPublicIdentifier(profile_url) ?? publicId,
      full_name,
      first_name,
      last_name,
      headline,
      location,
      photo_url,
      about,
      current_company,
      current_title,
      experience,
      education,
      skills,
      connection_degree,
      contact_info,
      open_to_work,
      is_own_profile,
      limited,
      sources: f.sources,
    }),
  };
}

