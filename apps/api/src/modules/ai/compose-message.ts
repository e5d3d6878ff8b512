import { composerLanguage, type Tone, type Who, type Wording } from './composer-wording';
import type { CompositionContext } from './provider';

/**
 * The built-in composer (the embedded default text provider) for outbound messages. It writes like a
 * careful sales rep, from the user's own data only:
 *  - step 1: a greeting by first name (a neutral one without a usable name), why this person at this
 *    company (role, company, industry, a signal when there is one), one benefit of the offering (the
 *    sentence of its description that says what it achieves, made into prose), the call to action once,
 *    a sign-off; at most 120 words (less when the guidelines ask for less);
 *  - later steps (the follow-ups): shorter, one new angle each (a case study, a question, another
 *    benefit, a link, …; the last one closes the loop), no sentence of an earlier step again, no subject
 *    (they answer in the same thread).
 * Field values are cleaned first: placeholders ("{{first_name}}", "undefined", "N/A"), labels
 * ("Problem:", "pain_points:"), odd capitalisation and over-long values never reach the text; a missing
 * value leaves its sentence out. Deterministic: the phrasing variant comes from a hash of the input
 * (the step excluded, so every step of a thread sees the same variant choice).
 */

export type ComposedMessage = {
  /** Step 1's subject; null for follow-ups (the engine answers with "Re: " + step 1's subject). */
  subject: string | null;
  body: string;
  /** The language written. */
  language: string;
  /** The language asked for when it had no built-in wording (then `language` is "en"). */
  languageFallbackFrom: string | null;
};

const MAX_FIRST_WORDS = 120;
const MAX_FOLLOW_UP_WORDS = 80;
const MAX_FOLLOW_UPS = 10;

/** FNV-1a, 32 bit. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function toneOf(toneVoice: string): Tone {
  const t = toneVoice.toLowerCase();
  if (/formal|respectful|polite|förmlich|formell|soutenu|formel/.test(t)) return 'formal';
  if (/friendly|casual|warm|relaxed|witty|playful|freundlich|locker|amical|cercano/.test(t)) return 'friendly';
  if (/direct|concise|brief|short|straight|direkt|kurz/.test(t)) return 'direct';
  if (/enthusias|energetic|excited|bold/.test(t)) return 'enthusiastic';
  return 'professional';
}

// ---------------------------------------------------------------- cleaning the data

const EMPTY_VALUE = /^(?:undefined|null|none|nil|n\/?a|na|tbd|unknown|-+|\?+|\.+|—)$/i;
const FIELD_LABEL =
  /^\s*(?:problem|solution|pain[ _]?points?|benefits?|outcomes?|value[ _]proposition|what sets us apart|differentiators?|ideal[ _]customer|description|offering|product|features?|summary|cta|call[ _]to[ _]action|title|case[ _]study)\s*:\s*/i;

/** One line of user data, or null: no placeholders, braces, tags or markdown; whitespace collapsed. */
export function clean(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const t = String(value)
    .replace(/\{\{[^}]*\}\}|\{[^}]*\}|\[\[[^\]]*\]\]|<[^>]*>/g, ' ')
    .replace(/\[(?:first|last|full|company|your|their|prospect)[^\]]*\]/gi, ' ')
    .replace(/[{}<>]|\*\*|__|`/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!t || EMPTY_VALUE.test(t) || /^(?:undefined|null)\b/i.test(t)) return null;
  return t;
}

const ACRONYMS = new Set(['vp', 'svp', 'evp', 'avp', 'ceo', 'cto', 'cfo', 'coo', 'cmo', 'cro', 'cio', 'ciso', 'cpo', 'hr', 'it', 'b2b', 'b2c', 'saas', 'gtm', 'sdr', 'bdr', 'ae', 'us', 'eu', 'uk', 'emea', 'apac', 'dach', 'ai', 'crm', 'erp', 'qa', 'ux', 'ui', 'pr', 'seo', 'ops', 'gm']);
const SMALL_WORDS = new Set(['of', 'and', 'for', 'the', 'in', 'at', 'to', 'a', 'an', 'on', '&', 'de', 'la', 'le', 'der', 'die', 'und', 'y', 'et', 'für']);

/** "HEAD OF SALES" / "head of sales" → "Head of Sales"; mixed case ("VP RevOps") is kept. */
function fixCase(s: string, small = true): string {
  const lettersOnly = s.replace(/[^\p{L}]/gu, '');
  const odd = lettersOnly === lettersOnly.toUpperCase() || lettersOnly === lettersOnly.toLowerCase() || /^\p{Ll}\p{Lu}/u.test(s);
  if (!odd || lettersOnly.length < 2) return s;
  return s
    .toLowerCase()
    .split(/(\s+|-|')/)
    .map((w, i) => {
      if (ACRONYMS.has(w)) return w.toUpperCase();
      if (small && i > 0 && SMALL_WORDS.has(w)) return w;
      return w ? w.charAt(0).toUpperCase() + w.slice(1) : w;
    })
    .join('');
}

const PLACEHOLDER_NAMES = /^(?:there|first|firstname|first_name|name|prospect|customer|client|contact|friend|sir|madam|user|test|unknown|lead|team|hello|hi)$/i;

function personName(value: string | null | undefined): string | null {
  const t = clean(value);
  if (!t || /[@\d/\\:]/.test(t) || t.length > 60) return null;
  return fixCase(t, false);
}

/** A title people say: its first part ("Head of Sales | ex-Google" → "Head of Sales"), at most 8 words. */
function jobTitle(value: string | null | undefined): string | null {
  let t = clean(value);
  if (!t) return null;
  t = t.split(/\s+[|•·@]\s+|\s+[-–—]\s+|\s*[;,(]\s*/)[0]!.trim();
  if (!t || t.split(/\s+/).length > 8 || t.length > 60) return null;
  return fixCase(t);
}

function companyName(value: string | null | undefined): string | null {
  let t = clean(value);
  if (!t) return null;
  if (t.length > 50) t = t.split(/\s+[|•·]\s+|\s+[-–—]\s+|\s*[,(]\s*/)[0]!.trim();
  if (!t || t.length > 50) return null;
  // "acme" → "Acme"; "NORTHWIND TRADERS" → "Northwind Traders"; "IBM" stays.
  if (t === t.toLowerCase()) return t.replace(/(^|\s)(\p{L})/gu, (_m, sp: string, c: string) => sp + c.toUpperCase());
  if (t === t.toUpperCase() && /\p{L}{5,}/u.test(t)) return fixCase(t, false);
  return t;
}

function industryName(value: string | null | undefined): string | null {
  const t = clean(value);
  return t && t.length <= 40 ? fixCase(t) : null;
}

const words = (s: string) => s.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
const endsWithUrl = (t: string) => /(?:https?:\/\/|www\.)\S+$/i.test(t);
/** A sentence ends with its own punctuation, except a link, which stays clickable. */
function sentence(s: string): string {
  const t = s.trim().replace(/\s+/g, ' ');
  if (!t) return '';
  return /[.!?…:;]$/.test(t) || endsWithUrl(t) ? t.replace(/[:;]$/, '.') : `${t}.`;
}
const stripEnd = (s: string) => s.trim().replace(/[.!?;:,…]+$/, '').trim();
function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+(?=[\p{Lu}\d"“«¿¡])|\n+/u)
    .map((s) => s.trim())
    .filter(Boolean);
}
/** Lower-cases a sentence's first letter unless it starts a name or acronym ("HubSpot", "CRM"). */
function lowerFirst(s: string): string {
  const first = s.split(/\s/)[0] ?? '';
  if (/^\p{Lu}{2}/u.test(first) || /^\p{Lu}\p{Ll}*\p{Lu}/u.test(first)) return s;
  return s.charAt(0).toLowerCase() + s.slice(1);
}
const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A sentence of at most `max` words: itself, or its first clause when that reads alone; else null. */
function fit(s: string, max: number): string | null {
  const t = stripEnd(s);
  if (words(t) <= max) return t;
  const head = t.split(/\s*[;:–—]\s+|\s+-\s+|,\s+(?!and\b|or\b)/)[0]!;
  return words(head) >= 5 && words(head) <= max && VERB_NEAR_START.test(head) ? head : null;
}

// ---------------------------------------------------------------- the offering, as prose

const PAIN = /\b(?:lose|loses|losing|lost|waste|wastes|wasting|miss|misses|missing|struggle|struggles|struggling|slipping|too much time|spend hours|spends hours|manual(?:ly)?|spreadsheets?|frustrat\w*|costly|painful|problem|chaos|behind|drown\w*|verlieren|verschwenden|perdent|pierden)\b/i;
const OUTCOME = /\d|%|\b(?:save|saves|saving|cut|cuts|reduce|reduces|increase|increases|grow|grows|boost|boosts|faster|automatic(?:ally)?|without|predict|predicts|flag|flags|book|books|more|fewer|less|in (?:one|a) day|hours?|minutes?|instantly|spart|senkt|steigert|automatisch|réduit|augmente|automatiquement|reduce|aumenta|automáticamente)\b/i;
const VERB_NEAR_START =
  /^(?:\S+\s+){0,3}(?:is|are|was|helps?|lets?|gives?|makes?|takes?|cuts?|saves?|turns?|reads?|pulls?|finds?|books?|flags?|predicts?|logs?|automates?|handles?|runs?|keeps?|sends?|writes?|shows?|tracks?|builds?|connects?|syncs?|reduces?|increases?|grows?|removes?|replaces?|works?|plugs?|puts?|brings?|gets?|means?|does|do|can|will|needs?|ist|sind|hilft|macht|spart|senkt|est|sont|aide|permet|es|son|ayuda|permite)\b/i;

/** "AI revenue forecasting that …", "Managed security for …": a noun phrase, not a sentence. */
const NOUN_PHRASE = /^(?:\S+\s+){1,4}(?:that|which|for|with|to help|für|die|qui|pour|que|para)\b/i;

type OfferingProse = { benefits: string[]; pains: string[] };

/** The description's sentences, sorted into what it achieves (best first) and the problem it answers. */
function offeringProse(description: string): OfferingProse {
  const benefits: Array<{ s: string; score: number; i: number }> = [];
  const pains: string[] = [];
  const lines = description.replace(/\r/g, '').split(/\n+/);
  let i = 0;
  for (const line of lines) {
    const label = /^\s*([\p{L} _]+?)\s*:\s*/u.exec(line)?.[1]?.toLowerCase() ?? '';
    const isPainLabel = /problem|pain/.test(label);
    const isBenefitLabel = /solution|benefit|outcome|value/.test(label);
    const text = line.replace(FIELD_LABEL, '').replace(/^[-*•]\s*/, '');
    for (const raw of splitSentences(text)) {
      const s = clean(raw);
      if (!s || words(s) < 3) continue;
      if (isPainLabel || (!isBenefitLabel && PAIN.test(s) && !OUTCOME.test(s.replace(PAIN, '')))) pains.push(stripEnd(s));
      else benefits.push({ s: stripEnd(s), score: (isBenefitLabel ? 2 : 0) + (OUTCOME.test(s) ? 2 : 0) + (VERB_NEAR_START.test(s) ? 1 : 0) - i * 0.1, i: i++ });
    }
  }
  benefits.sort((a, b) => b.score - a.score || a.i - b.i);
  return { benefits: benefits.map((b) => b.s), pains };
}

/** One benefit sentence as prose: named by the offering, never glued to a label. */
function benefitSentence(raw: string, offering: string, sender: string | null, w: Who, pack: Wording, withSender: boolean): string | null {
  const s = fit(raw, 28);
  if (!s) return null;
  const lower = s.toLowerCase();
  const subject = withSender && sender && !offering.toLowerCase().includes(sender.toLowerCase()) && !sender.toLowerCase().includes(offering.toLowerCase()) ? pack.offeringFrom(offering, sender) : offering;
  if (lower.startsWith(`${offering.toLowerCase()} `)) return sentence(`${subject}${s.slice(offering.length)}`);
  if (pack.itWords.test(s)) return sentence(`${offering} ${s.replace(pack.itWords, '')}`);
  if (/^(?:we|wir|nous|nosotros)\s/i.test(s)) return sentence(s);
  if (NOUN_PHRASE.test(s) && !VERB_NEAR_START.test(s)) return pack.benefitPhrase(w, lowerFirst(s));
  return pack.benefitClause(w, lowerFirst(s));
}

function priceText(o: NonNullable<CompositionContext['offering']>, pack: Wording): string | null {
  let fmt: (n: number) => string;
  try {
    const f = new Intl.NumberFormat(pack.priceLocale, { style: 'currency', currency: o.currency, maximumFractionDigits: 0 });
    fmt = (n) => f.format(n);
  } catch {
    fmt = (n) => `${n} ${o.currency}`;
  }
  const per = pack.pricePer[o.pricePeriod] ?? '';
  if (o.priceMin !== null && o.priceMax !== null && o.priceMin !== o.priceMax) return `${pack.priceRange(fmt(o.priceMin), fmt(o.priceMax))}${per}`;
  if (o.priceMin !== null) return `${pack.priceFrom(fmt(o.priceMin))}${per}`;
  if (o.priceMax !== null) return `${pack.priceUpTo(fmt(o.priceMax))}${per}`;
  return null;
}

// ---------------------------------------------------------------- guidelines

type Rules = { maxWords: number; noExclamation: boolean };
/** What the composer can honour of free-text guidelines: a word limit and "no exclamation marks" (the rest is for the HTTP provider). */
function rulesFrom(texts: Array<string | null | undefined>): Rules {
  const all = texts.filter(Boolean).join('\n');
  let maxWords = MAX_FIRST_WORDS;
  for (const m of all.matchAll(/(?:under|below|at most|max(?:imum)?\.?|no more than|fewer than|less than|within|höchstens|maximal|unter|moins de|máximo|menos de)\s*(\d{2,3})\s*(?:words|wörter|worte|mots|palabras)/gi))
    maxWords = Math.min(maxWords, Math.max(40, Number(m[1])));
  const noExclamation = /(?:no|avoid|without|never use|don't use|do not use|keine|pas de|sin)\s+(?:\w+\s+)?exclamation|ausrufezeichen/i.test(all);
  return { maxWords, noExclamation };
}

// ---------------------------------------------------------------- the message

type Parts = {
  pack: Wording;
  tone: Tone;
  seed: number;
  first: string | null;
  full: string | null;
  w: Who;
  senderName: string | null;
  signature: string;
  cta: string;
  ctaUrl: string | null;
  prose: OfferingProse;
  study: Array<{ title: string; summary: string | null; url: string | null }>;
  url: string | null;
  rules: Rules;
  signal: string | null;
  offering: CompositionContext['offering'];
  /** A topic the company is weighing (a page title of the account's site), for a follow-up's angle. */
  topic: string | null;
};

function partsOf(c: CompositionContext): Parts & { language: string; fallbackFrom: string | null } {
  const { language, wording: pack, fallbackFrom } = composerLanguage(c.setting.language);
  const { step: _s, steps: _n, earlier: _e, category: _c, instructions: _i, ...stable } = c;
  const seed = hash(JSON.stringify(stable));
  const tone = toneOf(c.setting.toneVoice);
  const senderName = personName(c.company.senderName);
  const senderFirst = senderName?.split(/\s+/)[0]?.toLowerCase() ?? null;

  let first = personName(c.prospect.firstName) ?? personName(c.prospect.fullName)?.split(/\s+/)[0] ?? null;
  let full = personName(c.prospect.fullName);
  if (first && (PLACEHOLDER_NAMES.test(first) || first.length < 2 || (senderFirst && first.toLowerCase() === senderFirst))) first = null;
  if (!first) full = null;
  else if (full && !full.toLowerCase().startsWith(first.toLowerCase())) full = first;

  const offeringName = c.offering ? clean(c.offering.name) : null;
  const w: Who = {
    title: jobTitle(c.prospect.title),
    company: companyName(c.prospect.company),
    industry: industryName(c.prospect.industry),
    offering: offeringName,
    sender: companyName(c.company.name),
    formal: tone === 'formal',
  };
  // The sender's own company is not the prospect's.
  if (w.company && w.sender && w.company.toLowerCase() === w.sender.toLowerCase()) w.company = null;

  const rawCta = (c.setting.callToAction ?? '').split(/\n+/).map((l) => l.replace(FIELD_LABEL, '')).join(' ');
  let cta = clean(rawCta) ?? pack.defaultCta;
  if (words(cta) > 45) {
    // An over-long call to action: its link or question when that reads alone, else the default.
    const part = splitSentences(cta).find((p) => /\?|https?:\/\//.test(p) && words(p) >= 6 && words(p) <= 45 && !/^(?:would|does|is|will) (?:that|this|it)\b/i.test(p));
    cta = part ?? pack.defaultCta;
  }
  cta = sentence(cta);
  const ctaUrl = /https?:\/\/\S+[^\s.,;!?)]/i.exec(cta)?.[0] ?? null;

  const study = c.setting.caseStudies
    .map((s) => ({ title: clean(s.title.replace(FIELD_LABEL, '')), summary: clean(s.summary?.replace(FIELD_LABEL, '')), url: clean(s.url) }))
    .filter((s): s is { title: string; summary: string | null; url: string | null } => !!s.title)
    .map((s) => ({ ...s, title: fit(s.title, 20) }))
    .filter((s): s is { title: string; summary: string | null; url: string | null } => !!s.title);

  let signal: string | null = null;
  const sig = c.prospect.signal;
  if (sig?.kind === 'funding' && clean(sig.round)) signal = pack.signal.funding(w, clean(sig.round)!);
  else if (sig?.kind === 'hiring') signal = pack.signal.hiring(w);
  else if (sig?.kind === 'technology' && clean(sig.name)) signal = pack.signal.technology(w, fixCase(clean(sig.name)!, false));

  return {
    pack,
    tone,
    seed,
    first,
    full,
    w,
    senderName,
    signature: c.setting.signatureText ?? '',
    cta,
    ctaUrl,
    prose: offeringProse(c.offering?.description ?? ''),
    study,
    url: c.offering?.url ? clean(c.offering.url) : null,
    rules: rulesFrom([c.setting.messageGuidelines, c.setting.instructionsScript, c.instructions]),
    signal,
    offering: c.offering,
    topic: topicOf(c.interest?.topics ?? []),
    language,
    fallbackFrom,
  };
}

/** The first usable topic: a page title without the site's name ("Pricing | Acme" → "pricing"), short enough to read in a sentence. */
function topicOf(topics: string[]): string | null {
  for (const raw of topics) {
    const head = clean(raw.split(/\s+[|–—-]\s+|\s+·\s+/)[0] ?? '');
    if (!head || words(head) > 6 || /^(home|start|index|welcome)$/i.test(head)) continue;
    // One common word ("Pricing") reads lowercased in a sentence; a name or a phrase keeps its case.
    return /^[A-Z][a-z]+$/.test(head) ? lowerFirst(head) : head;
  }
  return null;
}

/** The sign-off: the tone's closing, and the sender's name unless the signature (appended afterwards) carries it. */
function signOff(p: Parts): string {
  const signed = !!p.senderName && p.signature.toLowerCase().includes(p.senderName.toLowerCase());
  const closing = p.pack.closing[p.tone];
  const name = p.senderName ?? p.w.sender;
  return signed || !name ? closing : `${closing}\n${name}`;
}

function benefitOf(p: Parts, index: number, withSender: boolean): string | null {
  if (!p.w.offering) return null;
  for (const raw of p.prose.benefits.slice(index)) {
    const s = benefitSentence(raw, p.w.offering, p.w.sender, p.w, p.pack, withSender);
    if (s) return s;
  }
  return null;
}

const join = (paragraphs: Array<string | null | undefined | false>) => paragraphs.filter((x): x is string => !!x && !!x.trim()).join('\n\n');
const noBang = (p: Parts, text: string) => (p.rules.noExclamation || p.tone !== 'enthusiastic' ? text.replace(/!(?=\s|$)/g, '.').replace(/¡/g, '') : text);

/** Step 1 as paragraphs, shortened until it fits the word limit. */
function firstMessage(p: Parts): { subject: string; body: string } {
  const roleAt = p.seed % p.pack.role.length;
  const roles = [roleAt, ...p.pack.role.map((_, i) => i).filter((i) => i !== roleAt)];
  const benefit = benefitOf(p, 0, true) ?? (p.w.offering ? p.pack.offeringOnly(p.w) : p.pack.noOffering(p.w));

  const build = (opts: { signal: boolean; industry: boolean; cta: string }) => {
    const w = opts.industry ? p.w : { ...p.w, industry: null };
    const r = roles.map((i) => p.pack.role[i]!(w)).find((s): s is string => !!s) ?? null;
    return join([p.pack.greeting(p.tone, p.first, p.full, p.w.title), [opts.signal ? p.signal : null, r].filter(Boolean).join(' '), benefit, opts.cta, signOff(p)]);
  };
  const shortCta = sentence(splitSentences(p.cta).find((s) => /\?|https?:\/\//.test(s)) ?? splitSentences(p.cta)[0] ?? p.cta);
  const tries = [
    { signal: true, industry: true, cta: p.cta },
    { signal: false, industry: true, cta: p.cta },
    { signal: false, industry: false, cta: p.cta },
    { signal: false, industry: false, cta: shortCta },
  ];
  let body = build(tries[0]!);
  for (const t of tries) {
    body = build(t);
    if (words(body) <= p.rules.maxWords) break;
  }
  const subjectAt = p.seed % p.pack.subjects.length;
  const subjects = [...p.pack.subjects.slice(subjectAt), ...p.pack.subjects.slice(0, subjectAt)];
  const subject = subjects.map((s) => s(p.w, p.first)).find((s): s is string => !!s) ?? p.pack.subjects.at(-1)!(p.w, p.first)!;
  return { subject: clean(subject) ?? subject, body: noBang(p, body) };
}

type Angle = { sentences: string[]; question: boolean; kind: string; link?: string | null };

/** The follow-ups' angles in order; each is used once in a thread. */
function anglesOf(p: Parts): Angle[] {
  const f = p.pack.follow;
  const caseStudy = (i: number): Angle | null => {
    const s = p.study[i];
    if (!s) return null;
    const summary = s.summary ? fit(splitSentences(s.summary)[0] ?? s.summary, 25) : null;
    return { kind: 'case_study', question: false, sentences: [f.caseStudy(p.w, stripEnd(s.title), i), ...(summary ? [sentence(upperFirst(summary))] : [])], link: s.url };
  };
  const pain = p.prose.pains[0] ? fit(p.prose.pains[0], 22) : null;
  const second = benefitOf(p, 1, false);
  const list: Array<Angle | null> = [
    caseStudy(0),
    pain ? { kind: 'pain', question: true, sentences: [f.painQuestion(p.w, upperFirst(pain))] } : { kind: 'current', question: true, sentences: [f.currentWay(p.w)] },
    second ? { kind: 'benefit', question: false, sentences: [f.anotherBenefit(p.w.offering && second.startsWith(p.w.offering) ? second : lowerFirst(second))] } : null,
    caseStudy(1),
    { kind: 'referral', question: true, sentences: [f.referral(p.w)] },
    p.url ? { kind: 'resource', question: true, sentences: [f.resource(p.w, p.url)] } : null,
    { kind: 'timing', question: true, sentences: [f.timing(p.w)] },
    caseStudy(2),
    pain ? { kind: 'current', question: true, sentences: [f.currentWay(p.w)] } : null,
    { kind: 'goal', question: true, sentences: [f.goal(p.w)] },
    { kind: 'lighter', question: true, sentences: [f.lighterAsk(p.w)] },
    { kind: 'priority', question: true, sentences: [f.priority(p.w)] },
    { kind: 'obstacle', question: true, sentences: [f.obstacle(p.w)] },
    { kind: 'bump', question: true, sentences: [f.bump(p.w)] },
    { kind: 'fit', question: true, sentences: [f.fit(p.w)] },
    { kind: 'short', question: true, sentences: [f.shortAnswer(p.w)] },
  ];
  return list.filter((a): a is Angle => !!a);
}

/** Follow-up `n` (1-based) of `total`: one angle, an ask when the angle is no question, the CTA's link once. */
function followUp(p: Parts, n: number, total: number | null): string {
  const f = p.pack.follow;
  const angles = anglesOf(p);
  const last = total !== null && n === total && total >= 2;
  let angle: Angle;
  if (last) angle = { kind: 'breakup', question: true, sentences: f.breakup(p.w) };
  // What the company has been weighing is this follow-up's angle (the sentence offers a walk-through: no extra ask).
  else if (p.topic) angle = { kind: 'topic', question: true, sentences: [f.topic(p.w, p.topic)] };
  else angle = angles[Math.min(n - 1, angles.length - 1)]!;
  const lines = [...angle.sentences];
  if (!angle.question) {
    // A statement angle ends with an ask, each ask once in the thread: "could something similar work" for
    // the first case study, the general ones for the rest.
    const before = angles.slice(0, n - 1);
    const ask =
      angle.kind === 'case_study'
        ? f.asks[[0, 3, 2][before.filter((a) => a.kind === 'case_study').length] ?? -1]
        : f.asks[[1, 2][before.filter((a) => !a.question && a.kind !== 'case_study').length] ?? -1];
    if (ask) lines.push(ask(p.w));
  }
  // The first follow-up offers the call to action's link again (once in the thread).
  if (n === 1 && p.ctaUrl && !last) lines.push(f.linkAgain(p.ctaUrl));
  const limit = Math.min(MAX_FOLLOW_UP_WORDS, p.rules.maxWords);
  const body = (text: string) => noBang(p, join([p.pack.greeting(p.tone, p.first, p.full, p.w.title), text, angle.link, signOff(p)]));
  const full = body(lines.join(' '));
  // Too long for the limit: the angle alone, without the ask and the link again.
  return words(full) <= limit ? full : body(angle.sentences.join(' '));
}

/** Normalised sentences of a text, for "never twice" checks. */
export function sentencesOf(text: string): string[] {
  return splitSentences(text.replace(/\n+/g, '\n'))
    .map((s) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim())
    .filter(Boolean);
}

/**
 * One step of the sequence: step 1 (subject + body) or follow-up `step - 1` (body only). Categories other
 * than cold_email / follow_up (LinkedIn, call script, reply, social post) have their own short forms.
 */
export function composeMessage(c: CompositionContext): ComposedMessage {
  const p = partsOf(c);
  const category = c.category ?? 'cold_email';
  const step = Math.max(1, Math.min(1 + MAX_FOLLOW_UPS, c.step ?? (category === 'follow_up' ? 2 : 1)));
  const meta = { language: p.language, languageFallbackFrom: p.fallbackFrom };
  const other = otherCategory(p, category);
  if (other) return { ...other, ...meta };
  if (step === 1) return { ...firstMessage(p), ...meta };
  const total = c.steps && c.steps > 1 ? Math.min(c.steps, 1 + MAX_FOLLOW_UPS) - 1 : null;
  return { subject: null, body: followUp(p, step - 1, total), ...meta };
}

/** Every step of a sequence of `steps` (the first message and its follow-ups), for previews, samples and tests. */
export function composeThread(c: CompositionContext, steps: number): ComposedMessage[] {
  return Array.from({ length: steps }, (_, i) => composeMessage({ ...c, category: i === 0 ? (c.category ?? null) : 'follow_up', step: i + 1, steps }));
}

function otherCategory(p: Parts, category: string): { subject: string | null; body: string } | null {
  const { pack, w } = p;
  const greeting = pack.greeting(p.tone, p.first, p.full, p.w.title);
  const benefit = benefitOf(p, 0, true) ?? (w.offering ? pack.offeringOnly(w) : pack.noOffering(w));
  const role = pack.role[0]!(w);
  switch (category) {
    case 'linkedin_invitation': {
      // LinkedIn invitation notes are limited to 300 characters.
      const withCta = `${greeting} ${[role, pack.linkedin.connect(w), p.cta].filter(Boolean).join(' ')}`;
      const body = withCta.length <= 300 ? withCta : `${greeting} ${[role, pack.linkedin.connect(w)].filter(Boolean).join(' ')}`;
      return { subject: null, body: body.length <= 300 ? body : `${greeting} ${pack.linkedin.connect(w)}` };
    }
    case 'linkedin_message':
      return { subject: null, body: noBang(p, join([greeting, [pack.linkedin.thanks, role].filter(Boolean).join(' '), benefit, p.cta])) };
    case 'call_script': {
      const [opening, reason, value, ask] = pack.call.labels;
      return {
        subject: null,
        body: join([`${opening}: ${pack.call.opening(p.first, p.senderName, w)}`, role ? `${reason}: "${role}"` : null, `${value}: "${benefit}"`, `${ask}: "${p.cta}"`]),
      };
    }
    case 'reply': {
      const price = p.offering ? priceText(p.offering, pack) : null;
      return { subject: null, body: noBang(p, join([greeting, [pack.reply.thanks, benefit, price ? pack.reply.price(price) : null].filter(Boolean).join(' '), p.cta, signOff(p)])) };
    }
    case 'social_post':
      return { subject: null, body: join([pack.social.opener(w), benefit, p.cta]) };
    default:
      return null;
  }
}
