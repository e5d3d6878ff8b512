import { canDraftOnboardingSection, type OnboardingDraftSource } from '@shared/schemas/onboarding';
import { ONBOARDING_INFO_SECTIONS } from './prompts';
import type { CompositionContext, GenerateRequest, OnboardingInfoContext, TextProvider } from './provider';

/**
 * The built-in deterministic composer (the embedded default): writes a specific message from the
 * user's own data — company, offering, persona, prospect, tone, call to action, case studies — with no
 * network and no model. The same input always gives the same text; different inputs give different
 * texts (the data differs, and the phrasing variant is picked from a hash of the whole input). Every
 * message names the offering, the prospect's job title and the call to action. Output format matches
 * the HTTP provider's: "Subject: …", a blank line, the body (the signature is appended by the caller).
 */

const DEFAULT_CTA = 'Would you be open to a 15-minute call next week?';

/** FNV-1a, 32 bit. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
const pick = <T,>(items: readonly T[], seed: number, salt: number): T => items[(seed + salt * 7919) % items.length]!;

type Tone = 'formal' | 'friendly' | 'direct' | 'enthusiastic' | 'professional';
function toneOf(toneVoice: string): Tone {
  const t = toneVoice.toLowerCase();
  if (/formal|respectful|polite/.test(t)) return 'formal';
  if (/friendly|casual|warm|relaxed|witty|playful/.test(t)) return 'friendly';
  if (/direct|concise|brief|short|straight/.test(t)) return 'direct';
  if (/enthusias|energetic|excited|bold/.test(t)) return 'enthusiastic';
  return 'professional';
}

const GREETINGS: Record<Tone, (first: string, full: string) => string> = {
  formal: (_f, full) => `Dear ${full},`,
  friendly: (first) => `Hi ${first},`,
  direct: (first) => `${first},`,
  enthusiastic: (first) => `Hi ${first}!`,
  professional: (first) => `Hello ${first},`,
};
const CLOSINGS: Record<Tone, string> = {
  formal: 'Kind regards,',
  friendly: 'Cheers,',
  direct: 'Thanks,',
  enthusiastic: 'Looking forward to it,',
  professional: 'Best regards,',
};

/** A link at the end stays clickable: no "." glued to it. */
const endsWithUrl = (t: string) => /(?:https?:\/\/|www\.)\S+$/i.test(t);
const sentence = (s: string) => {
  const t = s.trim().replace(/\s+/g, ' ');
  if (!t) return '';
  return /[.!?]$/.test(t) || endsWithUrl(t) ? t : `${t}.`;
};
const firstSentence = (s: string) => sentence(s.split(/(?<=[.!?])\s/)[0] ?? s);
const lowerFirst = (s: string) => (s && !/^[A-Z]{2}/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s);
const stripEnd = (s: string) => s.trim().replace(/[.!?]+$/, '');
const withArticle = (title: string) => (/^[aeiou]/i.test(title) ? `an ${title}` : `a ${title}`);
/**
 * Description text without "Problem:"-style labels at the start of its lines (older offerings were
 * stored so, problem first): what the offering does ("Solution:") comes first.
 */
const withoutLabels = (s: string) =>
  s
    .split(/\n+/)
    .sort((a, b) => Number(/^\s*solution\s*:/i.test(b)) - Number(/^\s*solution\s*:/i.test(a)))
    .map((line) => line.replace(/^\s*(?:problem|solution|what sets us apart|differentiators|value proposition|ideal customer|description)\s*:\s*/i, '').trim())
    .filter(Boolean)
    .join(' ');

function priceText(o: NonNullable<CompositionContext['offering']>): string | null {
  const fmt = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: o.currency, maximumFractionDigits: 0 }).format(n);
  const per = { one_time: '', month: ' per month', year: ' per year', user_month: ' per user per month', user_year: ' per user per year' }[o.pricePeriod] ?? '';
  if (o.priceMin !== null && o.priceMax !== null && o.priceMin !== o.priceMax) return `${fmt(o.priceMin)} to ${fmt(o.priceMax)}${per}`;
  if (o.priceMin !== null) return `from ${fmt(o.priceMin)}${per}`;
  if (o.priceMax !== null) return `up to ${fmt(o.priceMax)}${per}`;
  return null;
}

export function composeMessage(c: CompositionContext): { subject: string; body: string } {
  const seed = hash(JSON.stringify(c));
  const tone = toneOf(c.setting.toneVoice);
  // One person's title: never the persona's (plural) name.
  const title = c.prospect.title?.trim() || 'decision maker';
  const firstName = c.prospect.firstName?.trim() || c.prospect.fullName?.trim().split(/\s+/)[0] || 'there';
  const fullName = c.prospect.fullName?.trim() || firstName;
  const prospectCompany = c.prospect.company?.trim() || null;
  const offering = c.offering?.name.trim() || 'our services';
  const sender = c.company.name?.trim() || null;
  const cta = sentence(c.setting.callToAction.trim() || DEFAULT_CTA);
  const category = c.category ?? 'cold_email';

  const at = prospectCompany ? ` at ${prospectCompany}` : '';
  const openers = [
    `As ${withArticle(title)}${at}, you are the person who feels it first when a team like yours outgrows its tools.`,
    `I'm reaching out because, as ${withArticle(title)}${at}, you are exactly who ${offering} was built for.`,
    `Most people in your seat — ${title}${at} — tell us the same thing: there is never enough time for the work that matters.`,
    `I noticed your work as ${title}${at}${c.prospect.location ? ` in ${c.prospect.location}` : ''} and thought ${offering} could be relevant.`,
  ];
  const opener = pick(openers, seed, 1);

  const description = c.offering?.description ? firstSentence(withoutLabels(c.offering.description)) : '';
  // "Pipelane Pro logs calls …" already names the offering: "Pipelane Pro from Acme logs calls …".
  const namesOffering = !!description && description.toLowerCase().startsWith(`${offering.toLowerCase()} `);
  const what = namesOffering
    ? `${offering}${sender ? ` from ${sender}` : ''}${description.slice(offering.length)}`
    : description
      ? `${sender ? `At ${sender}, we` : 'We'} offer ${offering}: ${lowerFirst(description)}`
      : `${sender ? `At ${sender}, we` : 'We'} offer ${offering}.`;
  const price = c.offering ? priceText(c.offering) : null;
  const priceLine = price && tone !== 'direct' ? ` Pricing runs ${price}.` : '';

  const study = c.setting.caseStudies.length ? c.setting.caseStudies[seed % c.setting.caseStudies.length]! : null;
  const proof = study
    ? pick(
        [
          `For example, ${stripEnd(study.title)}${study.summary ? `. ${sentence(study.summary)}` : '.'}`,
          `One recent result: ${stripEnd(study.title)}. ${sentence(study.summary)}`.trim(),
          `A quick proof point: ${stripEnd(study.title)}${study.summary ? ` — ${sentence(study.summary)}` : '.'}`,
        ],
        seed,
        2,
      ) + (study.url ? ` (${study.url})` : '')
    : null;

  const greeting = GREETINGS[tone](firstName, fullName);
  const subjects = [
    `${offering} for ${prospectCompany ?? `your team`}`,
    `A question for the ${title}${prospectCompany ? ` at ${prospectCompany}` : ''}`,
    `${firstName}, an idea about ${offering}`,
  ];
  let subject = pick(subjects, seed, 3);
  let paragraphs: string[];

  switch (category) {
    case 'follow_up':
      subject = `Re: ${subject}`;
      paragraphs = [
        greeting,
        `Following up on my earlier note about ${offering}; I know ${withArticle(title)} has a busy inbox.`,
        proof ?? sentence(what),
        cta,
      ];
      break;
    case 'linkedin_invitation':
      // LinkedIn invitation notes are limited to 300 characters.
      paragraphs = [`${greeting} as ${title}${at} you may find ${offering} useful. ${cta}`];
      break;
    case 'linkedin_message':
      paragraphs = [greeting, `Thanks for connecting. Given your role as ${title}${at}, I thought of ${offering}.`, description || what, cta];
      break;
    case 'call_script':
      subject = `Call script: ${offering}`;
      paragraphs = [
        `Opening: "Hi ${firstName}, this is ${c.company.senderName ?? 'calling'}${sender ? ` from ${sender}` : ''}. Did I catch you at a bad time?"`,
        `Reason for calling: "You're ${withArticle(title)}${at}, and ${offering} helps people in your role."`,
        proof ? `Proof: "${proof}"` : `Value: "${sentence(what)}"`,
        `Ask: "${cta}"`,
      ];
      break;
    case 'reply':
      subject = `Re: ${subject}`;
      paragraphs = [greeting, `Thanks for getting back to me. To answer briefly: ${lowerFirst(sentence(what))}${priceLine}`, cta];
      break;
    case 'social_post':
      subject = `Post: ${offering}`;
      paragraphs = [
        `Every ${title} we talk to asks the same question: how do we do more with the team we have?`,
        sentence(what),
        proof ?? '',
        cta,
      ].filter(Boolean);
      break;
    default:
      paragraphs = [greeting, opener, `${what}${priceLine}`, ...(proof ? [proof] : []), cta];
  }
  if (category !== 'call_script' && category !== 'social_post' && category !== 'linkedin_invitation') {
    // The signature appended afterwards names the sender already: sign off once.
    const name = c.company.senderName?.trim() || sender || '';
    const signed = !!name && c.setting.signatureText.toLowerCase().includes(name.toLowerCase());
    paragraphs.push(signed ? CLOSINGS[tone] : `${CLOSINGS[tone]}\n${name}`.trim());
  }
  return { subject, body: paragraphs.filter(Boolean).join('\n\n') };
}

/** The composer as a TextProvider: writes from `context`, or echoes a summary of a prompt without one. */
export const composerProvider: TextProvider = {
  name: 'composer',
  async generate(req: GenerateRequest): Promise<string> {
    if (!req.context) return req.prompt.split('\n').filter(Boolean).slice(0, 5).join('\n');
    if (req.context.kind === 'onboarding_info') return composeOnboardingInfo(req.context);
    const { subject, body } = composeMessage(req.context);
    return `Subject: ${subject}\n\n${body}`;
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
      ? priceText({ name: subject ?? '', description: '', priceMin: c.price.min, priceMax: c.price.max, currency: c.price.currency, pricePeriod: c.price.period, url: null })
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
