import type { ApprovedClaim, ClaimFlag } from '../schemas/claims';

/**
 * The claims check: the factual claims of a draft (figures with units, percentages, prices, names of customers,
 * companies and features) compared with what supports them: the product's approved claims and the other texts the
 * user wrote or the prospect's data holds (`facts`). Anything it cannot support is flagged with its sentence and why.
 * Rule-based on purpose (no model): the same text always gets the same answer, on the server and in the browser.
 */
export type ClaimSources = {
  claims: readonly Pick<ApprovedClaim, 'text'>[];
  /** Other supporting texts: the product's own fields, the messaging settings, the sender, the prospect's data. */
  facts: readonly (string | number | null | undefined)[];
};

const CURRENCY_CODES = 'USD|EUR|GBP|CHF|CAD|AUD|SEK|NOK|DKK|PLN|INR|JPY';
const NUMBER = new RegExp(
  String.raw`(?<![\w.,:/-])(?<cur>[$€£¥]\s?|\b(?:${CURRENCY_CODES})\s)?(?<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:[.,]\d+)?)(?<mult>\s?(?:k|m|bn|million|billion|thousand)\b)?(?<suffix>\s?(?:%|percent\b|per\s?cent\b|x\b|×)|\s(?:${CURRENCY_CODES})\b)?`,
  'gi',
);
const MULTIPLIERS: Record<string, number> = { k: 1e3, thousand: 1e3, m: 1e6, million: 1e6, bn: 1e9, billion: 1e9 };
const TIME_UNITS = /^\s*(?:-|\s)?(?:min(?:ute)?s?|hours?|hrs?)\b/i;
const UNIT_WORD = /^\s*-?\s*([a-z]+)/i;
const URLISH = /\bhttps?:\/\/\S+|\bwww\.\S+|\S+@\S+\.\S+/gi;

type NumberKind = 'number' | 'percent' | 'price';
type FoundNumber = { fragment: string; value: number; kind: NumberKind; index: number };

function valueOf(num: string, mult: string | undefined): number {
  // "1,200" is twelve hundred; "1,5" is one and a half (a decimal comma).
  const plain = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(num) ? num.replace(/,/g, '') : num.replace(',', '.');
  const factor = mult ? (MULTIPLIERS[mult.trim().toLowerCase()] ?? 1) : 1;
  return Math.round(Number(plain) * factor * 100) / 100;
}

/** Every figure in a text (prices, percentages, numbers with a unit word); `strict` also keeps bare numbers (for the sources). */
function numbersIn(text: string, strict: boolean): FoundNumber[] {
  const clean = text.replace(URLISH, (m) => ' '.repeat(m.length));
  const found: FoundNumber[] = [];
  for (const m of clean.matchAll(NUMBER)) {
    const { cur, num, mult, suffix } = m.groups as Record<string, string | undefined>;
    const end = m.index + m[0].length;
    const after = clean.slice(end);
    // Times of day (10:30, 3pm), ordinals (3rd) and parts of words or codes are not claims.
    if (/^(?::\d|\s?(?:am|pm)\b|[a-z])/i.test(after) && !suffix && !mult) continue;
    const value = valueOf(num!, mult);
    const kind: NumberKind = cur || (suffix && !/%|percent|per\s?cent|x|×/i.test(suffix)) ? 'price' : suffix ? (/x|×/i.test(suffix) ? 'number' : 'percent') : 'number';
    if (!strict && kind === 'number' && !suffix && !mult) {
      // A bare year, or a number with no unit after it, states nothing checkable.
      if (/^(?:19|20)\d\d$/.test(num!)) continue;
      if (!UNIT_WORD.test(after)) continue;
    }
    let fragment = m[0].trim();
    if (kind === 'number' && !suffix) {
      const unit = UNIT_WORD.exec(after);
      if (unit) fragment = `${fragment} ${unit[1]}`;
    }
    found.push({ fragment, value, kind, index: m.index });
  }
  return found;
}

/** Words that open or close a capitalised run without being part of a name. */
const NOT_NAME_WORDS = new Set(
  (
    'a an the our we i i\'m i\'ve i\'d hi hello hey dear thanks thank best cheers regards kind warm warmest your you this that these those it its if as at in on ' +
    'for with and but so or would could can do does did are is was were will happy looking quick ps p.s also many most every some any ' +
    'when what why how who where here there after before since just not no yes ok okay great good sure please let me my he she they them ' +
    'monday tuesday wednesday thursday friday saturday sunday january february march april may june july august september october november december ' +
    'today tomorrow next last re fwd subject mr mrs ms dr'
  ).split(' '),
);
const CAPITALISED = /^[A-Z][\p{L}\d&'’.-]*$/u;
const CUSTOMER_CONTEXT = /\b(?:customers?|clients?|companies|teams?|brands?|retailers?|businesses)\s+(?:like|such as|including)\s+([^.!?]+)|\b(?:work(?:s|ed|ing)? with|helped|helps|trusted by|used by|chosen by)\s+([^.!?]+)/gi;

/** Capitalised runs of two or more words (after dropping the everyday words at their ends), and single names named as customers. */
function namesIn(sentence: string): Array<{ name: string; customer: boolean }> {
  const out: Array<{ name: string; customer: boolean }> = [];
  const clean = sentence.replace(URLISH, ' ');
  let run: string[] = [];
  const flush = () => {
    while (run.length && NOT_NAME_WORDS.has(run[0]!.toLowerCase().replace(/[.']+$/, ''))) run.shift();
    while (run.length && NOT_NAME_WORDS.has(run.at(-1)!.toLowerCase().replace(/[.']+$/, ''))) run.pop();
    if (run.length >= 2) out.push({ name: run.join(' ').replace(/[.’']+$/, ''), customer: false });
    run = [];
  };
  // A run of capitalised words ends at a lowercase word and at punctuation ("Hi Pat, Smart Swaps": two runs).
  for (const raw of clean.split(/\s+/).filter(Boolean)) {
    const word = raw.replace(/^[("“'‘[]+/, '');
    const core = word.replace(/[,;:!?)"”’\]]+$/, '');
    const ends = core !== word || (/\.$/.test(core) && !/^[A-Z]\.$/.test(core));
    if (CAPITALISED.test(core) || (run.length > 0 && core === '&')) {
      run.push(core);
      if (ends) flush();
    } else flush();
  }
  flush();
  for (const m of clean.matchAll(CUSTOMER_CONTEXT)) {
    const list = (m[1] ?? m[2] ?? '').split(/,|\band\b|&|\bor\b/);
    for (const item of list) {
      const name = item.trim().split(/\s+/).filter((w) => CAPITALISED.test(w)).join(' ');
      const first = item.trim().split(/\s+/)[0] ?? '';
      if (!name || !CAPITALISED.test(first) || NOT_NAME_WORDS.has(name.toLowerCase())) continue;
      const existing = out.find((o) => o.name === name || o.name.includes(name) || name.includes(o.name));
      if (existing) existing.customer = true;
      else out.push({ name, customer: true });
    }
  }
  return out;
}

/** A text's sentences, as written (line breaks end one too). */
export function sentencesOf(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?])\s+(?=[A-Z0-9"“$€£])/)
    .map((s) => s.trim())
    .filter(Boolean);
}

const normalise = (s: string) => s.toLowerCase().replace(/[’']/g, "'").replace(/\s+/g, ' ');

/** The flags for a draft: each fragment the sources do not support, in its sentence, with why. */
export function checkClaims(text: string, sources: ClaimSources): ClaimFlag[] {
  const supportTexts = [...sources.claims.map((c) => c.text), ...sources.facts.filter((f) => f !== null && f !== undefined && f !== '').map(String)];
  const corpus = normalise(supportTexts.join('\n'));
  const supportNumbers = supportTexts.flatMap((t) => numbersIn(t, true));
  const hasNumber = (value: number, kind: NumberKind) =>
    supportNumbers.some((n) => n.value === value && (kind === 'number' || n.kind === kind || (kind === 'price' && n.kind === 'number')));

  const flags: ClaimFlag[] = [];
  const seen = new Set<string>();
  const flag = (f: ClaimFlag) => {
    const key = `${f.sentence}\u0000${f.fragment.toLowerCase()}`;
    if (seen.has(key)) return;
    seen.add(key);
    flags.push(f);
  };
  for (const sentence of sentencesOf(text)) {
    const question = /\?\s*$/.test(sentence);
    for (const n of numbersIn(sentence, false)) {
      if (hasNumber(n.value, n.kind)) continue;
      // "Do you have 15 minutes?": asking for time is not a claim.
      if (question && n.kind === 'number' && TIME_UNITS.test(sentence.slice(n.index + n.fragment.split(' ')[0]!.length))) continue;
      flag({
        sentence,
        fragment: n.fragment,
        kind: n.kind,
        reason:
          n.kind === 'price'
            ? `The price ${n.fragment} matches none of the product's prices or approved price claims.`
            : n.kind === 'percent'
              ? `${n.fragment} is not among the approved claims or the prospect's data.`
              : `The figure "${n.fragment}" is not among the approved claims or the prospect's data.`,
      });
    }
    for (const { name, customer } of namesIn(sentence)) {
      if (corpus.includes(normalise(name))) continue;
      flag({
        sentence,
        fragment: name,
        kind: 'name',
        reason: customer
          ? `${name} is named as a customer, but no approved claim names it.`
          : `${name} is not an approved customer or feature, the product, the sender or the prospect's company.`,
      });
    }
  }
  return flags;
}

/** The reason an automatic send is held, in the words the review queue shows. */
export const heldForClaimsReason = (flags: readonly ClaimFlag[]): string =>
  `Held for review: ${flags.length === 1 ? 'a claim' : `${flags.length} claims`} the approved claims do not support (${flags
    .slice(0, 3)
    .map((f) => f.fragment)
    .join(', ')}${flags.length > 3 ? ', …' : ''})`;
