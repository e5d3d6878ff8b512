import { REPLY_STATUS_INFO, REPLY_STATUSES } from '@shared/schemas/inbox';
import type { CompositionContext, OnboardingInfoContext, ProspectSignal, SocialPostContext } from './provider';

/** Every prompt the product sends to a text provider lives here. */

/**
 * The same brief the built-in composer follows (compose-message.ts), so a real model writes to the same
 * rules: short, personal, one benefit, one ask, follow-ups that add one new angle in the same thread.
 */
export const EXAMPLE_MESSAGE_SYSTEM = [
  'You are an experienced B2B sales development representative writing one outbound message on behalf of the user, to the prospect described.',
  "Write in the language given and in the user's tone of voice. Follow the message guidelines and instructions given.",
  'First message (step 1): at most 120 words. Greet the prospect by first name; when no first name is given, use a neutral greeting. Never greet with a placeholder or with the sender\'s name.',
  'Say in one or two sentences why you write to this person at this company: their role, their company, its industry, and the signal when one is given.',
  'Give exactly one concrete benefit of the offering: what it achieves for them, in your own words. Do not paste the offering description, and do not write "we offer X:".',
  'End with the call to action given, once, word for word (or a short question asking for a call when none is given). Then a short closing line such as "Best regards,".',
  'Follow-ups (step 2 and later): they answer the first message in the same thread. Shorter than the first message (at most 80 words), one new angle each: a case study given, a question about their situation, or, for the last step, a polite note that you will stop writing. Never repeat a sentence of the earlier messages.',
  'Never invent facts, numbers, customers or case studies that are not given. Leave out anything not given rather than writing a placeholder.',
  'No labels or field names (such as "Offering:", "pain_points", "Description:"), no placeholders or braces, never "undefined" or "null", and no sentence twice.',
  'Step 1 starts with a line "Subject: <subject>", then a blank line, then the body. Follow-ups have no subject line: the body only. Do not add a signature: it is appended afterwards.',
  'Plain text only: no markdown, no HTML.',
].join('\n');

const line = (label: string, value: string | null | undefined) => (value && value.trim() ? `${label}: ${value.trim()}` : null);

const LANGUAGE_NAMES: Record<string, string> = { en: 'English', de: 'German', fr: 'French', es: 'Spanish', it: 'Italian', nl: 'Dutch', pt: 'Portuguese', pl: 'Polish', sv: 'Swedish' };

function signalText(signal: ProspectSignal | null | undefined): string | null {
  if (!signal) return null;
  if (signal.kind === 'funding') return `raised a ${signal.round} round recently`;
  if (signal.kind === 'hiring') return 'is hiring (posted a job recently)';
  return `uses ${signal.name}`;
}

export function exampleMessagePrompt(c: CompositionContext): string {
  const price =
    c.offering && (c.offering.priceMin !== null || c.offering.priceMax !== null)
      ? `${c.offering.priceMin ?? ''}${c.offering.priceMax !== null ? `–${c.offering.priceMax}` : '+'} ${c.offering.currency} (${c.offering.pricePeriod.replace('_', ' per ')})`
      : null;
  const step = Math.max(1, c.step ?? (c.category === 'follow_up' ? 2 : 1));
  const of = c.steps && c.steps >= step ? ` of ${c.steps}` : '';
  const stepText = step === 1 ? `1${of} (the first message)` : `${step}${of} (follow-up ${step - 1}, an answer in the same thread${c.steps && step === c.steps ? '; the last one' : ''})`;
  const language = c.setting.language ? `${c.setting.language}${LANGUAGE_NAMES[c.setting.language] ? ` (${LANGUAGE_NAMES[c.setting.language]})` : ''}` : null;
  const parts = [
    `Message type: ${c.category ?? 'cold_email'}`,
    `Step: ${stepText}`,
    line('Language', language),
    line('Tone of voice', c.setting.toneVoice),
    '',
    '# Sender',
    line('Company', c.company.name),
    line('Sender name', c.company.senderName),
    '',
    '# Offering',
    c.offering ? line('Name', c.offering.name) : 'No offering given: do not name one.',
    line('Description', c.offering?.description),
    line('Price', price),
    line('URL', c.offering?.url),
    '',
    '# Target persona',
    line('Persona', c.persona?.name),
    line('Persona description', c.persona?.description),
    '',
    '# Prospect',
    line('Name', c.prospect.fullName),
    line('First name', c.prospect.firstName),
    line('Job title', c.prospect.title),
    line('Company', c.prospect.company),
    line('Industry', c.prospect.industry),
    line('Signal', signalText(c.prospect.signal)),
    line('Headline', c.prospect.headline),
    line('Location', c.prospect.location),
    '',
    '# Case studies',
    ...c.setting.caseStudies.map((s) => `- ${s.title}: ${s.summary}${s.url ? ` (${s.url})` : ''}`),
    '',
    line('Message guidelines', c.setting.messageGuidelines),
    line('Instructions script', c.setting.instructionsScript),
    line('Instructions for this message type', c.instructions),
    line('Call to action (use it once)', c.setting.callToAction),
    ...(c.interest?.topics.length
      ? ['', `# A topic that is likely on their mind: ${c.interest.topics.join('; ')}`, 'Open this follow-up with that topic as its angle. Never say or suggest that you know they visited a website, read a page or were tracked.']
      : []),
    ...(c.earlier?.length ? ['', '# Earlier messages in this thread (do not repeat their sentences)', ...c.earlier.map((b, i) => `--- step ${i + 1}\n${b.trim()}`)] : []),
  ];
  return parts.filter((p) => p !== null).join('\n').replace(/\n{3,}/g, '\n\n').trim();
}

/** Token budget for one example message. */
export const EXAMPLE_MESSAGE_MAX_TOKENS = 600;

// ---------------------------------------------------------------- onboarding draft

/** The five sections of the onboarding draft, in order, with the label each starts with. */
export const ONBOARDING_INFO_SECTIONS = [
  ['value_proposition', 'Value proposition'],
  ['problem', 'Problem'],
  ['solution', 'Solution'],
  ['differentiators', 'Differentiators'],
  ['ideal_customer', 'Ideal customer'],
] as const;
export type OnboardingInfoSection = (typeof ONBOARDING_INFO_SECTIONS)[number][0];

export const ONBOARDING_INFO_SYSTEM = [
  'You are a B2B positioning consultant helping a new user describe their business for an AI sales agent.',
  "From the user's answers, write five short sections, each starting on its own line with its label and a colon:",
  ...ONBOARDING_INFO_SECTIONS.map(([, label]) => `${label}:`),
  'Value proposition: one sentence. Problem, Solution: two or three sentences each. Differentiators: up to four lines starting with "- ".',
  'Ideal customer: who to target (job titles, industries, company sizes, locations) in one or two sentences.',
  'Use only facts in the answers; never invent numbers, customers or features. Plain text only: no markdown headings, no HTML.',
].join('\n');

export function onboardingInfoPrompt(c: OnboardingInfoContext): string {
  const list = (items: string[]) => (items.length ? items.join(', ') : null);
  const price =
    c.price && (c.price.min !== null || c.price.max !== null)
      ? `${c.price.min ?? ''}${c.price.max !== null ? `–${c.price.max}` : '+'} ${c.price.currency} (${c.price.period.replace('_', ' per ')})`
      : null;
  const parts = [
    '# Company',
    line('Name', c.company.name),
    line('Website', c.company.domain),
    line('Website description', c.company.description),
    '',
    '# The user',
    line('Name', c.user.name),
    line('Role', c.user.position),
    line('Job title', c.user.jobTitle),
    '',
    '# Their answers',
    line('Product or service', c.offeringName),
    line('Problem they solve', c.problem),
    line('Their solution', c.solution),
    line('What makes them different', c.different),
    line('Price', price),
    '',
    '# Who they sell to',
    line('Audience name', c.customers.personaName),
    line('Job titles', list(c.customers.jobTitles)),
    line('Industries', list(c.customers.industries)),
    line('Company sizes (employees)', list(c.customers.companySizes.map((v) => (v.endsWith(',') ? `${v.slice(0, -1)}+` : v.replace(',', '–'))))),
    line('Locations', list(c.customers.locations)),
    line('Meetings wanted per month', c.expectations ? String(c.expectations.meetingsPerMonth) : null),
    line('Markets', c.expectations ? list(c.expectations.markets) : null),
  ];
  return parts.filter((p) => p !== null).join('\n').replace(/\n{3,}/g, '\n\n').trim();
}

export const ONBOARDING_INFO_MAX_TOKENS = 700;

/** Reads the labelled sections back; text before the first label is ignored, a missing section is ''. */
export function parseOnboardingInfo(text: string): Record<OnboardingInfoSection, string> {
  const out = Object.fromEntries(ONBOARDING_INFO_SECTIONS.map(([key]) => [key, ''])) as Record<OnboardingInfoSection, string>;
  const labels = ONBOARDING_INFO_SECTIONS.map(([key, label]) => ({ key, re: new RegExp(`^\\s*(?:[#*]+\\s*)?${label}\\s*(?:\\*\\*)?\\s*:\\s*(?:\\*\\*)?\\s*`, 'i') }));
  let current: OnboardingInfoSection | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const hit = labels.find((l) => l.re.test(raw));
    if (hit) {
      current = hit.key;
      const rest = raw.replace(hit.re, '').trim();
      if (rest) out[current] = rest;
      continue;
    }
    if (current && raw.trim()) out[current] = out[current] ? `${out[current]}\n${raw.trim()}` : raw.trim();
  }
  return out;
}

// ---------------------------------------------------------------- reply classification

/** Asked only when the wording rules are unsure (modules/inbox/classify.ts); the answer is one JSON object. */
/** One short example reply per status for the classifier's prompt (several languages: replies come in any). */
export const REPLY_CLASSIFY_EXAMPLES: Record<(typeof REPLY_STATUSES)[number], string> = {
  interested: 'Sounds useful. What would it cost for a team of 12?',
  meeting_request: 'Dienstag um 10 Uhr passt, schicken Sie mir eine Einladung.',
  not_now: 'Pas pour le moment, recontactez-moi en septembre.',
  not_interested: 'No gracias, ya trabajamos con otro proveedor.',
  wrong_person: "I'm not the right person; please write to our CTO, jane@acme.example.",
  out_of_office: 'Automatic reply: I am on vacation until 3 June with no access to email.',
  auto_reply: 'We have received your message; your ticket number is 48213.',
  unsubscribe: 'Please remove me from your list and do not email me again.',
  bounce: 'Delivery to the following recipient failed permanently: 550 5.1.1 user unknown.',
  other: 'Where did you get my address?',
};

export const REPLY_CLASSIFY_SYSTEM = [
  'You classify one email reply that a prospect sent to a B2B sales outreach email.',
  'Answer with exactly one JSON object and nothing else: {"status": "<status>"}, where <status> is one of:',
  ...REPLY_STATUSES.map((s) => `- ${s}: ${REPLY_STATUS_INFO[s].meaning} Example: "${REPLY_CLASSIFY_EXAMPLES[s]}"`),
  'Read only the new text of the reply; the quoted earlier messages have been removed. The reply may be in any language.',
  'When the reply both declines and asks to be contacted later, answer not_now. When it asks to be removed or not contacted again, answer unsubscribe.',
  'When it proposes a time, asks for a call or sends a booking link, answer meeting_request rather than interested.',
].join('\n');

export function replyClassifyPrompt(input: { subject: string | null | undefined; text: string }): string {
  const text = input.text.length > 4000 ? `${input.text.slice(0, 4000)}\n[…]` : input.text;
  return [line('Subject', input.subject), '', '# Reply', text.trim() || '(empty)'].filter((p) => p !== null).join('\n').trim();
}

export const REPLY_CLASSIFY_MAX_TOKENS = 40;

// ---------------------------------------------------------------- social posts (brand awareness)

/** The rules the built-in composer follows too (compose-social-post.ts), so a real model writes alike. */
export const SOCIAL_POST_SYSTEM = [
  'You write one LinkedIn post for the person described, in the first person, on the topic given, to build their company\'s brand with the audience given.',
  'Write in the language given and the tone given. At most 1300 characters. The first line is a hook of at most 150 characters that makes the reader want to read on.',
  'Then short paragraphs (one to three sentences each, a blank line between them): the problem as the audience lives it, one insight or practical lesson, and at most one soft mention of the offering (never a sales pitch, no price).',
  'End with one question that invites comments, then one line of two or three hashtags made from the topic.',
  'Never invent facts, numbers, customers or case studies that are not given. No links, no placeholders or braces, no markdown, no emojis, never "undefined" or "null", and no sentence twice.',
  'Do not repeat the earlier posts given. Answer with the post text only.',
].join('\n');

export const SOCIAL_POST_MAX_TOKENS = 600;

export function socialPostPrompt(c: SocialPostContext): string {
  const language = `${c.language}${LANGUAGE_NAMES[c.language] ? ` (${LANGUAGE_NAMES[c.language]})` : ''}`;
  return [
    `Network: LinkedIn`,
    `Topic: ${c.topic}`,
    `Tone: ${c.tone}`,
    `Language: ${language}`,
    '',
    '# Author',
    line('Name', c.author.name),
    line('Title', c.author.title),
    line('Company', c.company.name),
    '',
    '# Audience and their problems',
    line('Audience', c.audience),
    ...c.problems.slice(0, 5).map((p) => `- ${p}`),
    '',
    '# Offering (mention softly at most once)',
    c.offering ? line('Name', c.offering.name) : 'No offering given: do not name one.',
    line('Description', c.offering?.description.slice(0, 1200)),
    ...(c.caseStudies.length ? ['', '# Case studies (only these may be cited)', ...c.caseStudies.slice(0, 3).map((s) => `- ${s.title}: ${s.summary}`)] : []),
    ...(c.earlier.length ? ['', '# Earlier posts (do not repeat)', ...c.earlier.slice(0, 3).map((e) => `---\n${e.slice(0, 600)}`)] : []),
  ]
    .filter((l) => l !== null)
    .join('\n');
}

/** A model's answer as a post: no surrounding quotes or code fences, no "Post:" label, at most 3000 characters. */
export function cleanSocialPost(text: string): string {
  return text
    .trim()
    .replace(/^```[a-z]*\n?|\n?```$/g, '')
    .replace(/^(?:post|linkedin post)\s*:\s*/i, '')
    .replace(/^"([\s\S]*)"$/, '$1')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, 3000);
}
