import { OUT_OF_OFFICE_PAUSE_DAYS } from '@shared/constants';
/**
 * A reply's own words (not the quoted history under it) and an out-of-office note's return date. Pure:
 * no database. Whether a message is an out-of-office note or asks to unsubscribe is the classifier's
 * call (classify.ts, one source of truth since the classifier was wired into ingestion).
 */

/** The reply's own text: cut at the first quote header ("On … wrote:", "Am … schrieb …:", "-----Original Message-----", a "From:" block), without "> " lines. */
export function freshText(text: string): string {
  const cut = [
    /^[ \t]*(?:On|Am|Le|El)\b[^\n]{0,300}?(?:\n[^\n]{0,200}?)?(?:wrote|schrieb|a écrit|escribió)[^\n]*:[ \t]*$/im,
    /^[ \t]*-{2,}\s*(?:Original Message|Ursprüngliche Nachricht|Message d'origine|Mensaje original)\s*-{2,}/im,
    /^[ \t]*(?:From|Von|De|Sent|Gesendet|Envoyé|Enviado):[ \t].*\n[ \t]*(?:Sent|Gesendet|Envoyé|Enviado|To|An|À|Para|Date|Datum|Fecha):/im,
    /^_{10,}\s*$/m,
  ]
    .map((re) => re.exec(text)?.index)
    .filter((i): i is number => i !== undefined);
  const own = cut.length ? text.slice(0, Math.min(...cut)) : text;
  return own
    .split(/\r?\n/)
    .filter((line) => !/^\s*>/.test(line))
    .join('\n')
    .trim();
}

const MONTHS: Record<string, number> = {};
const monthNames: Array<[number, string[]]> = [
  [1, ['january', 'jan', 'januar', 'jänner', 'janvier', 'enero']],
  [2, ['february', 'feb', 'februar', 'février', 'fevrier', 'febrero']],
  [3, ['march', 'mar', 'märz', 'maerz', 'mars', 'marzo']],
  [4, ['april', 'apr', 'avril', 'abril']],
  [5, ['may', 'mai', 'mayo']],
  [6, ['june', 'jun', 'juni', 'juin', 'junio']],
  [7, ['july', 'jul', 'juli', 'juillet', 'julio']],
  [8, ['august', 'aug', 'août', 'aout', 'agosto']],
  [9, ['september', 'sep', 'sept', 'septembre', 'septiembre', 'setiembre']],
  [10, ['october', 'oct', 'oktober', 'octobre', 'octubre']],
  [11, ['november', 'nov', 'novembre', 'noviembre']],
  [12, ['december', 'dec', 'dezember', 'dez', 'décembre', 'decembre', 'diciembre']],
];
for (const [n, names] of monthNames) for (const name of names) MONTHS[name] = n;
const MONTH_RE = Object.keys(MONTHS)
  .sort((a, b) => b.length - a.length)
  .join('|');

const DAY_MONTH = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th|er|º)?\\.?\\s+(?:of\\s+|de\\s+)?(${MONTH_RE})\\.?(?:\\s+(?:de\\s+)?(\\d{4}))?(?![\\p{L}])`, 'giu');
const MONTH_DAY = new RegExp(`(?<![\\p{L}])(${MONTH_RE})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b(?:,?\\s+(\\d{4}))?`, 'giu');
const ISO = /\b(\d{4})-(\d{2})-(\d{2})\b/g;
const DOTTED = /\b(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})?(?!\d)/g;
const SLASHED = /\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/g;

const DAY_MS = 86_400_000;

/**
 * The date the sender says they are back (or away until), at 00:00 UTC, from the reply's own text:
 * "back on 3 December", "December 3rd", "zurück am 03.12.", "bis zum 3. Dezember", "de retour le 3
 * décembre", "hasta el 3 de diciembre", "2026-12-03", "03/12/2026" (day first; not in English text).
 * A date without a year is the next one on or after the day received. Of the dates found within
 * 180 days after `received`, the latest (a note names when the absence starts and ends). Null if none.
 */
export function returnDateOf(subject: string, text: string, received: Date): Date | null {
  const own = `${subject}\n${freshText(text)}`;
  const today = Date.UTC(received.getUTCFullYear(), received.getUTCMonth(), received.getUTCDate());
  const candidates: number[] = [];
  const add = (year: number | null, month: number, day: number) => {
    if (month < 1 || month > 12 || day < 1 || day > 31) return;
    let y = year ?? received.getUTCFullYear();
    if (y < 100) y += 2000;
    let at = Date.UTC(y, month - 1, day);
    if (new Date(at).getUTCDate() !== day) return; // 31 November
    if (year === null && at < today) at = Date.UTC(y + 1, month - 1, day);
    if (at >= today && at <= today + 180 * DAY_MS) candidates.push(at);
  };
  const year = (s: string | undefined) => (s ? Number(s) : null);
  for (const m of own.matchAll(ISO)) add(Number(m[1]), Number(m[2]), Number(m[3]));
  for (const m of own.matchAll(DAY_MONTH)) add(year(m[3]), MONTHS[m[2]!.toLowerCase()]!, Number(m[1]));
  for (const m of own.matchAll(MONTH_DAY)) add(year(m[3]), MONTHS[m[1]!.toLowerCase()]!, Number(m[2]));
  for (const m of own.matchAll(DOTTED)) add(year(m[3]), Number(m[2]), Number(m[1]));
  if (!/\b(the|back|return|until|office)\b/i.test(own)) for (const m of own.matchAll(SLASHED)) add(Number(m[3]), Number(m[2]), Number(m[1]));
  return candidates.length ? new Date(Math.max(...candidates)) : null;
}

/** Until when an out-of-office note pauses: the return date its text names, else OUT_OF_OFFICE_PAUSE_DAYS from now. */
export function outOfOfficePause(subject: string, text: string, sentAt: Date, now: Date): { returnDate: Date | null; pausedUntil: Date } {
  const returnDate = returnDateOf(subject, text, sentAt);
  const pausedUntil = returnDate && returnDate > now ? returnDate : new Date(now.getTime() + OUT_OF_OFFICE_PAUSE_DAYS * 86_400_000);
  return { returnDate, pausedUntil };
}
