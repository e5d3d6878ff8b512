import type { SocialPostContext } from './provider';

/**
 * The built-in composer's LinkedIn post (the embedded default; SOCIAL_POST_SYSTEM in prompts.ts gives a
 * real model the same brief): a hook line on the topic, the problem as the audience lives it, one
 * lesson, at most one soft mention of the offering or a given case study, a question that invites
 * comments, and two or three hashtags from the topic. Written from the user's own data only: nothing
 * invented, no links, no placeholders. `seed` picks the wording, so the posts of a week differ.
 */

export const SOCIAL_POST_COMPOSER_LIMITS = { maxChars: 1300, hookMaxChars: 150, maxHashtags: 3 } as const;

type Tone = SocialPostContext['tone'];

const OPENERS: Record<Tone, string[]> = {
  professional: ['Here is what we keep seeing.', 'It comes up in almost every conversation we have.', 'It is worth a closer look.'],
  friendly: ['This comes up with customers almost every week.', 'I keep having the same conversation about it.', 'Let me share what I have learned about it.'],
  thoughtful: ['I have been thinking about this a lot lately.', 'It deserves more attention than it gets.', 'The longer I work on it, the more it matters.'],
  bold: ['Most teams get this wrong.', 'Unpopular opinion: this is not a nice-to-have.', 'It is costing more than anyone admits.'],
  witty: ['Nobody puts this on a slide, but they should.', 'If this sounds familiar, you are in good company.', 'Every team has a story about this one.'],
};

const LESSONS: Record<Tone, string[]> = {
  professional: [
    'The teams that handle it well start small: one process, one owner, measured every week.',
    'What helps most is making the problem visible before trying to fix it.',
    'The fix is rarely a big project. It is a habit the whole team keeps.',
  ],
  friendly: [
    'What I have seen work: start small, pick one thing, and keep at it every week.',
    'The best teams I know talk about it openly instead of working around it.',
    'Small, steady changes beat one big clean-up every time.',
  ],
  thoughtful: [
    'The lesson for me: the cost is rarely in one big failure, it is in many small delays.',
    'Naming the problem clearly is already half of the work.',
    'It is less about tools and more about the habits around them.',
  ],
  bold: [
    'Waiting for the perfect moment to fix it is the most expensive option.',
    'Stop treating it as a side task. Give it an owner and a weekly number.',
    'The teams that win here decided to fix it, and then did, one step at a time.',
  ],
  witty: [
    'Spoiler: another spreadsheet will not fix it. A steady habit will.',
    'The good news: fixing it is less dramatic than living with it.',
    'Turns out the secret is boring: do the small thing, every week.',
  ],
};

const QUESTIONS: Record<Tone, string[]> = {
  professional: ['How does your team handle this?', 'What has worked for your team?', 'Where do you see the biggest gap today?'],
  friendly: ['I would love to hear: how do you deal with it?', 'What has worked for you?', 'Is it the same for you?'],
  thoughtful: ['What has your experience been?', 'What would you add?', 'How do you think about it?'],
  bold: ['Agree, or am I wrong?', 'Who is fixing this properly?', 'What is stopping your team?'],
  witty: ['Tell me I am not the only one who sees this?', 'What is your best story about it?', 'Be honest: how many tabs is this for you?'],
};

const STOPWORDS = new Set(
  'a an and are as at be been but by can do does for from get gets has have how in into is it its lose loses more most much not of on or our so than that the their them they this those to up was we what when where which who why will with without you your about after before every over under very just only also'.split(
    ' ',
  ),
);

/** Markup, template placeholders and brackets never reach a post. */
const clean = (s: string) =>
  s
    .replace(/<[^>]*>/g, ' ')
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/[{}<>[\]]/g, '')
    .replace(/\b(?:undefined|null)\b/gi, '')
    .replace(/\s+/g, ' ')
    .trim();
const stripEnd = (s: string) => s.trim().replace(/[.!?:;,]+$/, '');
const sentence = (s: string) => {
  const t = clean(s);
  return !t ? '' : /[.!?]$/.test(t) ? t : `${t}.`;
};
const upperFirst = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);
const lowerFirst = (s: string) => (s && !/^[A-Z]{2}/.test(s) && !/^[A-Z][a-z]+[A-Z]/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s);
const firstSentence = (s: string) => clean(s).split(/(?<=[.!?])\s+/)[0] ?? '';
const pick = <T>(items: readonly T[], seed: number) => items[seed % items.length]!;
const hasUrl = (s: string) => /(https?:\/\/|www\.)\S+/i.test(s);
const words = (s: string) => (s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !STOPWORDS.has(w));

/** Two or three hashtags from the topic's words (then the offering's), CamelCased, no repeats. */
export function hashtagsFor(topic: string, offeringName: string | null): string[] {
  const out: string[] = [];
  for (const raw of [...(topic.match(/[\p{L}\p{N}]+/gu) ?? []), ...(offeringName?.match(/[\p{L}\p{N}]+/gu) ?? [])]) {
    if (raw.length < 3 || STOPWORDS.has(raw.toLowerCase()) || /^\d+$/.test(raw)) continue;
    const tag = /^[A-Z0-9]{2,}$/.test(raw) ? raw : upperFirst(raw.toLowerCase());
    if (!out.some((t) => t.toLowerCase() === tag.toLowerCase())) out.push(tag);
    if (out.length === SOCIAL_POST_COMPOSER_LIMITS.maxHashtags) break;
  }
  return out.map((t) => `#${t}`);
}

/** The problem closest to the topic (most shared words), else the first one, else null. */
function problemFor(topic: string, problems: string[]): string | null {
  const usable = problems.map((p) => clean(firstSentence(p))).filter((p) => p.length >= 8 && !hasUrl(p));
  if (!usable.length) return null;
  const topicWords = new Set(words(topic));
  let best = usable[0]!;
  let score = -1;
  for (const p of usable) {
    const s = words(p).filter((w) => topicWords.has(w)).length;
    if (s > score) [best, score] = [p, s];
  }
  return best;
}

export function composeSocialPost(c: SocialPostContext): string {
  const seed = Math.abs(Math.trunc(c.seed));
  const topic = stripEnd(clean(c.topic)) || 'What we learn from our customers';
  const hook = upperFirst(sentence(topic)).slice(0, SOCIAL_POST_COMPOSER_LIMITS.hookMaxChars);
  const paragraphs: string[] = [`${hook}\n${pick(OPENERS[c.tone], seed)}`];

  const problem = problemFor(topic, c.problems);
  const audience = c.audience?.trim() || null;
  if (problem && stripEnd(problem).toLowerCase() !== topic.toLowerCase()) {
    paragraphs.push(audience ? `For ${audience}, it often shows up like this: ${lowerFirst(sentence(problem))}` : `It often shows up like this: ${lowerFirst(sentence(problem))}`);
  } else if (audience) {
    paragraphs.push(`${upperFirst(audience)} feel it first, in time that should go to their customers.`);
  }

  paragraphs.push(pick(LESSONS[c.tone], seed));

  // One soft mention on alternate posts: a case study given by the user, else what the offering does.
  const study = c.caseStudies.find((s) => s.title.trim() && s.summary.trim() && !hasUrl(s.summary));
  const does = c.offering ? firstSentence(c.offering.description) : '';
  if (seed % 2 === 0 && study) {
    paragraphs.push(`A recent example: ${stripEnd(clean(study.title))}. ${sentence(firstSentence(study.summary))}`);
  } else if (seed % 2 === 0 && c.offering && does && !hasUrl(does)) {
    const name = clean(c.offering.name);
    const opensWithName = does.toLowerCase().startsWith(name.toLowerCase());
    paragraphs.push(opensWithName ? `This is why we built ${name}. ${sentence(does)}` : `This is why we built ${name}: ${lowerFirst(sentence(does))}`);
  }

  paragraphs.push(pick(QUESTIONS[c.tone], seed));
  const tags = hashtagsFor(topic, c.offering?.name ?? null);
  if (tags.length) paragraphs.push(tags.join(' '));

  // Never a sentence twice (a problem equal to a lesson, a repeated earlier post's line).
  const seen = new Set<string>();
  const earlier = new Set(c.earlier.flatMap((e) => e.split(/\n+/)).map((l) => l.trim().toLowerCase()));
  const kept = paragraphs.filter((p, i) => {
    const key = p.trim().toLowerCase();
    if (seen.has(key) || (i > 0 && i < paragraphs.length - 2 && earlier.has(key))) return false;
    seen.add(key);
    return true;
  });
  let out = kept.join('\n\n');
  // Over the limit: drop the optional middle paragraphs (the mention, then the problem) before cutting.
  while (out.length > SOCIAL_POST_COMPOSER_LIMITS.maxChars && kept.length > 3) {
    kept.splice(kept.length - 3, 1);
    out = kept.join('\n\n');
  }
  return out.slice(0, SOCIAL_POST_COMPOSER_LIMITS.maxChars);
}
