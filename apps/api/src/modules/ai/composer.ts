import type { CompositionContext, GenerateRequest, TextProvider } from './provider';

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

const sentence = (s: string) => {
  const t = s.trim().replace(/\s+/g, ' ');
  if (!t) return '';
  return /[.!?]$/.test(t) ? t : `${t}.`;
};
const firstSentence = (s: string) => sentence(s.split(/(?<=[.!?])\s/)[0] ?? s);
const lowerFirst = (s: string) => (s && !/^[A-Z]{2}/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s);
const stripEnd = (s: string) => s.trim().replace(/[.!?]+$/, '');
const withArticle = (title: string) => (/^[aeiou]/i.test(title) ? `an ${title}` : `a ${title}`);

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
  const title = c.prospect.title?.trim() || c.persona?.name?.trim() || 'decision maker';
  const firstName = c.prospect.firstName?.trim() || c.prospect.fullName?.trim().split(/\s+/)[0] || 'there';
  const fullName = c.prospect.fullName?.trim() || firstName;
  const prospectCompany = c.prospect.company?.trim() || null;
  const offering = c.offering?.name.trim() || 'our services';
  const sender = c.company.name?.trim() || null;
  const cta = sentence(c.setting.callToAction.trim() || DEFAULT_CTA);
  const category = c.category ?? 'cold_email';

  const at = prospectCompany ? ` at ${prospectCompany}` : '';
  const openers = [
    `As ${withArticle(title)}${at}, you are the person who feels it first when ${c.persona ? `teams like the ones we call "${c.persona.name}"` : 'a team'} outgrow their tools.`,
    `I'm reaching out to you as ${title}${at} because ${offering} was built for exactly your role.`,
    `Most people in your seat — ${title}${at} — tell us the same thing: there is never enough time for the work that matters.`,
    `I noticed your work as ${title}${at}${c.prospect.location ? ` in ${c.prospect.location}` : ''} and thought ${offering} could be relevant.`,
  ];
  const opener = pick(openers, seed, 1);

  const description = c.offering?.description ? firstSentence(c.offering.description) : '';
  const what = description
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
    paragraphs.push(`${CLOSINGS[tone]}\n${c.company.senderName ?? sender ?? ''}`.trim());
  }
  return { subject, body: paragraphs.filter(Boolean).join('\n\n') };
}

/** The composer as a TextProvider: writes from `context`, or echoes a summary of a prompt without one. */
export const composerProvider: TextProvider = {
  name: 'composer',
  async generate(req: GenerateRequest): Promise<string> {
    if (!req.context) return req.prompt.split('\n').filter(Boolean).slice(0, 5).join('\n');
    const { subject, body } = composeMessage(req.context);
    return `Subject: ${subject}\n\n${body}`;
  },
};
