import { z } from 'zod';
import { e164PhoneSchema, text, int32 } from './primitives';
import { missingOr } from './missing';
import { COMPANY_SIZE_BUCKETS } from './person-filters';
import { CURRENCIES, PRICE_PERIODS } from './messaging';
import { NOTIFICATION_EVENT_LABELS, NOTIFICATION_EVENTS, type NotificationEvent } from './notifications';

/**
 * Onboarding (spec §2 "Onboarding", §7 "Dashboard and onboarding"): the thirteen question steps that
 * follow the Welcome page, each with its own answer schema. The web forms and the API's
 * `PUT onboarding/steps/:slug` validate with the same schema; answers are stored per user keyed by slug.
 */

/** The question steps in the order the flow walks them (Welcome, the index page, comes before them). */
export const ONBOARDING_STEP_SLUGS = [
  'choose-user-profile',
  'your-website',
  'your-position',
  'job-title',
  'problem-solving',
  'solution',
  'different',
  'potential-customers',
  'price',
  'expectations',
  'meeting-link',
  'phone-number',
  'notifications-list',
] as const;
export type OnboardingStepSlug = (typeof ONBOARDING_STEP_SLUGS)[number];
/** Where a user resumes: 'index' (Welcome) or a question step. */
export type OnboardingPosition = 'index' | OnboardingStepSlug;

export const isOnboardingStepSlug = (s: string): s is OnboardingStepSlug => (ONBOARDING_STEP_SLUGS as readonly string[]).includes(s);

/** The step after `slug`; the last step stays where it is (its Next is Finish). */
export function nextOnboardingStep(slug: OnboardingStepSlug): OnboardingStepSlug {
  const i = ONBOARDING_STEP_SLUGS.indexOf(slug);
  return ONBOARDING_STEP_SLUGS[Math.min(i + 1, ONBOARDING_STEP_SLUGS.length - 1)]!;
}

const labelledText = (label: string, max: number) =>
  text({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });
const longText = (label: string) =>
  text({ error: `${label} is required` })
    .trim()
    .min(10, { error: `${label} needs at least 10 characters` })
    .max(2000, { error: `${label} must be at most 2000 characters` });
/**
 * A web address as people type it: "calendly.com/jane" gets https:// in front (as the website step
 * takes a bare domain); an address with another scheme (mailto:, javascript:, ftp://…) is refused.
 */
export function normalizeWebAddress(input: string): { url: string } | { error: 'scheme' | 'invalid' } {
  let s = input.trim();
  // "host:port/…" is not a scheme; "mailto:…" and "ftp://…" are.
  const scheme = /^([a-z][a-z0-9+.-]*):(?!\d)/i.exec(s);
  if (!scheme) s = `https://${s}`;
  else if (!/^https?$/i.test(scheme[1]!) || !/^https?:\/\//i.test(s)) return { error: 'scheme' };
  if (!/^https?:\/\/[^\s/$.?#][^\s]*$/i.test(s)) return { error: 'invalid' };
  try {
    const { hostname } = new URL(s);
    if (!hostname.includes('.') && hostname !== 'localhost') return { error: 'invalid' };
  } catch {
    return { error: 'invalid' };
  }
  return { url: s };
}

const httpUrl = (label: string) =>
  text({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(2000, { error: `${label} must be at most 2000 characters` })
    .transform((s, ctx) => {
      const web = normalizeWebAddress(s);
      if ('url' in web) return web.url;
      ctx.addIssue({ code: 'custom', message: web.error === 'scheme' ? `${label} must start with http:// or https://` : `${label} must be a web address, like example.com/page` });
      return z.NEVER;
    });
const optionalHttpUrl = (label: string) => z.union([httpUrl(label), z.literal('').transform(() => null), z.null()]).default(null);
const chipList = (label: string, { min = 0, max = 30 } = {}) =>
  z
    .array(text().trim().min(1).max(120, { error: `Each ${label.toLowerCase()} must be at most 120 characters` }))
    .max(max, { error: `At most ${max} ${label.toLowerCase()}` })
    // Repeats (any case) once, the first spelling kept.
    .transform((items) => items.filter((s, i) => items.findIndex((x) => x.toLowerCase() === s.toLowerCase()) === i))
    .refine((items) => items.length >= min, { error: min === 1 ? `Add at least one ${label.toLowerCase().replace(/s$/, '')}` : `Add at least ${min}` });

/**
 * A domain or a site address → its bare host (lower case, no scheme, path or www; a port is kept).
 * IP addresses and localhost pass here: whether they may be fetched is the guarded fetcher's call.
 */
export function normalizeDomain(input: string): string | null {
  let s = input.trim().toLowerCase();
  if (!s) return null;
  if (!/^[a-z][a-z0-9+.-]*:\/\//.test(s)) s = `https://${s}`;
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return null;
  const hostname = url.hostname.replace(/\.$/, '').replace(/^www\./, '');
  const name = /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(xn--[a-z0-9-]{2,59}|[a-z]{2,63})$/.test(hostname);
  const ip = /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname) || /^\[[0-9a-f:.]+\]$/.test(hostname);
  if (!name && !ip && hostname !== 'localhost') return null;
  return url.port ? `${hostname}:${url.port}` : hostname;
}

export const domainSchema = text({ error: 'Domain is required' })
  .max(2000)
  .transform((s, ctx) => {
    const d = normalizeDomain(s);
    if (!d) {
      ctx.addIssue({ code: 'custom', message: 'Enter a domain like example.com' });
      return z.NEVER;
    }
    return d;
  });

export const USER_POSITIONS = [
  { value: 'founder', label: 'Founder or owner' },
  { value: 'executive', label: 'Executive (CEO, COO, CRO)' },
  { value: 'sales_leader', label: 'Head of sales' },
  { value: 'sales_rep', label: 'Sales representative / SDR' },
  { value: 'marketing', label: 'Marketing' },
  { value: 'agency', label: 'Agency or consultant' },
  { value: 'other', label: 'Something else' },
] as const;
export const USER_POSITION_VALUES = USER_POSITIONS.map((p) => p.value) as [
  (typeof USER_POSITIONS)[number]['value'],
  ...(typeof USER_POSITIONS)[number]['value'][],
];

/** Company-size buckets: the person-filter model's (one list, no overlaps). */
export const COMPANY_SIZES = COMPANY_SIZE_BUCKETS;
const COMPANY_SIZE_VALUES = COMPANY_SIZES.map((s) => s.value) as [string, ...string[]];

/**
 * Notification events a user can choose during onboarding: the notifications module's events (stored in
 * the answers; the notification rules themselves are that module's).
 */
export const ONBOARDING_NOTIFICATION_EVENTS = NOTIFICATION_EVENTS.map((value) => ({ value, label: NOTIFICATION_EVENT_LABELS[value] }));
/** Chosen for a user who changes nothing: the events the default email rule sends. */
export const DEFAULT_ONBOARDING_NOTIFICATION_EVENTS: NotificationEvent[] = ['reply_received', 'meeting_booked'];

const price = z
  .number({ error: 'Price must be a number' })
  .min(0, { error: 'Price must be 0 or more' })
  .max(1_000_000_000, { error: 'Price is too large' })
  .nullable()
  .default(null);

/** One schema per step: what its form sends and what is stored. */
export const onboardingStepSchemas = {
  'choose-user-profile': z
    .strictObject({
      skipped: z.boolean().default(false),
      name: text().trim().max(120, { error: 'Name must be at most 120 characters' }).nullable().default(null),
      photo_url: optionalHttpUrl('Photo'),
      title: text().trim().max(300).nullable().default(null),
      profile_url: optionalHttpUrl('Profile URL'),
    })
    .refine((v) => v.skipped || !!v.name, { error: 'Pick your profile, or skip this step', path: ['name'] }),
  'your-website': z.strictObject({
    domain: domainSchema,
    company_name: labelledText('Company name', 200),
    description: text().trim().max(1000, { error: 'Description must be at most 1000 characters' }).default(''),
    language: text().trim().max(35).nullable().default(null),
    logo_url: optionalHttpUrl('Logo'),
  }),
  'your-position': z.strictObject({ position: z.enum(USER_POSITION_VALUES, { error: 'Choose your role' }) }),
  'job-title': z.strictObject({ job_title: labelledText('Job title', 120) }),
  'problem-solving': z.strictObject({ problem: longText('The problem you solve') }),
  solution: z.strictObject({ offering_name: labelledText('Product or service name', 200), solution: longText('Your solution') }),
  different: z.strictObject({ different: longText('What sets you apart') }),
  'potential-customers': z.strictObject({
    persona_name: labelledText('Audience name', 100),
    job_titles: chipList('Job titles', { min: 1 }),
    industries: chipList('Industries').default([]),
    company_sizes: z.array(z.enum(COMPANY_SIZE_VALUES, { error: 'Unknown company size' })).max(COMPANY_SIZES.length).default([]),
    locations: chipList('Locations').default([]),
  }),
  price: z
    .strictObject({
      price_min: price,
      price_max: price,
      currency: z.enum(CURRENCIES, { error: 'Currency is not supported' }),
      price_period: z.enum(PRICE_PERIODS, { error: 'Choose a billing period' }),
    })
    .refine((v) => v.price_min == null || v.price_max == null || v.price_min <= v.price_max, {
      error: 'The highest price must not be lower than the lowest price',
      path: ['price_max'],
    })
    .refine((v) => v.price_min != null || v.price_max != null, { error: 'Enter at least one price', path: ['price_min'] }),
  expectations: z.strictObject({
    meetings_per_month: int32(missingOr('Meetings per month is required', 'Meetings per month must be a number'), 'Meetings per month must be a whole number')
      .min(1, { error: 'Aim for at least 1 meeting a month' })
      .max(1000, { error: 'At most 1000 meetings a month' }),
    markets: chipList('Markets', { min: 1 }),
  }),
  'meeting-link': z.strictObject({ meeting_link: httpUrl('Meeting link') }),
  // Skippable: the number only goes in the signature (and receives test calls where the brand has calls).
  'phone-number': z
    .strictObject({ skipped: z.boolean().default(false), phone: e164PhoneSchema.nullable().default(null) })
    .refine((v) => v.skipped || !!v.phone, { error: 'Enter your phone number, or skip this step', path: ['phone'] }),
  'notifications-list': z.strictObject({
    events: z
      .array(z.enum(NOTIFICATION_EVENTS, { error: 'Unknown notification' }))
      .max(NOTIFICATION_EVENTS.length)
      .transform((e) => [...new Set(e)]),
  }),
} satisfies Record<OnboardingStepSlug, z.ZodType>;

export type OnboardingStepInput<S extends OnboardingStepSlug> = z.input<(typeof onboardingStepSchemas)[S]>;
export type OnboardingStepAnswer<S extends OnboardingStepSlug> = z.output<(typeof onboardingStepSchemas)[S]>;
export type OnboardingAnswers = { [S in OnboardingStepSlug]?: OnboardingStepAnswer<S> };

export const onboardingStepParamsSchema = z.strictObject({
  slug: z.enum(ONBOARDING_STEP_SLUGS, { error: 'Unknown onboarding step' }),
});

/** generate_onboarding_info's draft: the user edits it before accepting it into the answers. */
export const onboardingDraftSchema = z.object({
  value_proposition: text(),
  problem: text(),
  solution: text(),
  differentiators: text(),
  ideal_customer: text(),
});
export type OnboardingDraft = z.infer<typeof onboardingDraftSchema>;

/**
 * What each draft section is written from, so the AI never answers with an instruction ("Describe
 * the problem…") instead of a draft: a section whose inputs are all missing is not drafted, and the
 * form says what to fill first. The server's composer and the web form both read these rules.
 */
export type OnboardingDraftSource = {
  /** What the company does (your-website). */
  description: string | null;
  problem: string | null;
  solution: string | null;
  different: string | null;
  /** Who they sell to is known (potential-customers). */
  audience: boolean;
};
export type OnboardingDraftSection = keyof OnboardingDraft;
export const ONBOARDING_DRAFT_NEEDS: Record<OnboardingDraftSection, string> = {
  value_proposition: 'First tell us what your company does (step “Your website”) or the problem you solve, and AI drafts your value proposition from it.',
  problem: 'First tell us what your company does (step “Your website”), and AI drafts the problem from it.',
  solution: 'First tell us what your company does (step “Your website”), and AI drafts your solution from it.',
  differentiators: 'First describe your solution (step “Your solution”), and AI drafts what sets you apart from it.',
  ideal_customer: 'First tell us who you sell to (step “Potential customers”), and AI drafts your ideal customer from it.',
};
const filled = (s: string | null | undefined) => !!s && !!s.trim();
/** Whether `section` can be drafted from what is known. */
export function canDraftOnboardingSection(section: OnboardingDraftSection, k: OnboardingDraftSource): boolean {
  switch (section) {
    case 'value_proposition':
      return filled(k.description) || filled(k.problem) || filled(k.solution);
    case 'problem':
      return filled(k.problem) || filled(k.description);
    case 'solution':
      return filled(k.solution) || filled(k.description);
    case 'differentiators':
      return filled(k.different) || filled(k.solution);
    case 'ideal_customer':
      return k.audience;
  }
}
/** The draft's inputs among the saved answers. */
export function onboardingDraftSourceOf(answers: OnboardingAnswers): OnboardingDraftSource {
  return {
    description: answers['your-website']?.description || null,
    problem: answers['problem-solving']?.problem ?? null,
    solution: answers.solution?.solution ?? null,
    different: answers.different?.different ?? null,
    audience: !!answers['potential-customers'],
  };
}

/** What the server already knows and offers as each step's starting value. */
export const onboardingPrefillSchema = z.object({
  name: text().nullable(),
  photo_url: text().nullable(),
  job_title: text().nullable(),
  phone: text().nullable(),
  phone_verified: z.boolean(),
  /** From the sign-up email's domain, unless it is a free-mail provider. */
  domain: text().nullable(),
});
export type OnboardingPrefill = z.infer<typeof onboardingPrefillSchema>;

export const onboardingStateSchema = z.object({
  current_step: z.enum(['index', ...ONBOARDING_STEP_SLUGS]),
  answers: z.record(text(), z.record(text(), z.unknown())),
  draft: onboardingDraftSchema.nullable(),
  prefill: onboardingPrefillSchema,
  finished: z.boolean(),
});
export type OnboardingState = Omit<z.infer<typeof onboardingStateSchema>, 'answers' | 'current_step'> & {
  current_step: OnboardingPosition;
  answers: OnboardingAnswers;
};
export const onboardingStateEnvelopeSchema = z.object({ data: onboardingStateSchema });

// ---------------------------------------------------------------- search_users

export const searchUsersQuerySchema = z.strictObject({ query: text().trim().max(200, { error: 'Query is too long' }).default('') });
export const searchedUserSchema = z.object({
  name: text(),
  photo: text().nullable(),
  title: text().nullable(),
  profile_url: text().nullable(),
  source: z.enum(['prospect', 'linkedin_account']),
});
export type SearchedUser = z.infer<typeof searchedUserSchema>;
export const searchUsersResponseSchema = z.object({ data: z.array(searchedUserSchema) });
export const SEARCH_USERS_LIMIT = 10;

// ---------------------------------------------------------------- find_company_info_by_domain

export const companyInfoQuerySchema = z.strictObject({ domain: text({ error: 'Domain is required' }).max(2000) });
export const companyInfoSchema = z.object({
  found: z.boolean(),
  domain: text(),
  /** The address the page was read from (after redirects). */
  url: text().nullable(),
  title: text().nullable(),
  description: text().nullable(),
  language: text().nullable(),
  logo_url: text().nullable(),
  /** Why nothing was found, in words for the user. */
  message: text().nullable(),
});
export type CompanyInfo = z.infer<typeof companyInfoSchema>;
export const companyInfoResponseSchema = z.object({ data: companyInfoSchema });

// ---------------------------------------------------------------- phone

export const sendPhoneCodeBodySchema = z.strictObject({ phone: e164PhoneSchema });
export const verifyPhoneBodySchema = z.strictObject({
  code: text({ error: 'Code is required' })
    .trim()
    .regex(/^\d{6}$/, { error: 'The code has 6 digits' }),
});
export const phoneStatusSchema = z.object({ phone: text().nullable(), phone_verified: z.boolean(), message: text() });
export type PhoneStatus = z.infer<typeof phoneStatusSchema>;
export const phoneStatusResponseSchema = z.object({ data: phoneStatusSchema });
/**
 * Where send_code sent the code: 'sms' to the phone, or 'email' to the user's own address when no SMS
 * provider is configured (the SMS would reach no phone); `sent_to` is that number or address.
 */
export const PHONE_CODE_CHANNELS = ['sms', 'email'] as const;
export type PhoneCodeChannel = (typeof PHONE_CODE_CHANNELS)[number];
export const phoneCodeSentSchema = phoneStatusSchema.extend({ channel: z.enum(PHONE_CODE_CHANNELS), sent_to: text() });
export type PhoneCodeSent = z.infer<typeof phoneCodeSentSchema>;
export const phoneCodeSentResponseSchema = z.object({ data: phoneCodeSentSchema });
/** A new code may be asked for this long after the last one. */
export const PHONE_CODE_RESEND_MS = 30_000;

// ---------------------------------------------------------------- generate_onboarding_info

export const generateOnboardingInfoBodySchema = z.strictObject({}).default({});
