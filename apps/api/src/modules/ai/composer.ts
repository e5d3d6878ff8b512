import { canDraftOnboardingSection, type OnboardingDraftSource } from '@shared/schemas/onboarding';
import { ONBOARDING_INFO_SECTIONS } from './prompts';
import { composeMessage } from './compose-message';
import { composeSocialPost } from './compose-social-post';
import type { GenerateRequest, OnboardingInfoContext, TextProvider } from './provider';

export { composeMessage, composeThread } from './compose-message';

/**
 * The built-in deterministic text provider (the embedded default): messages come from compose-message.ts,
 * the onboarding draft from composeOnboardingInfo below, both from the user's own data with no network
 * and no model. Output format matches the HTTP provider's: "Subject: …", a blank line, the body (a
 * follow-up has no subject line); the signature is appended by the caller.
 */

/** A link at the end stays clickable: no "." glued to it. */
const endsWithUrl = (t: string) => /(?:https?:\/\/|www\.)\S+$/i.test(t);
const sentence = (s: string) => {
  const t = s.trim().replace(/\s+/g, ' ');
  if (!t) return '';
  return /[.!?]$/.test(t) || endsWithUrl(t) ? t : `${t}.`;
};
const lowerFirst = (s: string) => (s && !/^[A-Z]{2}/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s);
const stripEnd = (s: string) => s.trim().replace(/[.!?]+$/, '');

function priceText(o: { currency: string; pricePeriod: string; priceMin: number | null; priceMax: number | null }): string | null {
  const fmt = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: o.currency, maximumFractionDigits: 0 }).format(n);
  const per = { one_time: '', month: ' per month', year: ' per year', user_month: ' per user per month', user_year: ' per user per year' }[o.pricePeriod] ?? '';
  if (o.priceMin !== null && o.priceMax !== null && o.priceMin !== o.priceMax) return `${fmt(o.priceMin)} to ${fmt(o.priceMax)}${per}`;
  if (o.priceMin !== null) return `from ${fmt(o.priceMin)}${per}`;
  if (o.priceMax !== null) return `up to ${fmt(o.priceMax)}${per}`;
  return null;
}

/** The composer as a TextProvider: writes from `context`, or echoes a summary of a prompt without one. */
export const composerProvider: TextProvider = {
  name: 'composer',
  async generate(req: GenerateRequest): Promise<string> {
    if (!req.context) return req.prompt.split('\n').filter(Boolean).slice(0, 5).join('\n');
    if (req.context.kind === 'onboarding_info') return composeOnboardingInfo(req.context);
    if (req.context.kind === 'social_post') return composeSocialPost(req.context);
    const { subject, body } = composeMessage(req.context);
    return subject ? `Subject: ${subject}\n\n${body}` : body;
  },
};

// ---------------------------------------------------------------- onboarding draft

const joinAnd = (items: string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);
const joinOr = (items: string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`);
const sentences = (s: string) => s.trim().split(/(?<=[.!?])\s+|\n+/).map((x) => x.trim()).filter(Boolean);
const sizeWords = (v: string) => {
  const [min, max] = v.split(',');
  return max ? `${Number(min).toLocaleString('en-US')}–${Number(max).toLocaleString('en-US')}` : `${Number(min).toLocaleString('en-US')}+`;
};

/** The draft's inputs in the context (the rules of what each section is written from are shared with the form). */
export function onboardingDraftSource(c: OnboardingInfoContext): OnboardingDraftSource {
  return {
    description: c.company.description,
    problem: c.problem,
    solution: c.solution,
    different: c.different,
    audience: c.customers.jobTitles.length > 0 || !!c.customers.personaName?.trim(),
  };
}

/**
 * The onboarding draft (value proposition, problem, solution, differentiators, ideal customer)
 * written from the user's own answers only, in the labelled format the HTTP provider is asked for.
 * A section with nothing to write it from stays empty (the form then says what to fill first): it is
 * never an instruction to the user.
 */
export function composeOnboardingInfo(c: OnboardingInfoContext): string {
  const known = onboardingDraftSource(c);
  const company = c.company.name?.trim() || null;
  const offeringName = c.offeringName?.trim() || null;
  /** Who sells: the offering, else the company, else "We". */
  const subject = offeringName || company;
  const names = [offeringName, company].filter((n): n is string => !!n);
  // A sentence that starts with a name (or an acronym) keeps its capital after a colon.
  const named = (s: string) => names.some((n) => s.toLowerCase().startsWith(n.toLowerCase()));
  const lower = (s: string) => (named(s) ? s : lowerFirst(s));
  const titles = c.customers.jobTitles;
  const industries = c.customers.industries;
  const who = titles.length ? joinOr(titles.slice(0, 3)) : c.customers.personaName?.trim() || null;
  const where = who && industries.length ? ` in ${joinAnd(industries.slice(0, 3))}` : '';
  const customers = /agency|consultant/i.test(c.user.position ?? '') ? 'clients' : 'customers';
  const audience = who ? `${who}${where}` : customers;
  const Audience = who ? `${who.charAt(0).toUpperCase()}${who.slice(1)}${where}` : `Our ${customers}`;

  const problem = c.problem?.trim() ?? '';
  const solution = c.solution?.trim() ?? '';
  const description = c.company.description?.trim() ?? '';
  const pain = problem ? lower(stripEnd(sentences(problem)[0]!)) : null;
  const fix = solution ? lower(stripEnd(sentences(solution)[0]!)) : null;
  const does = description ? lower(stripEnd(sentences(description)[0]!)) : null;
  // "Acme builds …" already names who does it: no "Acme: " in front.
  const doesNamed = !!does && named(does);

  /** One sentence: who helps whom, with what (the problem and the fix, or what the company does). */
  const valueLine = (): string => {
    const helps = subject ? `${subject} helps` : 'We help';
    if (pain && fix) return `${helps} ${audience} when ${pain}: ${fix}`;
    if (fix) return `${helps} ${audience}: ${fix}`;
    if (pain) return `${helps} ${audience} solve this: ${pain}`;
    // Only what the company does is known (canDraft… guarantees one of the three).
    if (doesNamed) return does!;
    if (!subject) return `${does!.charAt(0).toUpperCase()}${does!.slice(1)}`;
    return `${subject}${who ? ` for ${audience}` : ''}: ${does}`;
  };
  const valueProposition = canDraftOnboardingSection('value_proposition', known) ? sentence(valueLine()) : '';

  const problemText = problem
    ? who
      ? [`${Audience} face this: ${lowerFirst(sentence(sentences(problem)[0]!))}`, ...sentences(problem).slice(1).map(sentence)].join(' ')
      : [...sentences(problem).map(sentence), ...(company ? [`This is what our ${customers} come to ${company} for.`] : [])].join(' ')
    : does
      ? `${Audience} come to ${doesNamed ? 'us' : (company ?? 'us')} for this: ${does}. Doing it on their own costs them time and money they would rather spend on their core business.`
      : '';

  const priceLine =
    c.price && (c.price.min !== null || c.price.max !== null)
      ? priceText({ priceMin: c.price.min, priceMax: c.price.max, currency: c.price.currency, pricePeriod: c.price.period })
      : null;
  const leadIn = subject ? `${subject}${offeringName && company && company !== offeringName ? ` by ${company}` : ''}` : 'We';
  const solutionText = solution
    ? [
        // "Engine Forecast pulls …" already names the offering; anything else gets it as a lead-in.
        subject && solution.toLowerCase().startsWith(subject.toLowerCase())
          ? sentence(sentences(solution)[0]!)
          : subject
            ? `${leadIn}: ${lower(sentence(sentences(solution)[0]!))}`
            : sentence(sentences(solution)[0]!),
        ...sentences(solution).slice(1).map(sentence),
        ...(priceLine ? [`Pricing runs ${priceLine}.`] : []),
      ].join(' ')
    : does
      ? [
          subject && !doesNamed ? `${leadIn}: ${does}.` : sentence(does.charAt(0).toUpperCase() + does.slice(1)),
          ...(pain ? [`It answers the problem ${audience} bring to us: ${pain}.`] : []),
          ...(priceLine ? [`Pricing runs ${priceLine}.`] : []),
        ].join(' ')
      : '';

  const bullets = (text: string) =>
    text
      .split(/\n+|(?<=[.!?])\s+|;\s*/)
      .map((p) => stripEnd(p.replace(/^[-*•]\s*/, '')))
      .filter((p) => p.length > 2);
  const capital = (p: string) => `${p.charAt(0).toUpperCase()}${p.slice(1)}`;
  let points = bullets(c.different ?? '').slice(0, 4);
  if (!points.length && solution) {
    // From the solution: its points without the name they start with, and who it is made for.
    const strip = new RegExp(`^(?:${[...names, 'it', 'we', 'our product', 'our service'].map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\s+`, 'i');
    points = [...bullets(solution).map((p) => p.replace(strip, '')).slice(0, 3), ...(who ? [`Made for ${who}${where}`] : [])];
  }
  const differentiators = points.length ? points.map((p) => `- ${capital(p)}`).join('\n') : '';

  const sizes = c.customers.companySizes.map(sizeWords);
  const idealParts = known.audience
    ? [
        `${titles.length ? joinOr(titles) : who} at ${industries.length ? `${joinAnd(industries)} companies` : 'companies'}${sizes.length ? ` with ${joinOr(sizes)} employees` : ''}${c.customers.locations.length ? ` in ${joinAnd(c.customers.locations)}` : ''}.`,
        c.expectations ? `Goal: ${c.expectations.meetingsPerMonth} meeting${c.expectations.meetingsPerMonth === 1 ? '' : 's'} a month${c.expectations.markets.length ? ` across ${joinAnd(c.expectations.markets)}` : ''}.` : '',
      ]
    : [];
  const values: Record<(typeof ONBOARDING_INFO_SECTIONS)[number][0], string> = {
    value_proposition: valueProposition,
    problem: problemText,
    solution: solutionText,
    differentiators: differentiators ? `\n${differentiators}` : '',
    ideal_customer: idealParts.filter(Boolean).join(' '),
  };
  return ONBOARDING_INFO_SECTIONS.map(([key, label]) => `${label}: ${values[key]}`.trimEnd()).join('\n\n');
}
