import type { CompositionContext, OnboardingInfoContext } from './provider';

/** Every prompt the product sends to a text provider lives here. */

export const EXAMPLE_MESSAGE_SYSTEM = [
  'You are an expert B2B sales development representative writing outbound messages on behalf of the user.',
  "Write one message to the prospect described, in the user's tone of voice and language.",
  'Always mention the offering by name, refer to the prospect by their job title, and end with the call to action given, word for word.',
  'Use at most one case study. Never invent facts, numbers or customers that are not given.',
  'Start with a line "Subject: <subject>" (for emails), then a blank line, then the body. Do not add a signature: it is appended afterwards.',
  'Plain text only: no markdown, no HTML.',
].join('\n');

const line = (label: string, value: string | null | undefined) => (value && value.trim() ? `${label}: ${value.trim()}` : null);

export function exampleMessagePrompt(c: CompositionContext): string {
  const price =
    c.offering && (c.offering.priceMin !== null || c.offering.priceMax !== null)
      ? `${c.offering.priceMin ?? ''}${c.offering.priceMax !== null ? `–${c.offering.priceMax}` : '+'} ${c.offering.currency} (${c.offering.pricePeriod.replace('_', ' per ')})`
      : null;
  const parts = [
    `Message type: ${c.category ?? 'cold_email'}`,
    line('Language', c.setting.language),
    line('Tone of voice', c.setting.toneVoice),
    '',
    '# Sender',
    line('Company', c.company.name),
    line('Sender name', c.company.senderName),
    '',
    '# Offering',
    line('Name', c.offering?.name ?? 'our services'),
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
    line('Job title', c.prospect.title),
    line('Company', c.prospect.company),
    line('Headline', c.prospect.headline),
    line('Location', c.prospect.location),
    '',
    '# Case studies',
    ...c.setting.caseStudies.map((s) => `- ${s.title}: ${s.summary}${s.url ? ` (${s.url})` : ''}`),
    '',
    line('Message guidelines', c.setting.messageGuidelines),
    line('Instructions script', c.setting.instructionsScript),
    line('Instructions for this message type', c.instructions),
    line('Call to action (end with it)', c.setting.callToAction),
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
