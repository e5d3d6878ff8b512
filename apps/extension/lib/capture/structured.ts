import { linkedInPublicIdentifier } from '@shared/schemas/linkedin';

/**
 * Layer 1 of the capture: data the page carries in machine-readable form. A record is used only when
 * it names the member of the page's URL — stale data of the previous profile (LinkedIn swaps pages
 * in place) or of "People also viewed" members is ignored.
 */

export type StructuredPerson = {
  profileUrl: string | null;
  fullName: string | null;
  firstName: string | null;
  lastName: string | null;
  headline: string | null;
  location: string | null;
  photoUrl: string | null;
  about: string | null;
  currentCompany: string | null;
  currentTitle: string | null;
  connectionDegree: '1st' | '2nd' | '3rd' | 'out_of_network' | null;
};

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const first = <T>(v: T | T[] | undefined | null): T | undefined => (Array.isArray(v) ? v[0] : (v ?? undefined));
const sameMember = (a: string | null, id: string) => a !== null && a.toLowerCase() === id.toLowerCase();

function types(o: Json): string[] {
  const t = o['@type'];
  return (Array.isArray(t) ? t : [t]).filter((x): x is string => typeof x === 'string');
}

/** Every schema.org Person in the page's JSON-LD (inside @graph, ProfilePage.mainEntity, arrays). */
function jsonLdPersons(doc: Document): Json[] {
  const persons: Json[] = [];
  const visit = (v: unknown, depth: number) => {
    if (depth > 6) return;
    if (Array.isArray(v)) return v.forEach((x) => visit(x, depth + 1));
    if (!isObj(v)) return;
    if (types(v).includes('Person')) persons.push(v);
    if (v['@graph']) visit(v['@graph'], depth + 1);
    if (v.mainEntity) visit(v.mainEntity, depth + 1);
  };
  for (const script of doc.querySelectorAll('script[type="application/ld+json"]')) {
    try {
      visit(JSON.parse(script.textContent ?? ''), 0);
    } catch {
      // A broken block is skipped; the other layers still run.
    }
  }
  return persons;
}

function imageUrl(v: unknown): string | null {
  const img = first(v as unknown[]);
  if (typeof img === 'string') return str(img);
  if (isObj(img)) return str(img.contentUrl) ?? str(img.url);
  return null;
}

function address(v: unknown): string | null {
  const a = first(v as unknown[]);
  if (typeof a === 'string') return str(a);
  if (!isObj(a)) return null;
  const country = isObj(a.addressCountry) ? str(a.addressCountry.name) : str(a.addressCountry);
  const parts = [str(a.addressLocality), str(a.addressRegion), country].filter((p): p is string => !!p);
  return parts.length ? parts.join(', ') : null;
}

export function readJsonLd(doc: Document, publicId: string): StructuredPerson | null {
  const persons = jsonLdPersons(doc);
  const idOf = (p: Json) => linkedInPublicIdentifier(str(p.url) ?? str(first(p.sameAs as unknown[])) ?? '');
  // The member of this URL; a Person without a URL only when it is the page's only one.
  const person = persons.find((p) => sameMember(idOf(p), publicId)) ?? (persons.length === 1 && idOf(persons[0]!) === null ? persons[0] : undefined);
  if (!person) return null;
  const works = (Array.isArray(person.worksFor) ? person.worksFor : [person.worksFor]).filter(isObj);
  // worksFor lists current positions first; one with an end date is a past one.
  const current = works.find((w) => !(isObj(w.member) && str(w.member.endDate)));
  const url = str(person.url) ?? str(first(person.sameAs as unknown[]));
  return {
    profileUrl: url && sameMember(linkedInPublicIdentifier(url), publicId) ? url : null,
    fullName: str(person.name),
    firstName: str(person.givenName),
    lastName: str(person.familyName),
    headline: null,
    location: address(person.address) ?? str(isObj(person.homeLocation) ? person.homeLocation.name : null),
    photoUrl: imageUrl(person.image),
    about: str(person.description),
    currentCompany: current ? str(current.name) : null,
    currentTitle: str(first(person.jobTitle as unknown[])),
    connectionDegree: null,
  };
}

const DISTANCES: Record<string, StructuredPerson['connectionDegree']> = {
  DISTANCE_1: '1st',
  DISTANCE_2: '2nd',
  DISTANCE_3: '3rd',
  OUT_OF_NETWORK: 'out_of_network',
};

function vectorImageUrl(v: unknown): string | null {
  // Voyager images: { rootUrl, artifacts: [{ width, fileIdentifyingUrlPathSegment }] } — take the largest.
  const visit = (o: unknown, depth: number): string | null => {
    if (!isObj(o) || depth > 5) return null;
    if (typeof o.rootUrl === 'string' && Array.isArray(o.artifacts) && o.artifacts.length) {
      const best = (o.artifacts.filter(isObj) as Json[]).reduce((a, b) => (Number(b.width) > Number(a.width) ? b : a));
      const seg = str(best.fileIdentifyingUrlPathSegment);
      return seg ? o.rootUrl + seg : null;
    }
    for (const k of Object.keys(o)) {
      const r = visit(o[k], depth + 1);
      if (r) return r;
    }
    return null;
  };
  return visit(v, 0);
}

/**
 * LinkedIn's own page data: JSON in hidden <code> blocks (`{"data":…,"included":[…]}`), whose
 * profile entity carries publicIdentifier, firstName, lastName, headline, locationName, summary…
 */
export function readEmbedded(doc: Document, publicId: string): StructuredPerson | null {
  const needle = `"publicIdentifier":"`;
  for (const code of doc.querySelectorAll('code')) {
    const text = code.textContent ?? '';
    // Cheap checks before parsing: big pages carry many blocks that are not about this member.
    if (!text.includes(needle) || !text.toLowerCase().includes(publicId.toLowerCase())) continue;
    let json: unknown;
    try {
      json = JSON.parse(text.trim());
    } catch {
      continue;
    }
    const candidates: Json[] = [];
    const visit = (v: unknown, depth: number) => {
      if (depth > 8) return;
      if (Array.isArray(v)) return v.forEach((x) => visit(x, depth + 1));
      if (!isObj(v)) return;
      if (typeof v.publicIdentifier === 'string' && (typeof v.firstName === 'string' || typeof v.headline === 'string')) candidates.push(v);
      for (const k of ['data', 'included', 'elements', 'profile']) if (k in v) visit(v[k], depth + 1);
    };
    visit(json, 0);
    const p = candidates.find((c) => sameMember(str(c.publicIdentifier), publicId));
    if (!p) continue;
    const firstName = str(p.firstName);
    const lastName = str(p.lastName);
    const geo = isObj(p.geoLocation) && isObj(p.geoLocation.geo) ? str(p.geoLocation.geo.defaultLocalizedName) : null;
    const distance = isObj(p.memberRelationship) ? str(p.memberRelationship.distance) : str(isObj(p.distance) ? p.distance.value : p.distance);
    return {
      profileUrl: `https://www.linkedin.com/in/${str(p.publicIdentifier)}/`,
      fullName: firstName || lastName ? [firstName, lastName].filter(Boolean).join(' ') : null,
      firstName,
      lastName,
      headline: str(p.headline) ?? str(p.occupation),
      location: str(p.locationName) ?? str(p.geoLocationName) ?? geo,
      photoUrl: vectorImageUrl(p.profilePicture ?? p.picture),
      about: str(p.summary),
      currentCompany: null,
      currentTitle: null,
      connectionDegree: distance ? (DISTANCES[distance] ?? null) : null,
    };
  }
  return null;
}
