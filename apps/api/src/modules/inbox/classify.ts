import type { ParsedMail } from 'mailparser';
import { replyStatusSchema, type ReplyStatus } from '@shared/schemas/inbox';
import { z } from 'zod';
import { REPLY_CLASSIFY_MAX_TOKENS, REPLY_CLASSIFY_SYSTEM, replyClassifyPrompt } from '../ai/prompts';
import type { TextProvider } from '../ai/provider';
import { fold, forwardedToSomeoneElse, stripQuotedAndSignature } from './classify-text';
import { predictReply, type ReplyModel } from './classify-model';
import { shippedReplyModel } from './classify-model-data';
import {
  AUTO_REPLY_WORDING,
  AUTO_SUBJECT,
  BOUNCE_SUBJECT,
  FIRST_PERSON_REMOVAL,
  NOT_AN_UNSUBSCRIBE,
  OPT_OUT_FOOTER,
  OOO_SUBJECT,
  WHERE_DID_YOU_GET,
  REFERRAL_TARGET,
  READ_RECEIPT_SUBJECT,
  RETURN_DATE,
  STATUS_PRECEDENCE,
  UNSUBSCRIBE_SUBJECT,
  WORDING_RULES,
  type WordingRule,
} from './classify-wording';

export { stripQuotedAndSignature } from './classify-text';

/**
 * The reply classifier (issue 12): header rules first (delivery reports, Auto-Submitted and friends),
 * then wording rules on the new text of the reply (quoted history and signature removed), then, when
 * the rules are unsure and an AI provider is configured, the provider. Without an external provider the
 * rules are the answer (the built-in default). Pure: no database, no clock; the caller stores the result
 * with its source (see nextReplyStatus in @shared/schemas/inbox for how a user's correction is kept).
 */

/** Header values as mailparser gives them (a Map of lowercased names) or as a plain record. */
export type ReplyHeaders = Map<string, unknown> | Record<string, unknown>;

export type ReplyInput = {
  subject?: string | null;
  /** The plain text of the message (mailparser's `text`, or the HTML converted to text). */
  text: string;
  headers?: ReplyHeaders | null;
  /** The sender's address, when the caller has it apart from the headers. */
  from?: string | null;
  /**
   * The caller found a delivery report in the MIME tree (a message/delivery-status part, also when the
   * multipart/report sits inside a multipart/mixed, which the top-level Content-Type does not show).
   */
  deliveryReport?: boolean;
};

/**
 * What the classifier reads of a parsed message, the same for ingestion and the fixture tests: the subject,
 * mailparser's text (for an HTML-only message, the text mailparser makes of the HTML), the headers as
 * mailparser gives them, the sender's address, and whether a delivery report sits in the MIME tree.
 */
export function replyInputOfParsed(parsed: Pick<ParsedMail, 'subject' | 'text' | 'headers' | 'from'>, deliveryReport: boolean): ReplyInput {
  const from = (Array.isArray(parsed.from) ? parsed.from.flatMap((a) => a.value) : (parsed.from?.value ?? []))[0];
  return { subject: parsed.subject ?? '', text: parsed.text ?? '', headers: parsed.headers as Map<string, unknown>, from: (from?.address ?? '').toLowerCase(), deliveryReport };
}

export type RuleClassification = { status: ReplyStatus; confidence: 'high' | 'low'; rule: string };
export type ReplyClassification = RuleClassification & { source: 'rules' | 'ai' };

// ---------------------------------------------------------------- headers

function headerText(headers: ReplyHeaders | null | undefined, name: string): string | null {
  if (!headers) return null;
  const raw = headers instanceof Map ? headers.get(name) : (headers[name] ?? Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1]);
  return valueText(raw);
}

function valueText(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map(valueText).filter((x) => x !== null).join(', ');
  if (typeof v === 'object') {
    // mailparser: structured headers ({value, params}) and address objects ({value: [...], text}).
    const o = v as { text?: unknown; value?: unknown; params?: Record<string, unknown> };
    if (typeof o.text === 'string') return o.text;
    if (typeof o.value === 'string') {
      const params = o.params ? Object.entries(o.params).map(([k, p]) => `; ${k}=${String(p)}`).join('') : '';
      return `${o.value}${params}`;
    }
  }
  return null;
}

type HeaderFacts = { automatic: string | null; deliveryReport: boolean; readReceipt: boolean; fromDaemon: boolean };

/** Auto-Submitted (other than "no"), X-Autoreply, X-Autorespond, Precedence auto_reply/bulk/junk, an empty Return-Path. */
function headerFacts(input: ReplyInput): HeaderFacts {
  const h = input.headers;
  const contentType = fold(headerText(h, 'content-type') ?? '');
  const autoSubmitted = fold(headerText(h, 'auto-submitted') ?? '');
  const precedence = fold(headerText(h, 'precedence') ?? '');
  const returnPath = headerText(h, 'return-path');
  const from = fold(input.from ?? headerText(h, 'from') ?? '');
  let automatic: string | null = null;
  if (autoSubmitted && autoSubmitted !== 'no') automatic = 'header:auto-submitted';
  else if (headerText(h, 'x-autoreply') !== null) automatic = 'header:x-autoreply';
  else if (headerText(h, 'x-autorespond') !== null) automatic = 'header:x-autorespond';
  else if (/^(auto_reply|bulk|junk|list)$/.test(precedence)) automatic = 'header:precedence';
  else if (returnPath !== null && /^\s*<?\s*>?\s*$/.test(returnPath)) automatic = 'header:empty-return-path';
  return {
    automatic,
    deliveryReport: /multipart\/report/.test(contentType) && /report-type="?delivery-status/.test(contentType),
    readReceipt: /multipart\/report/.test(contentType) && /report-type="?disposition-notification/.test(contentType),
    fromDaemon: /(^|[<\s"])(mailer-daemon|postmaster|mail-daemon|maildelivery|mail delivery (subsystem|system))\b/.test(from) || /^mailer-daemon\b/.test(from),
  };
}

// ---------------------------------------------------------------- wording

type Hit = { rule: WordingRule };

function wordingHits(folded: string): Hit[] {
  // A removal the writer says is not needed says nothing else either ("Sie müssen mich jetzt nicht austragen"); quoted words count for everything but an unsubscribe.
  const [negated, ...notForUnsubscribe] = NOT_AN_UNSUBSCRIBE;
  const withoutNegated = folded.replace(negated!, ' ');
  const unsubscribeView = notForUnsubscribe.reduce((text, re) => text.replace(re, ' '), withoutNegated);
  const all = WORDING_RULES.filter((r) => r.re.test(r.status === 'unsubscribe' ? unsubscribeView : withoutNegated)).map((rule) => ({ rule }));
  // The new contact who took over and is interested ("Sam has left; I've taken over, what does pricing look like?"):
  // the writer is the right person now, so the interest decides.
  const wrong = all.filter((h) => h.rule.status === 'wrong_person');
  if (wrong.length && wrong.every((h) => h.rule.id === 'wrong_person:took-over' || !h.rule.strong) && all.some((h) => h.rule.strong && POSITIVE.has(h.rule.status)) && wrong.some((h) => h.rule.id === 'wrong_person:took-over')) return all.filter((h) => h.rule.status !== 'wrong_person' && h.rule.status !== 'unsubscribe');
    const hits = all;
  // Someone took over from a departed colleague and asks to drop *their* address: a referral, not an unsubscribe.
  if (hits.some((h) => h.rule.id === 'wrong_person:took-over') && !FIRST_PERSON_REMOVAL.test(unsubscribeView)) return hits.filter((h) => h.rule.status !== 'unsubscribe');
  // "… for next year" beside a meeting or a yes is what the meeting is about, not a "not now".
  if (hits.some((h) => h.rule.strong && POSITIVE.has(h.rule.status)) && !hits.some((h) => h.rule.status === 'not_now' && h.rule.id !== 'not_now:next-year')) return hits.filter((h) => h.rule.id !== 'not_now:next-year');
  return hits;
}

const POSITIVE: ReadonlySet<ReplyStatus> = new Set(['interested', 'meeting_request']);
const LATER_NOT_NOW: ReadonlySet<string> = new Set(['not_now:en-later', 'not_now:en-drop-line', 'not_now:contact-again-later', 'not_now:later-then-contact', 'not_now:de-spaeter', 'not_now:fr-recontactez', 'not_now:es-mas-tarde']);
const NEGATIVE: ReadonlySet<ReplyStatus> = new Set(['not_now', 'not_interested', 'unsubscribe', 'wrong_person']);

/** The winning status by precedence; high confidence when a strong rule decided and no strong rule of the other polarity disagrees. */
function decide(hits: Hit[]): RuleClassification | null {
  if (!hits.length) return null;
  const strong = hits.filter((h) => h.rule.strong);
  const pool = strong.length ? strong : hits;
  const winner = STATUS_PRECEDENCE.map((s) => pool.find((h) => h.rule.status === s)).find((h) => h !== undefined)!;
  const status = winner.rule.status;
  let confidence: 'high' | 'low' = winner.rule.strong ? 'high' : 'low';
  const conflicting = POSITIVE.has(status) ? NEGATIVE : NEGATIVE.has(status) ? POSITIVE : null;
  if (conflicting && strong.some((h) => conflicting.has(h.rule.status)) && status !== 'unsubscribe') confidence = 'low';
  return { status, confidence, rule: `wording:${winner.rule.id}` };
}

function statusHit(hits: Hit[], status: ReplyStatus): Hit | undefined {
  return hits.find((h) => h.rule.status === status && h.rule.strong);
}

/** The reply is exactly the keyword our quoted opt-out footer asks for ("NIE" under "… odpisz "NIE""). */
function answersOptOutFooter(text: string, folded: string): boolean {
  const said = folded.replace(/[^\p{L}\p{N}\s]/gu, ' ').replace(/\s+/g, ' ').trim();
  if (!said || said.includes(' ')) return false;
  const all = fold(text.replace(/^[ \t]*>+/gm, ' '));
  return OPT_OUT_FOOTER.some((re) => [...all.matchAll(re)].some((m) => m.slice(1).reverse().find((g) => g !== undefined && /^[\p{L}]+$/u.test(g)) === said));
}

/** A reply's own words come first; past this many characters it is a forwarded thread or a newsletter. */
const MAX_TEXT = 100_000;
const newTextOf = (input: ReplyInput) => (input.text ?? '').slice(0, MAX_TEXT);

/** Strip "Re:", "AW:", "Fwd:" and the like from the front of a subject. */
const subjectCore = (s: string) => fold(s).replace(/^((re|aw|wg|fw|fwd|tr|rv|sv|vs|antw|odp|r)\s*(\[\d+\])?\s*:\s*)+/, '');

/**
 * Header rules first, then wording. `rule` names what decided (e.g. "header:multipart-report",
 * "wording:unsubscribe:en-remove-me", "none").
 */
export function classifyByRules(input: ReplyInput): RuleClassification {
  const facts = headerFacts(input);
  const subject = subjectCore(input.subject ?? headerText(input.headers, 'subject') ?? '');
  const body = stripQuotedAndSignature(newTextOf(input));
  const folded = fold(body);
  const hits = wordingHits(folded);

  // Delivery reports and read receipts: the MIME type says what they are.
  if (facts.deliveryReport) return { status: 'bounce', confidence: 'high', rule: 'header:multipart-report' };
  if (input.deliveryReport) return { status: 'bounce', confidence: 'high', rule: 'mime:delivery-status' };
  if (facts.readReceipt) return { status: 'auto_reply', confidence: 'high', rule: 'header:read-receipt' };
  if (facts.fromDaemon && (BOUNCE_SUBJECT.test(subject) || statusHit(hits, 'bounce'))) return { status: 'bounce', confidence: 'high', rule: 'header:mailer-daemon' };
  if (BOUNCE_SUBJECT.test(subject) && (facts.fromDaemon || statusHit(hits, 'bounce') || (facts.automatic && !AUTO_REPLY_WORDING.some((re) => re.test(folded))))) return { status: 'bounce', confidence: 'high', rule: 'subject:bounce' };
  if (READ_RECEIPT_SUBJECT.test(subject) && body.length < 400) return { status: 'auto_reply', confidence: 'high', rule: 'subject:read-receipt' };

  // Automatic answers: an out-of-office note, a "no longer with the company, write to …" note, or anything else automatic.
  const autoSubject = AUTO_SUBJECT.test(subject);
  if (facts.automatic || autoSubject || facts.fromDaemon) {
    const why = facts.automatic ?? (autoSubject ? 'subject:automatic' : 'header:mailer-daemon');
    // Bounce wording in an automatic answer that reads as an auto-reply ("this mailbox is no longer read, your message
    // was not delivered to anyone") is no delivery failure unless a mail daemon sent it.
    const bounce = facts.fromDaemon || !AUTO_REPLY_WORDING.some((re) => re.test(folded)) ? statusHit(hits, 'bounce') : undefined;
    if (bounce) return { status: 'bounce', confidence: 'high', rule: `${why}+wording:${bounce.rule.id}` };
    // On an automatic answer, a weak absence hint is enough ("our offices are closed on Monday …").
    const ooo = statusHit(hits, 'out_of_office') ?? hits.find((h) => h.rule.status === 'out_of_office');
    if (ooo) return { status: 'out_of_office', confidence: 'high', rule: `${why}+wording:${ooo.rule.id}` };
    // "No longer with the company" is a referral when it says where to write instead; without that it is an auto-reply.
    const referral = REFERRAL_TARGET.test(folded) ? (statusHit(hits, 'wrong_person') ?? hits.find((h) => h.rule.status === 'wrong_person')) : undefined;
    if (referral) return { status: 'wrong_person', confidence: 'high', rule: `${why}+wording:${referral.rule.id}` };
    if (OOO_SUBJECT.test(subject)) return { status: 'out_of_office', confidence: 'high', rule: `${why}+subject:out-of-office` };
    // An automatic answer that names a return date is an out-of-office note.
    if (RETURN_DATE.test(folded)) return { status: 'out_of_office', confidence: 'high', rule: `${why}+wording:return-date` };
    // An automatic header on a message that reads like a person's answer (some clients mark every reply
    // Precedence: bulk): the wording decides, with low confidence.
    if (facts.automatic || autoSubject) {
      const human = decide(hits.filter((h) => h.rule.status !== 'out_of_office'));
      if (human && !AUTO_REPLY_WORDING.some((re) => re.test(folded)) && facts.automatic === 'header:precedence') return { ...human, confidence: 'low' };
      return { status: 'auto_reply', confidence: 'high', rule: why };
    }
  }

  if (UNSUBSCRIBE_SUBJECT.test(subject)) return { status: 'unsubscribe', confidence: 'high', rule: 'subject:unsubscribe' };
  if (answersOptOutFooter(newTextOf(input), folded)) return { status: 'unsubscribe', confidence: 'high', rule: 'wording:answers-opt-out-footer' };
  const decided = decide(hits);
  // Our email forwarded to a colleague with a note addressed to them ("Maria, can you handle this?"): a referral,
  // unless the note says something stronger than a referral (a stop, an absence); low unless its wording says so too.
  const forwardedTo = forwardedToSomeoneElse(newTextOf(input), input.subject ?? '');
  if (forwardedTo && (!decided || STATUS_PRECEDENCE.indexOf(decided.status) > STATUS_PRECEDENCE.indexOf('wrong_person'))) return { status: 'wrong_person', confidence: 'low', rule: `forwarded-to:${forwardedTo}${decided ? `+${decided.rule}` : ''}` };
  // No automatic header or subject, absence wording and a person's yes ("I'm away next week, but let's talk
  // after that"): a human answer, not a vacation note (ingestion would pause instead of stop). Low: the AI may decide.
  if (decided?.status === 'out_of_office') {
    // Only a "contact me later" not-now (not a bare "not at the moment", which an absence note says too).
    const later = hits.find((h) => h.rule.strong && LATER_NOT_NOW.has(h.rule.id));
    // An invitation to visit the writer's stand or office is what an absence note at a trade fair says, not a person's answer.
    const human = later ?? statusHit(hits.filter((h) => h.rule.id !== 'meeting_request:visit-us'), 'meeting_request');
    if (human) return { status: human.rule.status, confidence: 'low', rule: `wording:${human.rule.id}+away` };
    // Away, and interested ("on vacation till the 3rd, looks interesting, will look when I'm back"): the absence
    // decides (the sequence pauses, it does not stop), low so that the user sees the interest.
    const interest = statusHit(hits, 'interested');
    if (interest) return { ...decided, confidence: 'low', rule: `${decided.rule}+${interest.rule.id}` };
  }
  // A referral that names a return date without automatic headers may be an out-of-office note the wording missed
  // ("until 14 July; for urgent matters write to …"): it must not stop the sequence on its own. Low: the user decides.
  if (decided?.status === 'wrong_person' && decided.confidence === 'high' && RETURN_DATE.test(folded)) return { ...decided, confidence: 'low', rule: `${decided.rule}+return-date` };
  // Only weak hints beside "how did you get my address?": the question is what the writer wants answered.
  if (decided && decided.confidence === 'low' && !hits.some((h) => h.rule.strong) && WHERE_DID_YOU_GET.test(folded)) return { status: 'other', confidence: 'low', rule: 'wording:where-did-you-get' };
  if (decided) return decided;
  if (AUTO_REPLY_WORDING.some((re) => re.test(folded))) return { status: 'auto_reply', confidence: 'low', rule: 'wording:auto-reply' };
  return { status: 'other', confidence: 'low', rule: 'none' };
}

// ---------------------------------------------------------------- the model's second opinion

/**
 * Whether the rules' unsure answers get the trained model's second opinion (classify-model.ts) before the AI
 * provider. Off: measured by 5-fold cross-validation on the tuned and dev replies it did not help (docs/decisions.md,
 * reply classifier accuracy); kept switchable so the held-out set can be measured both ways.
 */
export const USE_REPLY_MODEL = false;
/** The model's answer replaces the rules' unsure one only at this posterior probability or above. */
export const REPLY_MODEL_MIN_PROBABILITY = 0.9;

/**
 * The rules' answer, or, when they are unsure, the model's when it is confident. The model never decides an
 * unsubscribe or a bounce with high confidence (those suppress an address: a rule must say so), nor a person's
 * answer for a message with automatic headers (an out-of-office must never stop a sequence).
 */
export function withModelOpinion(input: ReplyInput, byRules: RuleClassification, model: ReplyModel | null): RuleClassification {
  if (!model || byRules.confidence === 'high') return byRules;
  const automatic = headerFacts(input).automatic !== null;
  const opinion = predictReply(model, { text: newTextOf(input), subject: input.subject, automatic });
  if (opinion.probability < REPLY_MODEL_MIN_PROBABILITY) return byRules;
  const risky = opinion.status === 'unsubscribe' || opinion.status === 'bounce' || (automatic && !AUTOMATIC.has(opinion.status));
  return { status: opinion.status, confidence: risky ? 'low' : 'high', rule: `${byRules.rule}+model:${opinion.probability.toFixed(2)}` };
}

const AUTOMATIC: ReadonlySet<ReplyStatus> = new Set(['out_of_office', 'auto_reply', 'bounce']);

/** The classification without an AI provider: the rules, then (when USE_REPLY_MODEL) the model's second opinion. */
export function classifyOffline(input: ReplyInput): RuleClassification {
  return withModelOpinion(input, classifyByRules(input), USE_REPLY_MODEL ? shippedReplyModel() : null);
}

// ---------------------------------------------------------------- AI

export type ClassifyDeps = {
  /** The configured text provider (textProviderFor(config)); the built-in composer does not classify, so it is skipped. */
  provider?: TextProvider | null;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Told when the provider failed or answered something unusable (the rules' answer is used then). */
  onAiFallback?: (reason: string) => void;
};

export const CLASSIFY_TIMEOUT_MS = 15_000;

const aiAnswerSchema = z.object({ status: replyStatusSchema });

/**
 * The provider's answer as a status, or null when it is not exactly one JSON object with a known
 * status (a code fence around it is tolerated; prose, several objects or an unknown status are not).
 */
export function parseClassifyAnswer(answer: string): ReplyStatus | null {
  const unfenced = answer
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '')
    .trim();
  if (!unfenced.startsWith('{') || !unfenced.endsWith('}')) return null;
  let json: unknown;
  try {
    json = JSON.parse(unfenced);
  } catch {
    return null;
  }
  const parsed = aiAnswerSchema.safeParse(json);
  return parsed.success ? parsed.data.status : null;
}

/**
 * Rules first; when they are unsure (low confidence) and an external AI provider is configured, its
 * answer decides. Any provider failure or unusable answer keeps the rules' answer.
 */
export async function classifyReply(input: ReplyInput, deps: ClassifyDeps = {}): Promise<ReplyClassification> {
  const byRules = classifyOffline(input);
  const provider = deps.provider;
  if (byRules.confidence === 'high' || !provider || provider.name === 'composer') return { ...byRules, source: 'rules' };
  const body = stripQuotedAndSignature(newTextOf(input));
  let answer: string;
  try {
    answer = await provider.generate({
      system: REPLY_CLASSIFY_SYSTEM,
      prompt: replyClassifyPrompt({ subject: input.subject ?? headerText(input.headers, 'subject'), text: body }),
      maxTokens: REPLY_CLASSIFY_MAX_TOKENS,
      timeoutMs: deps.timeoutMs ?? CLASSIFY_TIMEOUT_MS,
      temperature: 0,
      signal: deps.signal,
    });
  } catch (err) {
    deps.onAiFallback?.(`provider failed: ${(err as Error).message}`);
    return { ...byRules, rule: `${byRules.rule}+ai-failed`, source: 'rules' };
  }
  const status = parseClassifyAnswer(answer);
  if (!status) {
    deps.onAiFallback?.(`unusable answer: ${answer.slice(0, 200)}`);
    return { ...byRules, rule: `${byRules.rule}+ai-unusable`, source: 'rules' };
  }
  return { status, confidence: 'high', rule: `ai:${provider.name}`, source: 'ai' };
}
