import type { Education, Experience } from '@shared/schemas/linkedin';
import { firstLine, norm, textLines } from './dom-text';

/**
 * The profile's sections (About, Experience, Education, Skills, contact info), found by LinkedIn's
 * anchor ids first (semantic selectors) and by their visible heading or aria-label otherwise
 * (heuristics that survive random class names). Entries are read from visible text lines.
 */

export type Found<T> = { value: T; source: 'selector' | 'heuristic' };

export const MAX_EXPERIENCE = 100;
export const MAX_EDUCATION = 50;
export const MAX_SKILLS = 200;

const YEAR = '(?:19|20)\\d{2}';
const RANGE_END = `(?:${YEAR}|present|current|now|today|現在|至今|настоящее время|по настоящее время|حتى الآن|الحالي|heute|aujourd’hui|aujourd'hui|actualidad|presente)`;
const DATE_RANGE_RE = new RegExp(`${YEAR}[^·]*?\\s[-–—]\\s[^·]*?${RANGE_END}`, 'i');
const SINGLE_DATE_RE = new RegExp(`^(?:[A-Za-z]{3,9}\\.? )?${YEAR}(?: · .*)?$`);
const DURATION_RE = /\b\d+\s*(?:yrs?|mos?|years?|months?)\b/i;
const EMPLOYMENT_TYPES = new Set(
  [
    ...['full-time', 'part-time', 'self-employed', 'freelance', 'contract', 'internship', 'apprenticeship', 'seasonal', 'permanent', 'temporary'],
    // The same types in LinkedIn's other interface languages.
    ...['正社員', '契約社員', 'パートタイム', '自営業', 'フリーランス', 'インターン', 'vollzeit', 'teilzeit', 'selbstständig', 'praktikum'],
    ...['jornada completa', 'media jornada', 'autónomo', 'temps plein', 'temps partiel', 'stage', 'полный рабочий день', 'частичная занятость'],
  ],
);
const WORK_TYPES = new Set(['on-site', 'hybrid', 'remote']);
const SEE_MORE_RE = /^(?:…|\.\.\.)?\s*(?:see|show) (?:more|less)$|^…?more$/i;

export const isDateRange = (line: string) => DATE_RANGE_RE.test(line) || SINGLE_DATE_RE.test(line);
const isDurationOnly = (line: string) => !isDateRange(line) && DURATION_RE.test(line) && line.length < 60;
const dateRangeOf = (line: string) => line.split(' · ')[0]!.trim();

function stripSuffix(line: string, words: Set<string>): string | null {
  const parts = line.split(' · ').map((p) => p.trim());
  const kept = parts.filter((p) => !words.has(p.toLowerCase()));
  return kept.length ? kept.join(' · ') : null;
}

function looksLikeLocation(line: string | undefined): line is string {
  if (!line || line.length > 100 || /[.!?]$/.test(line) || /^skills:/i.test(line)) return false;
  const parts = line.split(' · ').map((p) => p.toLowerCase());
  if (parts.some((p) => WORK_TYPES.has(p))) return true;
  return line.includes(',') || line.split(/\s+/).length <= 3;
}

const SECTION_LABELS: Record<string, string[]> = {
  about: ['about'],
  experience: ['experience'],
  education: ['education'],
  skills: ['skills'],
};

/** A profile section by its anchor id (selector) or its heading / aria-label (heuristic). */
export function findSection(doc: Document, scope: ParentNode, name: keyof typeof SECTION_LABELS): Found<Element> | null {
  const anchor = doc.getElementById(name);
  if (anchor) {
    const section = anchor.closest('section') ?? anchor.parentElement;
    if (section && section !== doc.body) return { value: section, source: 'selector' };
  }
  const labels = SECTION_LABELS[name]!;
  for (const el of scope.querySelectorAll('section, [role="region"]')) {
    const label = norm(el.getAttribute('aria-label'));
    if (label && labels.includes(label)) return { value: el, source: 'heuristic' };
    const heading = el.querySelector('h2, h3');
    if (heading && labels.includes(norm(firstLine(heading)))) return { value: el, source: 'heuristic' };
  }
  return null;
}

/** The section's own entries: list items not nested in another entry. */
function entries(section: Element): Element[] {
  const items: Element[] = [];
  for (const li of section.querySelectorAll('li')) {
    const outer = li.parentElement?.closest('li');
    if (!outer || !section.contains(outer)) items.push(li);
  }
  return items;
}

/** Lines of an entry without its heading (the section's h2 is never inside an entry, but be safe). */
const linesOf = (el: Element, exclude?: (e: Element) => boolean) =>
  textLines(el, { exclude, max: 80 }).filter((l) => !SEE_MORE_RE.test(l));

function descriptionOf(lines: string[]): string | null {
  const text = lines.filter((l) => !/^skills:/i.test(l)).join('\n').trim();
  return text ? text : null;
}

/** One role from its lines; `group` when it is one of several roles under one company. */
function role(lines: string[], group: { company: string | null } | null): Experience | null {
  const title = lines[0];
  if (!title || isDateRange(title)) return null;
  const rest = lines.slice(1);
  const dateIdx = rest.findIndex(isDateRange);
  let company: string | null;
  if (group) company = group.company;
  else {
    const companyLine = dateIdx === 0 ? undefined : rest[0];
    company = companyLine ? stripSuffix(companyLine, EMPLOYMENT_TYPES) : null;
  }
  const after = dateIdx >= 0 ? rest.slice(dateIdx + 1) : rest.slice(group ? 0 : 1);
  const loc = looksLikeLocation(after[0]) ? after.shift()! : null;
  return {
    title,
    company,
    date_range: dateIdx >= 0 ? dateRangeOf(rest[dateIdx]!) : null,
    location: loc ? stripSuffix(loc, WORK_TYPES) ?? loc : null,
    description: descriptionOf(after),
    grouped: group !== null,
  };
}

/**
 * Experience entries. One company with several roles (LinkedIn nests the roles in a list under the
 * company, whose own lines show a total duration but no date range) gives one entry per role,
 * each with grouped: true and the company filled in.
 */
export function readExperience(section: Element): Experience[] {
  const out: Experience[] = [];
  for (const li of entries(section)) {
    if (out.length >= MAX_EXPERIENCE) break;
    const nested = Array.from(li.querySelectorAll('li')).filter((x) => x.parentElement?.closest('li') === li);
    const roleItems = nested.filter((x) => linesOf(x).some(isDateRange));
    const lists = new Set<Element>(roleItems.map((x) => x.parentElement!));
    const top = roleItems.length ? linesOf(li, (e) => lists.has(e)) : linesOf(li);
    if (roleItems.length && !top.some(isDateRange)) {
      const company = top[0] ? stripSuffix(top[0], EMPLOYMENT_TYPES) : null;
      const groupLocation = top.slice(1).find((l) => !isDurationOnly(l) && !EMPLOYMENT_TYPES.has(l.toLowerCase()) && looksLikeLocation(l));
      for (const item of roleItems) {
        // A role's own lines may repeat the employment type ("Full-time") before its dates.
        const lines = linesOf(item).filter((l, i) => i === 0 || !EMPLOYMENT_TYPES.has(l.toLowerCase()));
        const r = role(lines, { company });
        if (!r) continue;
        if (!r.location && groupLocation) r.location = stripSuffix(groupLocation, WORK_TYPES) ?? groupLocation;
        out.push(r);
        if (out.length >= MAX_EXPERIENCE) break;
      }
      continue;
    }
    const r = role(top, null);
    if (r) out.push(r);
  }
  return out;
}

export function readEducation(section: Element): Education[] {
  const out: Education[] = [];
  for (const li of entries(section)) {
    if (out.length >= MAX_EDUCATION) break;
    const lines = linesOf(li);
    const school = lines[0];
    if (!school) continue;
    const rest = lines.slice(1);
    const dateIdx = rest.findIndex(isDateRange);
    const degreeLine = dateIdx === 0 ? undefined : rest[0];
    let degree: string | null = null;
    let field: string | null = null;
    if (degreeLine && !/^(activities|grade)\b/i.test(degreeLine)) {
      const comma = degreeLine.indexOf(', ');
      degree = comma > 0 ? degreeLine.slice(0, comma) : degreeLine;
      field = comma > 0 ? degreeLine.slice(comma + 2) : null;
    }
    out.push({ school, degree, field_of_study: field, date_range: dateIdx >= 0 ? dateRangeOf(rest[dateIdx]!) : null });
  }
  return out;
}

export function readSkills(section: Element): string[] {
  const seen = new Set<string>();
  for (const li of entries(section)) {
    if (seen.size >= MAX_SKILLS) break;
    const name = linesOf(li)[0];
    if (name && !/endorse/i.test(name) && name.length <= 200) seen.add(name);
  }
  return [...seen];
}

export function readAbout(section: Element): string | null {
  const lines = linesOf(section);
  const heading = section.querySelector('h2, h3');
  const headingText = heading ? firstLine(heading) : null;
  const body: string[] = [];
  for (const l of lines) {
    if (l === headingText) continue;
    if (/^top skills$/i.test(l)) break;
    body.push(l);
  }
  const text = body.join('\n').trim();
  return text ? text : null;
}

export type ContactInfo = { emails: string[]; phones: string[]; websites: string[]; twitter: string | null };

/** Contact info when its dialog is open (/in/<id>/overlay/contact-info/); null when not shown. */
export function readContactInfo(doc: Document): Found<ContactInfo> | null {
  const typed = doc.querySelector('.pv-contact-info, .pv-contact-info__contact-type');
  let root: Element | null = typed ? (typed.closest('[role="dialog"]') ?? typed.parentElement) : null;
  let source: 'selector' | 'heuristic' = 'selector';
  if (!root) {
    source = 'heuristic';
    root =
      Array.from(doc.querySelectorAll('[role="dialog"]')).find((d) => {
        const h = d.querySelector('h1, h2, h3');
        return norm(firstLine(h)) === 'contact info' || norm(d.getAttribute('aria-label')) === 'contact info';
      }) ?? null;
  }
  if (!root) return null;
  const uniq = (xs: string[]) => [...new Set(xs.filter(Boolean))];
  const hrefs = Array.from(root.querySelectorAll('a[href]')).map((a) => a.getAttribute('href')!.trim());
  const emails = uniq(hrefs.filter((h) => /^mailto:/i.test(h)).map((h) => decodeURIComponent(h.slice(7)).split('?')[0]!));
  const phones = uniq([
    ...hrefs.filter((h) => /^tel:/i.test(h)).map((h) => decodeURIComponent(h.slice(4))),
    ...Array.from(root.querySelectorAll('section, div, li'))
      .filter((s) => /^phone$/i.test(firstLine(s.querySelector('h3')) ?? ''))
      .flatMap((s) => textLines(s).slice(1))
      .map((l) => l.replace(/\s*\((?:mobile|home|work)\)$/i, '').trim())
      .filter((l) => /^\+?[\d ()-]{6,}$/.test(l)),
  ]);
  const twitterLink = hrefs.find((h) => /^https?:\/\/(?:www\.)?(?:twitter|x)\.com\//i.test(h));
  const websites = uniq(
    hrefs.filter((h) => /^https?:\/\//i.test(h) && !/linkedin\.com\/in\//i.test(h) && h !== twitterLink),
  );
  const twitter = twitterLink ? '@' + twitterLink.replace(/^https?:\/\/(?:www\.)?(?:twitter|x)\.com\//i, '').replace(/[/?#].*$/, '') : null;
  return { value: { emails, phones, websites, twitter }, source };
}
