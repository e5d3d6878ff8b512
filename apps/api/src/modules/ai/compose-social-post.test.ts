import { describe, expect, it } from 'vitest';
import { composerProvider } from './composer';
import { composeSocialPost, hashtagsFor, SOCIAL_POST_COMPOSER_LIMITS } from './compose-social-post';
import { cleanSocialPost, SOCIAL_POST_SYSTEM, socialPostPrompt } from './prompts';
import type { SocialPostContext } from './provider';

const TONES = ['professional', 'friendly', 'thoughtful', 'bold', 'witty'] as const;

const full: SocialPostContext = {
  kind: 'social_post',
  network: 'linkedin',
  topic: 'Sales teams lose hours updating the CRM by hand',
  tone: 'professional',
  language: 'en',
  author: { name: 'Alex Rivers', title: 'Head of Growth' },
  company: { name: 'Northwind' },
  offering: { name: 'Engine Forecast', description: 'Engine Forecast pulls deal data from email and calendars into the CRM automatically. It flags stalled deals.' },
  audience: 'CFOs at SaaS companies',
  problems: ['Forecasts are late every quarter because reps update the CRM on Friday nights.', 'Board decks are built from stale numbers.'],
  caseStudies: [{ title: 'Contoso cut forecast prep from 3 days to 4 hours', summary: 'Contoso connected its inboxes in a week. Forecast calls now take 30 minutes.' }],
  seed: 0,
  earlier: [],
};

/** Fixtures: rich data, the bare minimum, hostile input, a noun-phrase topic, very long text. */
const FIXTURES: Array<[string, SocialPostContext]> = [
  ['full data', full],
  ['minimal data', { ...full, offering: null, audience: null, problems: [], caseStudies: [], company: { name: null }, topic: 'Pipeline hygiene' }],
  [
    'hostile input',
    {
      ...full,
      topic: '  {{first_name}} <script>why forecasts slip</script>  ',
      offering: { name: 'Engine', description: 'See https://engine.example.com for details.' },
      problems: ['undefined', 'https://spam.example', 'Reps skip the CRM when they are busy.'],
      caseStudies: [{ title: '', summary: 'no title' }],
    },
  ],
  ['long input', { ...full, topic: 'x'.repeat(400), problems: ['word '.repeat(600)], offering: { name: 'Big', description: 'long '.repeat(900) } }],
  ['acronym topic', { ...full, topic: 'CRM data quality for RevOps teams', seed: 3 }],
];

function checkRules(post: string, c: SocialPostContext) {
  expect(post.length).toBeGreaterThan(80);
  expect(post.length).toBeLessThanOrEqual(SOCIAL_POST_COMPOSER_LIMITS.maxChars);
  const lines = post.split('\n');
  expect(lines[0]!.length).toBeLessThanOrEqual(SOCIAL_POST_COMPOSER_LIMITS.hookMaxChars);
  expect(post).not.toMatch(/undefined|null|\{\{|\}\}|<|>|\[|\]/);
  expect(post).not.toMatch(/https?:\/\/|www\./);
  expect(post).not.toMatch(/\n{3,}/);
  // The offering is named at most once: a post, not a pitch.
  if (c.offering) expect(post.split(c.offering.name).length - 1).toBeLessThanOrEqual(1);
  // Sentences are never repeated.
  const sentences = post.split(/(?<=[.!?])\s+|\n+/).map((s) => s.trim().toLowerCase()).filter((s) => s.length > 12);
  expect(new Set(sentences).size).toBe(sentences.length);
  // Ends with hashtags (1–3), right after one question inviting comments.
  const paragraphs = post.split('\n\n');
  const tags = paragraphs.at(-1)!.split(' ');
  expect(tags.length).toBeGreaterThanOrEqual(1);
  expect(tags.length).toBeLessThanOrEqual(3);
  for (const t of tags) expect(t).toMatch(/^#[\p{L}\p{N}]+$/u);
  expect(paragraphs.at(-2)).toMatch(/\?$/);
}

describe("the built-in composer's LinkedIn posts", () => {
  for (const [name, c] of FIXTURES) {
    it(`keeps every rule with ${name}, in every tone and wording variant`, () => {
      for (const tone of TONES) for (const seed of [0, 1, 2, 5]) checkRules(composeSocialPost({ ...c, tone, seed }), { ...c, tone, seed });
    });
  }

  it('writes a readable post from the full data: hook, problem for the audience, lesson, one mention, question, hashtags', () => {
    const post = composeSocialPost(full);
    expect(post).toBe(
      [
        'Sales teams lose hours updating the CRM by hand.\nHere is what we keep seeing.',
        'For CFOs at SaaS companies, it often shows up like this: forecasts are late every quarter because reps update the CRM on Friday nights.',
        'The teams that handle it well start small: one process, one owner, measured every week.',
        'A recent example: Contoso cut forecast prep from 3 days to 4 hours. Contoso connected its inboxes in a week.',
        'How does your team handle this?',
        '#Sales #Teams #Hours',
      ].join('\n\n'),
    );
  });

  it('mentions the offering (not the case study) when none is given, and only on alternate posts', () => {
    const noStudy = { ...full, caseStudies: [] };
    expect(composeSocialPost({ ...noStudy, seed: 2 })).toContain('This is why we built Engine Forecast. Engine Forecast pulls deal data from email and calendars into the CRM automatically.');
    expect(composeSocialPost({ ...noStudy, seed: 1 })).not.toContain('Engine Forecast');
  });

  it('writes different posts for different seeds and tones, and the same post for the same input', () => {
    const week = [0, 1, 2].map((seed) => composeSocialPost({ ...full, seed }));
    expect(new Set(week).size).toBe(3);
    expect(new Set(TONES.map((tone) => composeSocialPost({ ...full, tone }))).size).toBe(TONES.length);
    expect(composeSocialPost(full)).toBe(composeSocialPost({ ...full }));
  });

  it('makes hashtags from the topic first, keeps acronyms, skips stopwords and numbers', () => {
    expect(hashtagsFor('CRM data quality for RevOps teams', null)).toEqual(['#CRM', '#Data', '#Quality']);
    expect(hashtagsFor('Why 2027 is the year of AI', 'Engine Forecast')).toEqual(['#Year', '#Engine', '#Forecast']);
  });

  it('is what the composer provider answers for a social post context', async () => {
    expect(await composerProvider.generate({ system: SOCIAL_POST_SYSTEM, prompt: socialPostPrompt(full), maxTokens: 600, timeoutMs: 1000, context: full })).toBe(composeSocialPost(full));
  });

  it('gives a real model the same brief and cleans its answer', () => {
    const prompt = socialPostPrompt({ ...full, earlier: ['An earlier post'] });
    expect(prompt).toContain('Topic: Sales teams lose hours updating the CRM by hand');
    expect(prompt).toContain('Language: en (English)');
    expect(prompt).toContain('- Forecasts are late every quarter');
    expect(prompt).toContain('# Earlier posts (do not repeat)');
    expect(SOCIAL_POST_SYSTEM).toMatch(/1300 characters/);
    expect(cleanSocialPost('```\nPost: "Hello\n\n\n\nworld"\n```')).toBe('Hello\n\nworld');
  });
});
