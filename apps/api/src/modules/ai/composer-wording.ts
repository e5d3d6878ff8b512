/**
 * The built-in composer's wording, one pack per language. Every sentence the composer writes around the
 * user's own data comes from here; the data (names, titles, the offering's sentences, the call to action)
 * is passed in already cleaned (compose-message.ts). A language without a pack is written in English and
 * the fallback is reported (composerLanguage).
 */

export type Tone = 'formal' | 'friendly' | 'direct' | 'enthusiastic' | 'professional';

/** What a sentence may name; every field is optional and a sentence reads well without it. */
export type Who = {
  /** The prospect's job title, cleaned. */
  title: string | null;
  /** The prospect's company, cleaned. */
  company: string | null;
  industry: string | null;
  offering: string | null;
  /** The sender's company. */
  sender: string | null;
  formal: boolean;
};

export type Wording = {
  /** `title` is for a formal greeting without a name ("Dear Head of Sales,"). */
  greeting: (tone: Tone, first: string | null, full: string | null, title?: string | null) => string;
  closing: Record<Tone, string>;
  /** Step 1's subject line, a few variants; `null` when the variant needs what is missing. */
  subjects: Array<(w: Who, first: string | null) => string | null>;
  /** Why this person: their role at their company (variants); null when nothing is known. */
  role: Array<(w: Who) => string | null>;
  signal: {
    funding: (w: Who, round: string) => string;
    hiring: (w: Who) => string;
    technology: (w: Who, tech: string) => string;
  };
  /** The offering's benefit when the chosen sentence is a noun phrase ("AI forecasting that …"). */
  benefitPhrase: (w: Who, phrase: string) => string;
  /** When the sentence is a clause with another subject ("Setup takes a day"). */
  benefitClause: (w: Who, clause: string) => string;
  /** "{offering} from {sender}" as a sentence's subject. */
  offeringFrom: (offering: string, sender: string) => string;
  /** An offering with no description. */
  offeringOnly: (w: Who) => string;
  /** No offering at all. */
  noOffering: (w: Who) => string;
  defaultCta: string;
  follow: {
    /** The `k`-th case study of the thread (0-based): each lead-in differs. */
    caseStudy: (w: Who, title: string, k: number) => string;
    painQuestion: (w: Who, pain: string) => string;
    anotherBenefit: (sentence: string) => string;
    resource: (w: Who, url: string) => string;
    /** A follow-up's angle on a topic the company is weighing (never a word about having seen a visit). */
    topic: (w: Who, topic: string) => string;
    referral: (w: Who) => string;
    timing: (w: Who) => string;
    currentWay: (w: Who) => string;
    lighterAsk: (w: Who) => string;
    priority: (w: Who) => string;
    goal: (w: Who) => string;
    obstacle: (w: Who) => string;
    fit: (w: Who) => string;
    bump: (w: Who) => string;
    shortAnswer: (w: Who) => string;
    breakup: (w: Who) => string[];
    /** Asks after a statement angle, each used once per thread. */
    asks: Array<(w: Who) => string>;
    /** The call to action's link, offered again once. */
    linkAgain: (url: string) => string;
  };
  linkedin: {
    connect: (w: Who) => string;
    thanks: string;
  };
  call: { opening: (first: string | null, caller: string | null, w: Who) => string; labels: [string, string, string, string] };
  reply: { thanks: string; price: (price: string) => string };
  social: { opener: (w: Who) => string };
  /** Words that start a sentence and mean "the offering" ("It pulls …"): replaced by its name. */
  itWords: RegExp;
  /** "a" / "an" before a job title (English); other languages write titles without an article. */
  titleWithArticle: (title: string) => string;
  /** How a price is written. */
  priceLocale: string;
  pricePer: Record<string, string>;
  priceRange: (min: string, max: string) => string;
  priceFrom: (min: string) => string;
  priceUpTo: (max: string) => string;
};

// ---------------------------------------------------------------- English

const LEADER = /^(?:vp|svp|evp|avp|head|chief|director|managing|ceo|cto|cfo|coo|cmo|cro|cio|ciso|cpo|founder|co-founder|cofounder|president|owner|partner|general manager|gm)\b/i;
function englishArticle(title: string): string {
  if (LEADER.test(title)) return title;
  const an = /^[A-Z]{2,}/.test(title) ? /^[AEFHILMNORSX]/.test(title) : /^[aeiou]/i.test(title) && !/^(?:uni|eu|use|one)/i.test(title);
  return `${an ? 'an' : 'a'} ${title}`;
}
/** Inside an English sentence: "a software company", "a B2B SaaS company" (acronyms kept). */
const enIndustryWords = (industry: string) => industry.split(/\s+/).map((w) => (/^\p{Lu}\p{Ll}+$/u.test(w) ? w.toLowerCase() : w)).join(' ');
const enIndustry = (w: Who) => (w.industry ? `, ${englishArticle(`${enIndustryWords(w.industry)} company`)}` : '');
const enPossessive = (name: string) => (/s$/i.test(name) ? `${name}'` : `${name}'s`);

export const en: Wording = {
  greeting: (tone, first, full, title) => {
    if (!first && tone === 'formal' && title) return `Dear ${title},`;
    if (!first) return tone === 'friendly' || tone === 'enthusiastic' ? 'Hi there,' : 'Hello,';
    switch (tone) {
      case 'formal':
        return `Dear ${full ?? first},`;
      case 'friendly':
      case 'enthusiastic':
        return `Hi ${first},`;
      case 'direct':
        return `${first},`;
      default:
        return `Hello ${first},`;
    }
  },
  closing: { formal: 'Kind regards,', friendly: 'Cheers,', direct: 'Thanks,', enthusiastic: 'All the best,', professional: 'Best regards,' },
  subjects: [
    (w) => (w.company && w.offering ? `${w.offering} for ${w.company}` : null),
    (w) => (w.company ? `A question for ${w.company}` : null),
    (w, first) => (first ? `${first}, a quick idea` : null),
    (w) => (w.title ? `For the ${w.title}${w.company ? ` at ${w.company}` : ''}` : null),
    () => 'A quick idea',
  ],
  role: [
    (w) => {
      const im = w.formal ? 'I am' : "I'm";
      if (w.title && w.company) return `${im} reaching out because you are ${englishArticle(w.title)} at ${w.company}${enIndustry(w)}.`;
      if (w.title) return `${im} reaching out because you are ${englishArticle(w.title)}${w.industry ? ` in ${enIndustryWords(w.industry)}` : ''}.`;
      if (w.company) return `${im} reaching out to you at ${w.company}${enIndustry(w)}.`;
      if (w.industry) return `${im} reaching out because you work in ${enIndustryWords(w.industry)}.`;
      return null;
    },
    (w) => {
      if (w.title && w.company) return `As ${englishArticle(w.title)} at ${w.company}${enIndustry(w)}, you are the person I hoped to reach.`;
      if (w.title) return `As ${englishArticle(w.title)}, you are the person I hoped to reach.`;
      if (w.company) return `You are the person at ${w.company} I hoped to reach${w.industry ? ` about ${enIndustryWords(w.industry)}` : ''}.`;
      return null;
    },
    (w) => {
      const im = w.formal ? 'I am' : "I'm";
      if (w.title && w.company) return `${im} writing to you in your role as ${w.title} at ${w.company}${enIndustry(w)}.`;
      if (w.title) return `${im} writing to you in your role as ${w.title}.`;
      if (w.company) return `${im} writing to you because of your work at ${w.company}${enIndustry(w)}.`;
      return null;
    },
  ],
  signal: {
    funding: (w, round) => `Congratulations on ${w.company ? `${enPossessive(w.company)} recent` : 'the recent'} ${round} round.`,
    hiring: (w) => `I saw that ${w.company ?? 'your team'} is hiring.`,
    technology: (w, tech) => `I noticed that ${w.company ?? 'your team'} works with ${tech}.`,
  },
  benefitPhrase: (w, phrase) => `With ${w.offering}, ${w.company ? `${w.company} gets` : 'you get'} ${phrase}.`,
  benefitClause: (w, clause) => `With ${w.offering}, ${clause}.`,
  offeringFrom: (offering, sender) => `${offering} from ${sender}`,
  offeringOnly: (w) => `I think ${w.offering}${w.sender && !w.offering!.toLowerCase().includes(w.sender.toLowerCase()) ? ` from ${w.sender}` : ''} could be useful for ${w.company ?? 'your team'}.`,
  noOffering: (w) => (w.sender ? `I work at ${w.sender}, and I have an idea that could help ${w.company ?? 'your team'}.` : `I have a short idea that could help ${w.company ?? 'your team'}.`),
  defaultCta: 'Would you be open to a 15-minute call next week?',
  follow: {
    caseStudy: (w, title, k) => [`One example that may be relevant${w.company ? ` to ${w.company}` : ''}: ${title}.`, `Another result you may find useful: ${title}.`, `A third example: ${title}.`][k % 3]!,
    painQuestion: (w, pain) => `Does this sound familiar${w.company ? ` at ${w.company}` : ''}? ${pain}.`,
    anotherBenefit: (sentence) => `One more detail: ${sentence}`,
    resource: (w, url) => `In case it helps, here is a short overview${w.offering ? ` of ${w.offering}` : ''}: ${url}`,
    topic: (w, topic) => `Teams often have questions about ${topic} at this point: happy to go through it for ${w.company ?? 'your team'} in a few minutes.`,
    referral: (w) => `If you are not the right person for this, who at ${w.company ?? 'your company'} would be?`,
    timing: (w) => `Is this something to look at now, or would next quarter suit ${w.company ?? 'you'} better?`,
    currentWay: (w) => `How does ${w.company ?? 'your team'} handle this today, and is it working as well as you would like?`,
    lighterAsk: () => "If a call is too much, I'm happy to send a short written overview instead.",
    priority: (w) => `Is this a priority for ${w.company ?? 'your team'} this quarter?`,
    goal: (w) => `What would ${w.company ?? 'your team'} most like to improve this year?`,
    obstacle: (w) => `What is the biggest obstacle for ${w.company ?? 'your team'} this quarter?`,
    fit: () => 'If this is not a fit, a quick no is perfectly fine.',
    bump: () => "I'm bringing this back to the top of your inbox in case it got buried.",
    shortAnswer: () => 'A one-word answer is plenty: yes, later or no.',
    breakup: (w) => [
      "I haven't heard back, so I'll assume the timing isn't right and close the loop here.",
      `If ${w.offering ?? 'this'} becomes relevant for ${w.company ?? 'you'} later, just reply to this email.`,
    ],
    asks: [
      (w) => `Could something similar work for ${w.company ?? 'your team'}?`,
      () => 'Worth a short conversation?',
      () => 'Shall I send you a few more details?',
      (w) => `Would that be useful for ${w.company ?? 'you'}?`,
    ],
    linkAgain: (url) => `If it is easier, you can pick a time here: ${url}`,
  },
  linkedin: {
    connect: (w) => `I'd like to connect${w.company ? ` with you at ${w.company}` : ''}.`,
    thanks: 'Thanks for connecting.',
  },
  call: {
    opening: (first, caller, w) => `"Hi${first ? ` ${first}` : ''}, this is ${caller ?? 'calling'}${w.sender ? ` from ${w.sender}` : ''}. Did I catch you at a bad time?"`,
    labels: ['Opening', 'Reason for calling', 'Value', 'Ask'],
  },
  reply: { thanks: 'Thanks for getting back to me.', price: (price) => `Pricing runs ${price}.` },
  social: { opener: (w) => `Every ${w.title ?? 'team'} we talk to asks the same question: how do we do more with the team we have?` },
  itWords: /^(?:it|our (?:product|service|platform|tool|solution|app|software))\s+/i,
  titleWithArticle: englishArticle,
  priceLocale: 'en-US',
  pricePer: { one_time: '', month: ' per month', year: ' per year', user_month: ' per user per month', user_year: ' per user per year' },
  priceRange: (a, b) => `${a} to ${b}`,
  priceFrom: (a) => `from ${a}`,
  priceUpTo: (b) => `up to ${b}`,
};

// ---------------------------------------------------------------- German (Sie throughout: B2B first contact)

const deIndustry = (w: Who) => (w.industry ? ` (${w.industry})` : '');
export const de: Wording = {
  greeting: (tone, first, full) => {
    if (!first) return 'Guten Tag,';
    if (tone === 'formal' || tone === 'professional') return `Guten Tag ${full ?? first},`;
    return `Hallo ${first},`;
  },
  closing: { formal: 'Mit freundlichen Grüßen', friendly: 'Viele Grüße', direct: 'Danke und viele Grüße', enthusiastic: 'Beste Grüße', professional: 'Freundliche Grüße' },
  subjects: [
    (w) => (w.company && w.offering ? `${w.offering} für ${w.company}` : null),
    (w) => (w.company ? `Eine Frage an ${w.company}` : null),
    (w, first) => (first ? `${first}, eine kurze Idee` : null),
    () => 'Eine kurze Idee',
  ],
  role: [
    (w) => {
      if (w.title && w.company) return `Ich schreibe Ihnen, weil Sie ${w.title} bei ${w.company}${deIndustry(w)} sind.`;
      if (w.title) return `Ich schreibe Ihnen, weil Sie ${w.title} sind.`;
      if (w.company) return `Ich schreibe Ihnen als Ansprechperson bei ${w.company}${deIndustry(w)}.`;
      if (w.industry) return `Ich schreibe Ihnen, weil Sie in der Branche ${w.industry} arbeiten.`;
      return null;
    },
    (w) => {
      if (w.title && w.company) return `Als ${w.title} bei ${w.company}${deIndustry(w)} sind Sie genau die Person, die ich erreichen wollte.`;
      if (w.title) return `Als ${w.title} sind Sie genau die Person, die ich erreichen wollte.`;
      if (w.company) return `Bei ${w.company} sind Sie die Person, die ich erreichen wollte.`;
      return null;
    },
    (w) => {
      if (w.title && w.company) return `Ich wende mich an Sie in Ihrer Rolle als ${w.title} bei ${w.company}${deIndustry(w)}.`;
      if (w.title) return `Ich wende mich an Sie in Ihrer Rolle als ${w.title}.`;
      return null;
    },
  ],
  signal: {
    funding: (w, round) => `Herzlichen Glückwunsch zur ${round}-Finanzierungsrunde${w.company ? ` von ${w.company}` : ''}.`,
    hiring: (w) => `Ich habe gesehen, dass ${w.company ?? 'Ihr Team'} gerade Personal sucht.`,
    technology: (w, tech) => `Mir ist aufgefallen, dass ${w.company ?? 'Ihr Team'} mit ${tech} arbeitet.`,
  },
  benefitPhrase: (w, phrase) => `Mit ${w.offering} bekommen Sie ${phrase}.`,
  benefitClause: (w, clause) => `Mit ${w.offering} gilt: ${clause}.`,
  offeringFrom: (offering, sender) => `${offering} von ${sender}`,
  offeringOnly: (w) => `Ich denke, ${w.offering}${w.sender && !w.offering!.toLowerCase().includes(w.sender.toLowerCase()) ? ` von ${w.sender}` : ''} könnte für ${w.company ?? 'Ihr Team'} nützlich sein.`,
  noOffering: (w) => (w.sender ? `Ich arbeite bei ${w.sender} und habe eine Idee, die ${w.company ?? 'Ihrem Team'} helfen könnte.` : `Ich habe eine kurze Idee, die ${w.company ?? 'Ihrem Team'} helfen könnte.`),
  defaultCta: 'Hätten Sie nächste Woche Zeit für ein kurzes Gespräch von 15 Minuten?',
  follow: {
    caseStudy: (w, title, k) => [`Ein Beispiel, das${w.company ? ` für ${w.company}` : ''} interessant sein könnte: ${title}.`, `Ein weiteres Ergebnis, das Sie interessieren könnte: ${title}.`, `Ein drittes Beispiel: ${title}.`][k % 3]!,
    painQuestion: (w, pain) => `Kommt Ihnen das${w.company ? ` bei ${w.company}` : ''} bekannt vor? ${pain}.`,
    anotherBenefit: (sentence) => `Noch ein Detail: ${sentence}`,
    resource: (w, url) => `Falls es hilft, hier ein kurzer Überblick${w.offering ? ` über ${w.offering}` : ''}: ${url}`,
    topic: (w, topic) => `An dieser Stelle kommen oft Fragen zu ${topic} auf: Gern gehe ich das in ein paar Minuten für ${w.company ?? 'Ihr Team'} durch.`,
    referral: (w) => `Falls Sie nicht die richtige Ansprechperson sind: Wer bei ${w.company ?? 'Ihnen'} wäre es?`,
    timing: (w) => `Passt das Thema jetzt, oder wäre das nächste Quartal für ${w.company ?? 'Sie'} besser?`,
    currentWay: (w) => `Wie löst ${w.company ?? 'Ihr Team'} das heute, und funktioniert es so gut, wie Sie es sich wünschen?`,
    lighterAsk: () => 'Falls ein Gespräch zu viel ist, schicke ich Ihnen gern eine kurze schriftliche Übersicht.',
    priority: (w) => `Hat das Thema bei ${w.company ?? 'Ihnen'} in diesem Quartal Priorität?`,
    goal: (w) => `Was möchte ${w.company ?? 'Ihr Team'} in diesem Jahr am liebsten verbessern?`,
    obstacle: (w) => `Was ist in diesem Quartal das größte Hindernis für ${w.company ?? 'Ihr Team'}?`,
    fit: () => 'Falls das nicht passt, ist ein kurzes Nein völlig in Ordnung.',
    bump: () => 'Ich hole diese Nachricht noch einmal nach oben, falls sie untergegangen ist.',
    shortAnswer: () => 'Ein Wort als Antwort genügt: „ja“, „später“ oder „nein“.',
    breakup: (w) => [
      'Da ich nichts von Ihnen gehört habe, nehme ich an, dass der Zeitpunkt nicht passt, und melde mich nicht weiter.',
      `Falls ${w.offering ?? 'das Thema'} für ${w.company ?? 'Sie'} später interessant wird, antworten Sie einfach auf diese E-Mail.`,
    ],
    asks: [
      (w) => `Könnte etwas Ähnliches bei ${w.company ?? 'Ihnen'} funktionieren?`,
      () => 'Wäre das ein kurzes Gespräch wert?',
      () => 'Soll ich Ihnen ein paar Details schicken?',
      (w) => `Wäre das für ${w.company ?? 'Sie'} nützlich?`,
    ],
    linkAgain: (url) => `Falls es einfacher ist, können Sie hier einen Termin wählen: ${url}`,
  },
  linkedin: { connect: (w) => `Ich würde mich gern${w.company ? ` mit Ihnen bei ${w.company}` : ''} vernetzen.`, thanks: 'Danke für die Vernetzung.' },
  call: {
    opening: (first, caller, w) => `„Guten Tag${first ? ` ${first}` : ''}, hier ist ${caller ?? 'ein kurzer Anruf'}${w.sender ? ` von ${w.sender}` : ''}. Passt es gerade?“`,
    labels: ['Einstieg', 'Anlass', 'Nutzen', 'Frage'],
  },
  reply: { thanks: 'Danke für Ihre Antwort.', price: (price) => `Der Preis liegt bei ${price}.` },
  social: { opener: (w) => `Jede Person in der Rolle ${w.title ?? 'Teamleitung'}, mit der wir sprechen, stellt dieselbe Frage: Wie schaffen wir mehr mit dem Team, das wir haben?` },
  itWords: /^(?:unser (?:produkt|service|tool)|unsere (?:plattform|lösung|software))\s+/i,
  titleWithArticle: (t) => t,
  priceLocale: 'de-DE',
  pricePer: { one_time: '', month: ' pro Monat', year: ' pro Jahr', user_month: ' pro Nutzer und Monat', user_year: ' pro Nutzer und Jahr' },
  priceRange: (a, b) => `${a} bis ${b}`,
  priceFrom: (a) => `ab ${a}`,
  priceUpTo: (b) => `bis ${b}`,
};

// ---------------------------------------------------------------- French (vous)

const frIndustry = (w: Who) => (w.industry ? ` (${w.industry})` : '');
export const fr: Wording = {
  greeting: (tone, first, full) => {
    if (!first) return 'Bonjour,';
    return tone === 'formal' ? `Bonjour ${full ?? first},` : `Bonjour ${first},`;
  },
  closing: { formal: 'Bien cordialement,', friendly: 'Belle journée,', direct: 'Merci,', enthusiastic: 'Au plaisir,', professional: 'Cordialement,' },
  subjects: [
    (w) => (w.company && w.offering ? `${w.offering} pour ${w.company}` : null),
    (w) => (w.company ? `Une question pour ${w.company}` : null),
    (w, first) => (first ? `${first}, une idée rapide` : null),
    () => 'Une idée rapide',
  ],
  role: [
    (w) => {
      if (w.title && w.company) return `Je vous écris en tant que ${w.title} chez ${w.company}${frIndustry(w)}.`;
      if (w.title) return `Je vous écris en tant que ${w.title}.`;
      if (w.company) return `Je vous écris au sujet de ${w.company}${frIndustry(w)}.`;
      if (w.industry) return `Je vous écris car vous travaillez dans le secteur ${w.industry}.`;
      return null;
    },
    (w) => {
      if (w.title && w.company) return `En tant que ${w.title} chez ${w.company}${frIndustry(w)}, vous êtes la personne que j'espérais joindre.`;
      if (w.title) return `En tant que ${w.title}, vous êtes la personne que j'espérais joindre.`;
      if (w.company) return `Chez ${w.company}, vous êtes la personne que j'espérais joindre.`;
      return null;
    },
    (w) => {
      if (w.title && w.company) return `Je me permets de vous contacter pour votre rôle de ${w.title} chez ${w.company}${frIndustry(w)}.`;
      if (w.title) return `Je me permets de vous contacter pour votre rôle de ${w.title}.`;
      return null;
    },
  ],
  signal: {
    funding: (w, round) => `Félicitations pour la levée ${round}${w.company ? ` de ${w.company}` : ''}.`,
    hiring: (w) => `J'ai vu que ${w.company ?? 'votre équipe'} recrute en ce moment.`,
    technology: (w, tech) => `J'ai remarqué que ${w.company ?? 'votre équipe'} travaille avec ${tech}.`,
  },
  benefitPhrase: (w, phrase) => `Avec ${w.offering}, vous obtenez ${phrase}.`,
  benefitClause: (w, clause) => `Avec ${w.offering} : ${clause}.`,
  offeringFrom: (offering, sender) => `${offering} de ${sender}`,
  offeringOnly: (w) => `Je pense que ${w.offering}${w.sender && !w.offering!.toLowerCase().includes(w.sender.toLowerCase()) ? ` de ${w.sender}` : ''} pourrait être utile à ${w.company ?? 'votre équipe'}.`,
  noOffering: (w) => (w.sender ? `Je travaille chez ${w.sender} et j'ai une idée qui pourrait aider ${w.company ?? 'votre équipe'}.` : `J'ai une idée rapide qui pourrait aider ${w.company ?? 'votre équipe'}.`),
  defaultCta: 'Seriez-vous disponible pour un échange de 15 minutes la semaine prochaine ?',
  follow: {
    caseStudy: (w, title, k) => [`Un exemple qui pourrait intéresser ${w.company ?? 'votre équipe'} : ${title}.`, `Un autre résultat qui pourrait vous intéresser : ${title}.`, `Un troisième exemple : ${title}.`][k % 3]!,
    painQuestion: (w, pain) => `Est-ce que cela vous parle${w.company ? ` chez ${w.company}` : ''} ? ${pain}.`,
    anotherBenefit: (sentence) => `Un détail de plus : ${sentence}`,
    resource: (w, url) => `Si cela peut aider, voici une courte présentation${w.offering ? ` de ${w.offering}` : ''} : ${url}`,
    topic: (w, topic) => `À ce stade, ${topic} soulève souvent des questions : je peux volontiers le passer en revue pour ${w.company ?? 'votre équipe'} en quelques minutes.`,
    referral: (w) => `Si vous n'êtes pas la bonne personne, qui le serait chez ${w.company ?? 'vous'} ?`,
    timing: (w) => `Est-ce le bon moment, ou le trimestre prochain conviendrait-il mieux à ${w.company ?? 'votre équipe'} ?`,
    currentWay: (w) => `Comment gérez-vous cela aujourd'hui${w.company ? ` chez ${w.company}` : ''}, et est-ce aussi efficace que vous le souhaiteriez ?`,
    lighterAsk: () => "Si un appel est de trop, je peux vous envoyer une courte présentation écrite.",
    priority: (w) => `Est-ce une priorité pour ${w.company ?? 'votre équipe'} ce trimestre ?`,
    goal: (w) => `Que souhaiteriez-vous le plus améliorer chez ${w.company ?? 'vous'} cette année ?`,
    obstacle: (w) => `Quel est le principal obstacle pour ${w.company ?? 'votre équipe'} ce trimestre ?`,
    fit: () => "Si ce n'est pas pertinent, un simple non me convient tout à fait.",
    bump: () => "Je remonte ce message au cas où il se serait perdu.",
    shortAnswer: () => 'Un mot suffit : « oui », « plus tard » ou « non ».',
    breakup: (w) => [
      "Sans réponse de votre part, je suppose que le moment n'est pas le bon et je ne vous relancerai plus.",
      `Si ${w.offering ?? 'le sujet'} devient pertinent pour ${w.company ?? 'vous'} plus tard, répondez simplement à cet e-mail.`,
    ],
    asks: [
      (w) => `Quelque chose de similaire pourrait-il fonctionner chez ${w.company ?? 'vous'} ?`,
      () => 'Cela vaut-il un court échange ?',
      () => 'Voulez-vous que je vous envoie quelques détails ?',
      (w) => `Cela serait-il utile à ${w.company ?? 'votre équipe'} ?`,
    ],
    linkAgain: (url) => `Si c'est plus simple, vous pouvez choisir un créneau ici : ${url}`,
  },
  linkedin: { connect: (w) => `J'aimerais me connecter avec vous${w.company ? ` chez ${w.company}` : ''}.`, thanks: "Merci d'avoir accepté l'invitation." },
  call: {
    opening: (first, caller, w) => `« Bonjour${first ? ` ${first}` : ''}, ici ${caller ?? 'un appel rapide'}${w.sender ? ` de ${w.sender}` : ''}. Est-ce un bon moment ? »`,
    labels: ['Ouverture', "Raison de l'appel", 'Valeur', 'Demande'],
  },
  reply: { thanks: 'Merci pour votre réponse.', price: (price) => `Le tarif est de ${price}.` },
  social: { opener: () => 'Toutes les équipes avec qui nous parlons posent la même question : comment faire plus avec les mêmes personnes ?' },
  itWords: /^(?:notre (?:produit|service|outil|plateforme|solution))\s+/i,
  titleWithArticle: (t) => t,
  priceLocale: 'fr-FR',
  pricePer: { one_time: '', month: ' par mois', year: ' par an', user_month: ' par utilisateur et par mois', user_year: ' par utilisateur et par an' },
  priceRange: (a, b) => `de ${a} à ${b}`,
  priceFrom: (a) => `à partir de ${a}`,
  priceUpTo: (b) => `jusqu'à ${b}`,
};

// ---------------------------------------------------------------- Spanish (usted)

const esIndustry = (w: Who) => (w.industry ? ` (${w.industry})` : '');
export const es: Wording = {
  greeting: (tone, first, full) => {
    if (!first) return tone === 'friendly' || tone === 'enthusiastic' ? 'Hola:' : 'Buenos días:';
    return tone === 'formal' ? `Estimado/a ${full ?? first}:` : `Hola, ${first}:`;
  },
  closing: { formal: 'Atentamente,', friendly: 'Un saludo,', direct: 'Gracias,', enthusiastic: '¡Un abrazo!', professional: 'Saludos cordiales,' },
  subjects: [
    (w) => (w.company && w.offering ? `${w.offering} para ${w.company}` : null),
    (w) => (w.company ? `Una pregunta para ${w.company}` : null),
    (w, first) => (first ? `${first}, una idea rápida` : null),
    () => 'Una idea rápida',
  ],
  role: [
    (w) => {
      if (w.title && w.company) return `Le escribo porque es ${w.title} en ${w.company}${esIndustry(w)}.`;
      if (w.title) return `Le escribo porque es ${w.title}.`;
      if (w.company) return `Le escribo por su trabajo en ${w.company}${esIndustry(w)}.`;
      if (w.industry) return `Le escribo porque trabaja en el sector ${w.industry}.`;
      return null;
    },
    (w) => {
      if (w.title && w.company) return `Como ${w.title} en ${w.company}${esIndustry(w)}, es justo la persona con quien quería hablar.`;
      if (w.title) return `Como ${w.title}, es justo la persona con quien quería hablar.`;
      if (w.company) return `En ${w.company}, es justo la persona con quien quería hablar.`;
      return null;
    },
    (w) => {
      if (w.title && w.company) return `Me pongo en contacto con usted por su puesto de ${w.title} en ${w.company}${esIndustry(w)}.`;
      if (w.title) return `Me pongo en contacto con usted por su puesto de ${w.title}.`;
      return null;
    },
  ],
  signal: {
    funding: (w, round) => `Enhorabuena por la ronda ${round}${w.company ? ` de ${w.company}` : ''}.`,
    hiring: (w) => `He visto que ${w.company ?? 'su equipo'} está contratando.`,
    technology: (w, tech) => `He visto que ${w.company ?? 'su equipo'} trabaja con ${tech}.`,
  },
  benefitPhrase: (w, phrase) => `Con ${w.offering}, obtiene ${phrase}.`,
  benefitClause: (w, clause) => `Con ${w.offering}: ${clause}.`,
  offeringFrom: (offering, sender) => `${offering} de ${sender}`,
  offeringOnly: (w) => `Creo que ${w.offering}${w.sender && !w.offering!.toLowerCase().includes(w.sender.toLowerCase()) ? ` de ${w.sender}` : ''} podría ser útil para ${w.company ?? 'su equipo'}.`,
  noOffering: (w) => (w.sender ? `Trabajo en ${w.sender} y tengo una idea que podría ayudar a ${w.company ?? 'su equipo'}.` : `Tengo una idea rápida que podría ayudar a ${w.company ?? 'su equipo'}.`),
  defaultCta: '¿Tendría 15 minutos para una llamada la próxima semana?',
  follow: {
    caseStudy: (w, title, k) => [`Un ejemplo que podría interesar a ${w.company ?? 'su equipo'}: ${title}.`, `Otro resultado que podría interesarle: ${title}.`, `Un tercer ejemplo: ${title}.`][k % 3]!,
    painQuestion: (w, pain) => `¿Le resulta familiar${w.company ? ` en ${w.company}` : ''}? ${pain}.`,
    anotherBenefit: (sentence) => `Un detalle más: ${sentence}`,
    resource: (w, url) => `Por si le sirve, aquí tiene un breve resumen${w.offering ? ` de ${w.offering}` : ''}: ${url}`,
    topic: (w, topic) => `En este punto suelen surgir preguntas sobre ${topic}: con gusto lo repaso para ${w.company ?? 'su equipo'} en unos minutos.`,
    referral: (w) => `Si no es usted la persona adecuada, ¿quién lo sería en ${w.company ?? 'su empresa'}?`,
    timing: (w) => `¿Es buen momento para verlo, o le iría mejor a ${w.company ?? 'su equipo'} el próximo trimestre?`,
    currentWay: (w) => `¿Cómo lo resuelve ${w.company ?? 'su equipo'} hoy, y funciona tan bien como le gustaría?`,
    lighterAsk: () => 'Si una llamada es demasiado, con gusto le envío un breve resumen por escrito.',
    priority: (w) => `¿Es una prioridad para ${w.company ?? 'su equipo'} este trimestre?`,
    goal: (w) => `¿Qué le gustaría mejorar más en ${w.company ?? 'su equipo'} este año?`,
    obstacle: (w) => `¿Cuál es el mayor obstáculo para ${w.company ?? 'su equipo'} este trimestre?`,
    fit: () => 'Si no encaja, un simple no está perfectamente bien.',
    bump: () => 'Vuelvo a subir este mensaje por si se perdió en su bandeja de entrada.',
    shortAnswer: () => 'Basta con una palabra: «sí», «más adelante» o «no».',
    breakup: (w) => [
      'Como no he tenido respuesta, entiendo que no es el momento y no volveré a escribirle.',
      `Si ${w.offering ?? 'el tema'} llega a ser relevante para ${w.company ?? 'usted'}, basta con responder a este correo.`,
    ],
    asks: [
      (w) => `¿Podría funcionar algo parecido en ${w.company ?? 'su equipo'}?`,
      () => '¿Merece la pena una conversación breve?',
      () => '¿Le envío algunos detalles más?',
      (w) => `¿Sería útil para ${w.company ?? 'usted'}?`,
    ],
    linkAgain: (url) => `Si le resulta más fácil, puede elegir un horario aquí: ${url}`,
  },
  linkedin: { connect: (w) => `Me gustaría conectar con usted${w.company ? ` en ${w.company}` : ''}.`, thanks: 'Gracias por conectar.' },
  call: {
    opening: (first, caller, w) => `«Hola${first ? `, ${first}` : ''}, le habla ${caller ?? 'una llamada breve'}${w.sender ? ` de ${w.sender}` : ''}. ¿Es buen momento?»`,
    labels: ['Apertura', 'Motivo de la llamada', 'Valor', 'Pregunta'],
  },
  reply: { thanks: 'Gracias por su respuesta.', price: (price) => `El precio es ${price}.` },
  social: { opener: () => 'Todos los equipos con los que hablamos hacen la misma pregunta: ¿cómo hacemos más con el equipo que tenemos?' },
  itWords: /^(?:nuestro (?:producto|servicio)|nuestra (?:plataforma|solución|herramienta))\s+/i,
  titleWithArticle: (t) => t,
  priceLocale: 'es-ES',
  pricePer: { one_time: '', month: ' al mes', year: ' al año', user_month: ' por usuario al mes', user_year: ' por usuario al año' },
  priceRange: (a, b) => `de ${a} a ${b}`,
  priceFrom: (a) => `desde ${a}`,
  priceUpTo: (b) => `hasta ${b}`,
};

// ---------------------------------------------------------------- Italian (Lei)

const itIndustry = (w: Who) => (w.industry ? ` (${w.industry})` : '');
export const it: Wording = {
  greeting: (tone, first, full) => {
    if (!first) return 'Buongiorno,';
    if (tone === 'formal') return `Gentile ${full ?? first},`;
    // Lei throughout, so no "Ciao" (it would mix registers).
    return `Buongiorno ${first},`;
  },
  closing: { formal: 'Cordiali saluti,', friendly: 'A presto,', direct: 'Grazie,', enthusiastic: 'A presto,', professional: 'Un cordiale saluto,' },
  subjects: [
    (w) => (w.company && w.offering ? `${w.offering} per ${w.company}` : null),
    (w) => (w.company ? `Una domanda per ${w.company}` : null),
    (w, first) => (first ? `${first}, un'idea veloce` : null),
    () => "Un'idea veloce",
  ],
  role: [
    (w) => {
      if (w.title && w.company) return `Le scrivo perché è ${w.title} presso ${w.company}${itIndustry(w)}.`;
      if (w.title) return `Le scrivo perché è ${w.title}.`;
      if (w.company) return `Le scrivo per il Suo lavoro presso ${w.company}${itIndustry(w)}.`;
      if (w.industry) return `Le scrivo perché lavora nel settore ${w.industry}.`;
      return null;
    },
    (w) => {
      if (w.title && w.company) return `Come ${w.title} presso ${w.company}${itIndustry(w)}, è proprio la persona che speravo di raggiungere.`;
      if (w.title) return `Come ${w.title}, è proprio la persona che speravo di raggiungere.`;
      if (w.company) return `In ${w.company}, è proprio la persona che speravo di raggiungere.`;
      return null;
    },
    (w) => {
      if (w.title && w.company) return `La contatto per il Suo ruolo di ${w.title} presso ${w.company}${itIndustry(w)}.`;
      if (w.title) return `La contatto per il Suo ruolo di ${w.title}.`;
      return null;
    },
  ],
  signal: {
    funding: (w, round) => `Complimenti per il round ${round}${w.company ? ` di ${w.company}` : ''}.`,
    hiring: (w) => `Ho visto che ${w.company ?? 'il Suo team'} sta assumendo.`,
    technology: (w, tech) => `Ho notato che ${w.company ?? 'il Suo team'} lavora con ${tech}.`,
  },
  benefitPhrase: (w, phrase) => `Con ${w.offering} ottiene ${phrase}.`,
  benefitClause: (w, clause) => `Con ${w.offering}: ${clause}.`,
  offeringFrom: (offering, sender) => `${offering} di ${sender}`,
  offeringOnly: (w) => `Credo che ${w.offering}${w.sender && !w.offering!.toLowerCase().includes(w.sender.toLowerCase()) ? ` di ${w.sender}` : ''} possa essere utile a ${w.company ?? 'il Suo team'}.`,
  noOffering: (w) => (w.sender ? `Lavoro in ${w.sender} e ho un'idea che potrebbe aiutare ${w.company ?? 'il Suo team'}.` : `Ho un'idea veloce che potrebbe aiutare ${w.company ?? 'il Suo team'}.`),
  defaultCta: 'Avrebbe 15 minuti per una breve chiamata la prossima settimana?',
  follow: {
    caseStudy: (w, title, k) => [`Un esempio che potrebbe interessare ${w.company ?? 'il Suo team'}: ${title}.`, `Un altro risultato che potrebbe interessarLe: ${title}.`, `Un terzo esempio: ${title}.`][k % 3]!,
    painQuestion: (w, pain) => `Le suona familiare${w.company ? ` in ${w.company}` : ''}? ${pain}.`,
    anotherBenefit: (sentence) => `Un dettaglio in più: ${sentence}`,
    resource: (w, url) => `Se può essere utile, ecco una breve presentazione${w.offering ? ` di ${w.offering}` : ''}: ${url}`,
    topic: (w, topic) => `A questo punto nascono spesso domande su ${topic}: volentieri lo vediamo insieme per ${w.company ?? 'il vostro team'} in pochi minuti.`,
    referral: (w) => `Se non è Lei la persona giusta, chi lo sarebbe in ${w.company ?? 'azienda'}?`,
    timing: (w) => `È il momento giusto, o per ${w.company ?? 'Lei'} andrebbe meglio il prossimo trimestre?`,
    currentWay: (w) => `Come lo gestite oggi${w.company ? ` in ${w.company}` : ''}, e funziona bene come vorrebbe?`,
    lighterAsk: () => 'Se una chiamata è troppo, Le invio volentieri una breve panoramica scritta.',
    priority: (w) => `È una priorità per ${w.company ?? 'il Suo team'} in questo trimestre?`,
    goal: (w) => `Cosa vorrebbe migliorare di più ${w.company ?? 'il Suo team'} quest'anno?`,
    obstacle: (w) => `Qual è il principale ostacolo per ${w.company ?? 'il Suo team'} in questo trimestre?`,
    fit: () => 'Se non fa al caso Suo, un semplice no va benissimo.',
    bump: () => 'Riporto in alto questo messaggio, nel caso fosse finito sotto altri.',
    shortAnswer: () => 'Basta una parola: sì, più avanti o no.',
    breakup: (w) => [
      'Non avendo ricevuto risposta, immagino che non sia il momento giusto e non La disturberò oltre.',
      `Se ${w.offering ?? 'il tema'} diventerà interessante per ${w.company ?? 'Lei'}, basta rispondere a questa email.`,
    ],
    asks: [
      (w) => `Qualcosa di simile potrebbe funzionare per ${w.company ?? 'il Suo team'}?`,
      () => 'Vale una breve conversazione?',
      () => 'Le mando qualche dettaglio in più?',
      (w) => `Sarebbe utile per ${w.company ?? 'Lei'}?`,
    ],
    linkAgain: (url) => `Se è più comodo, può scegliere un orario qui: ${url}`,
  },
  linkedin: { connect: (w) => `Mi farebbe piacere collegarmi con Lei${w.company ? ` in ${w.company}` : ''}.`, thanks: 'Grazie per il collegamento.' },
  call: {
    opening: (first, caller, w) => `«Buongiorno${first ? ` ${first}` : ''}, sono ${caller ?? 'io'}${w.sender ? ` di ${w.sender}` : ''}. La disturbo?»`,
    labels: ['Apertura', 'Motivo della chiamata', 'Valore', 'Domanda'],
  },
  reply: { thanks: 'Grazie per la risposta.', price: (price) => `Il prezzo è ${price}.` },
  social: { opener: () => 'Tutti i team con cui parliamo fanno la stessa domanda: come facciamo di più con le persone che abbiamo?' },
  itWords: /^(?:il nostro (?:prodotto|servizio|strumento)|la nostra (?:piattaforma|soluzione))\s+/i,
  titleWithArticle: (t) => t,
  priceLocale: 'it-IT',
  pricePer: { one_time: '', month: ' al mese', year: " all'anno", user_month: ' per utente al mese', user_year: " per utente all'anno" },
  priceRange: (a, b) => `da ${a} a ${b}`,
  priceFrom: (a) => `da ${a}`,
  priceUpTo: (b) => `fino a ${b}`,
};

// ---------------------------------------------------------------- Dutch (u)

const nlIndustry = (w: Who) => (w.industry ? ` (${w.industry})` : '');
export const nl: Wording = {
  greeting: (tone, first, full) => {
    if (!first) return 'Goedendag,';
    if (tone === 'formal') return `Beste ${full ?? first},`;
    return tone === 'friendly' || tone === 'enthusiastic' ? `Hoi ${first},` : `Beste ${first},`;
  },
  closing: { formal: 'Met vriendelijke groet,', friendly: 'Groetjes,', direct: 'Dank,', enthusiastic: 'Hartelijke groet,', professional: 'Met vriendelijke groet,' },
  subjects: [
    (w) => (w.company && w.offering ? `${w.offering} voor ${w.company}` : null),
    (w) => (w.company ? `Een vraag voor ${w.company}` : null),
    (w, first) => (first ? `${first}, een kort idee` : null),
    () => 'Een kort idee',
  ],
  role: [
    (w) => {
      if (w.title && w.company) return `Ik schrijf u omdat u ${w.title} bent bij ${w.company}${nlIndustry(w)}.`;
      if (w.title) return `Ik schrijf u omdat u ${w.title} bent.`;
      if (w.company) return `Ik schrijf u vanwege uw werk bij ${w.company}${nlIndustry(w)}.`;
      if (w.industry) return `Ik schrijf u omdat u in de sector ${w.industry} werkt.`;
      return null;
    },
    (w) => {
      if (w.title && w.company) return `Als ${w.title} bij ${w.company}${nlIndustry(w)} bent u precies de persoon die ik hoopte te bereiken.`;
      if (w.title) return `Als ${w.title} bent u precies de persoon die ik hoopte te bereiken.`;
      if (w.company) return `Bij ${w.company} bent u precies de persoon die ik hoopte te bereiken.`;
      return null;
    },
    (w) => {
      if (w.title && w.company) return `Ik neem contact met u op vanwege uw rol als ${w.title} bij ${w.company}${nlIndustry(w)}.`;
      if (w.title) return `Ik neem contact met u op vanwege uw rol als ${w.title}.`;
      return null;
    },
  ],
  signal: {
    funding: (w, round) => `Gefeliciteerd met de ${round}-ronde${w.company ? ` van ${w.company}` : ''}.`,
    hiring: (w) => `Ik zag dat ${w.company ?? 'uw team'} mensen zoekt.`,
    technology: (w, tech) => `Ik zag dat ${w.company ?? 'uw team'} met ${tech} werkt.`,
  },
  benefitPhrase: (w, phrase) => `Met ${w.offering} krijgt u ${phrase}.`,
  benefitClause: (w, clause) => `Met ${w.offering}: ${clause}.`,
  offeringFrom: (offering, sender) => `${offering} van ${sender}`,
  offeringOnly: (w) => `Ik denk dat ${w.offering}${w.sender && !w.offering!.toLowerCase().includes(w.sender.toLowerCase()) ? ` van ${w.sender}` : ''} nuttig kan zijn voor ${w.company ?? 'uw team'}.`,
  noOffering: (w) => (w.sender ? `Ik werk bij ${w.sender} en heb een idee dat ${w.company ?? 'uw team'} kan helpen.` : `Ik heb een kort idee dat ${w.company ?? 'uw team'} kan helpen.`),
  defaultCta: 'Heeft u volgende week 15 minuten voor een kort gesprek?',
  follow: {
    caseStudy: (w, title, k) => [`Een voorbeeld dat interessant kan zijn voor ${w.company ?? 'uw team'}: ${title}.`, `Nog een resultaat dat u misschien interesseert: ${title}.`, `Een derde voorbeeld: ${title}.`][k % 3]!,
    painQuestion: (w, pain) => `Klinkt dit bekend${w.company ? ` bij ${w.company}` : ''}? ${pain}.`,
    anotherBenefit: (sentence) => `Nog een detail: ${sentence}`,
    resource: (w, url) => `Voor het geval het helpt, hier een kort overzicht${w.offering ? ` van ${w.offering}` : ''}: ${url}`,
    topic: (w, topic) => `Op dit punt komen vaak vragen over ${topic} op: ik loop het graag in een paar minuten door voor ${w.company ?? 'uw team'}.`,
    referral: (w) => `Als u niet de juiste persoon bent, wie is dat dan bij ${w.company ?? 'uw bedrijf'}?`,
    timing: (w) => `Is dit nu het juiste moment, of past het volgende kwartaal beter voor ${w.company ?? 'u'}?`,
    currentWay: (w) => `Hoe pakt ${w.company ?? 'uw team'} dit nu aan, en werkt dat zo goed als u zou willen?`,
    lighterAsk: () => 'Als een gesprek te veel is, stuur ik u graag een kort schriftelijk overzicht.',
    priority: (w) => `Heeft dit dit kwartaal prioriteit bij ${w.company ?? 'uw team'}?`,
    goal: (w) => `Wat zou ${w.company ?? 'uw team'} dit jaar het liefst verbeteren?`,
    obstacle: (w) => `Wat is dit kwartaal het grootste obstakel voor ${w.company ?? 'uw team'}?`,
    fit: () => 'Als dit niet past, is een kort nee helemaal prima.',
    bump: () => 'Ik zet dit bericht nog even bovenaan, voor het geval het is ondergesneeuwd.',
    shortAnswer: () => 'Eén woord is genoeg: ja, later of nee.',
    breakup: (w) => [
      'Omdat ik niets van u heb gehoord, ga ik ervan uit dat het nu niet uitkomt en stuur ik geen berichten meer.',
      `Als ${w.offering ?? 'dit'} later interessant wordt voor ${w.company ?? 'u'}, beantwoord dan gewoon deze e-mail.`,
    ],
    asks: [
      (w) => `Zou iets vergelijkbaars werken voor ${w.company ?? 'uw team'}?`,
      () => 'Is dat een kort gesprek waard?',
      () => 'Zal ik u wat meer details sturen?',
      (w) => `Zou dat nuttig zijn voor ${w.company ?? 'u'}?`,
    ],
    linkAgain: (url) => `Als dat makkelijker is, kunt u hier een moment kiezen: ${url}`,
  },
  linkedin: { connect: (w) => `Ik zou graag met u connecten${w.company ? ` bij ${w.company}` : ''}.`, thanks: 'Bedankt voor het connecten.' },
  call: {
    opening: (first, caller, w) => `"Goedendag${first ? ` ${first}` : ''}, u spreekt met ${caller ?? 'mij'}${w.sender ? ` van ${w.sender}` : ''}. Komt het gelegen?"`,
    labels: ['Opening', 'Reden van het gesprek', 'Waarde', 'Vraag'],
  },
  reply: { thanks: 'Bedankt voor uw reactie.', price: (price) => `De prijs is ${price}.` },
  social: { opener: () => 'Elk team dat we spreken stelt dezelfde vraag: hoe doen we meer met de mensen die we hebben?' },
  itWords: /^(?:ons (?:product|platform)|onze (?:dienst|oplossing|tool))\s+/i,
  titleWithArticle: (t) => t,
  priceLocale: 'nl-NL',
  pricePer: { one_time: '', month: ' per maand', year: ' per jaar', user_month: ' per gebruiker per maand', user_year: ' per gebruiker per jaar' },
  priceRange: (a, b) => `${a} tot ${b}`,
  priceFrom: (a) => `vanaf ${a}`,
  priceUpTo: (b) => `tot ${b}`,
};

// ---------------------------------------------------------------- Portuguese (você)

const ptIndustry = (w: Who) => (w.industry ? ` (${w.industry})` : '');
export const pt: Wording = {
  greeting: (tone, first, full) => {
    if (!first) return 'Olá,';
    return tone === 'formal' ? `Prezado(a) ${full ?? first},` : `Olá, ${first},`;
  },
  closing: { formal: 'Atenciosamente,', friendly: 'Abraço,', direct: 'Obrigado,', enthusiastic: 'Um abraço,', professional: 'Cumprimentos,' },
  subjects: [
    (w) => (w.company && w.offering ? `${w.offering} para ${w.company}` : null),
    (w) => (w.company ? `Uma pergunta para ${w.company}` : null),
    (w, first) => (first ? `${first}, uma ideia rápida` : null),
    () => 'Uma ideia rápida',
  ],
  role: [
    (w) => {
      if (w.title && w.company) return `Escrevo porque você é ${w.title} na ${w.company}${ptIndustry(w)}.`;
      if (w.title) return `Escrevo porque você é ${w.title}.`;
      if (w.company) return `Escrevo por causa do seu trabalho na ${w.company}${ptIndustry(w)}.`;
      if (w.industry) return `Escrevo porque você trabalha no setor ${w.industry}.`;
      return null;
    },
    (w) => {
      if (w.title && w.company) return `Como ${w.title} na ${w.company}${ptIndustry(w)}, você é exatamente a pessoa que eu esperava encontrar.`;
      if (w.title) return `Como ${w.title}, você é exatamente a pessoa que eu esperava encontrar.`;
      if (w.company) return `Na ${w.company}, você é exatamente a pessoa que eu esperava encontrar.`;
      return null;
    },
    (w) => {
      if (w.title && w.company) return `Entro em contato pelo seu cargo de ${w.title} na ${w.company}${ptIndustry(w)}.`;
      if (w.title) return `Entro em contato pelo seu cargo de ${w.title}.`;
      return null;
    },
  ],
  signal: {
    funding: (w, round) => `Parabéns pela rodada ${round}${w.company ? ` da ${w.company}` : ''}.`,
    hiring: (w) => `Vi que a ${w.company ?? 'sua equipe'} está contratando.`,
    technology: (w, tech) => `Vi que a ${w.company ?? 'sua equipe'} trabalha com ${tech}.`,
  },
  benefitPhrase: (w, phrase) => `Com ${w.offering}, você tem ${phrase}.`,
  benefitClause: (w, clause) => `Com ${w.offering}: ${clause}.`,
  offeringFrom: (offering, sender) => `${offering}, da ${sender},`,
  offeringOnly: (w) => `Acredito que ${w.offering}${w.sender && !w.offering!.toLowerCase().includes(w.sender.toLowerCase()) ? `, da ${w.sender},` : ''} pode ser útil para a ${w.company ?? 'sua equipe'}.`,
  noOffering: (w) => (w.sender ? `Trabalho na ${w.sender} e tenho uma ideia que pode ajudar a ${w.company ?? 'sua equipe'}.` : `Tenho uma ideia rápida que pode ajudar a ${w.company ?? 'sua equipe'}.`),
  defaultCta: 'Você teria 15 minutos para uma conversa na próxima semana?',
  follow: {
    caseStudy: (w, title, k) => [`Um exemplo que pode interessar à ${w.company ?? 'sua equipe'}: ${title}.`, `Outro resultado que pode lhe interessar: ${title}.`, `Um terceiro exemplo: ${title}.`][k % 3]!,
    painQuestion: (w, pain) => `Isso soa familiar${w.company ? ` na ${w.company}` : ''}? ${pain}.`,
    anotherBenefit: (sentence) => `Mais um detalhe: ${sentence}`,
    resource: (w, url) => `Caso ajude, aqui está uma breve apresentação${w.offering ? ` de ${w.offering}` : ''}: ${url}`,
    topic: (w, topic) => `Nesta fase surgem muitas vezes dúvidas sobre ${topic}: posso rever isso com ${w.company ?? 'a sua equipa'} em poucos minutos.`,
    referral: (w) => `Se você não for a pessoa certa, quem seria na ${w.company ?? 'sua empresa'}?`,
    timing: (w) => `Este é um bom momento, ou o próximo trimestre seria melhor para a ${w.company ?? 'sua equipe'}?`,
    currentWay: (w) => `Como a ${w.company ?? 'sua equipe'} resolve isso hoje, e está funcionando tão bem quanto você gostaria?`,
    lighterAsk: () => 'Se uma ligação for demais, posso enviar um breve resumo por escrito.',
    priority: (w) => `Isso é uma prioridade para a ${w.company ?? 'sua equipe'} neste trimestre?`,
    goal: (w) => `O que a ${w.company ?? 'sua equipe'} mais gostaria de melhorar este ano?`,
    obstacle: (w) => `Qual é o maior obstáculo para a ${w.company ?? 'sua equipe'} neste trimestre?`,
    fit: () => 'Se não fizer sentido, um simples não está ótimo.',
    bump: () => 'Estou trazendo esta mensagem de volta ao topo, caso tenha se perdido.',
    shortAnswer: () => 'Uma palavra basta: sim, mais tarde ou não.',
    breakup: (w) => [
      'Como não tive resposta, imagino que não seja o momento e não vou mais escrever.',
      `Se ${w.offering ?? 'o assunto'} se tornar relevante para a ${w.company ?? 'sua equipe'} mais tarde, é só responder a este e-mail.`,
    ],
    asks: [
      (w) => `Algo parecido funcionaria na ${w.company ?? 'sua equipe'}?`,
      () => 'Vale uma conversa rápida?',
      () => 'Posso enviar mais alguns detalhes?',
      (w) => `Isso seria útil para a ${w.company ?? 'sua equipe'}?`,
    ],
    linkAgain: (url) => `Se for mais fácil, você pode escolher um horário aqui: ${url}`,
  },
  linkedin: { connect: (w) => `Gostaria de me conectar com você${w.company ? ` na ${w.company}` : ''}.`, thanks: 'Obrigado por aceitar a conexão.' },
  call: {
    opening: (first, caller, w) => `"Olá${first ? `, ${first}` : ''}, aqui é ${caller ?? 'uma ligação rápida'}${w.sender ? ` da ${w.sender}` : ''}. É um bom momento?"`,
    labels: ['Abertura', 'Motivo da ligação', 'Valor', 'Pergunta'],
  },
  reply: { thanks: 'Obrigado pela resposta.', price: (price) => `O preço é ${price}.` },
  social: { opener: () => 'Todas as equipes com quem conversamos fazem a mesma pergunta: como fazer mais com as pessoas que temos?' },
  itWords: /^(?:nosso (?:produto|serviço)|nossa (?:plataforma|solução|ferramenta))\s+/i,
  titleWithArticle: (t) => t,
  priceLocale: 'pt-BR',
  pricePer: { one_time: '', month: ' por mês', year: ' por ano', user_month: ' por usuário por mês', user_year: ' por usuário por ano' },
  priceRange: (a, b) => `de ${a} a ${b}`,
  priceFrom: (a) => `a partir de ${a}`,
  priceUpTo: (b) => `até ${b}`,
};

// ---------------------------------------------------------------- Swedish (du: the Swedish business norm)

const svIndustry = (w: Who) => (w.industry ? ` (${w.industry})` : '');
export const sv: Wording = {
  greeting: (tone, first, full) => {
    if (!first) return 'Hej,';
    return tone === 'formal' ? `Hej ${full ?? first},` : `Hej ${first},`;
  },
  closing: { formal: 'Med vänliga hälsningar,', friendly: 'Hälsningar,', direct: 'Tack,', enthusiastic: 'Allt gott,', professional: 'Vänliga hälsningar,' },
  subjects: [
    (w) => (w.company && w.offering ? `${w.offering} för ${w.company}` : null),
    (w) => (w.company ? `En fråga till ${w.company}` : null),
    (w, first) => (first ? `${first}, en snabb idé` : null),
    () => 'En snabb idé',
  ],
  role: [
    (w) => {
      if (w.title && w.company) return `Jag hör av mig eftersom du är ${w.title} på ${w.company}${svIndustry(w)}.`;
      if (w.title) return `Jag hör av mig eftersom du är ${w.title}.`;
      if (w.company) return `Jag hör av mig med anledning av ditt arbete på ${w.company}${svIndustry(w)}.`;
      if (w.industry) return `Jag hör av mig eftersom du arbetar inom ${w.industry}.`;
      return null;
    },
    (w) => {
      if (w.title && w.company) return `Som ${w.title} på ${w.company}${svIndustry(w)} är du precis den person jag hoppades nå.`;
      if (w.title) return `Som ${w.title} är du precis den person jag hoppades nå.`;
      if (w.company) return `På ${w.company} är du precis den person jag hoppades nå.`;
      return null;
    },
    (w) => {
      if (w.title && w.company) return `Jag kontaktar dig i din roll som ${w.title} på ${w.company}${svIndustry(w)}.`;
      if (w.title) return `Jag kontaktar dig i din roll som ${w.title}.`;
      return null;
    },
  ],
  signal: {
    funding: (w, round) => `Grattis till ${round}-rundan${w.company ? ` för ${w.company}` : ''}.`,
    hiring: (w) => `Jag såg att ${w.company ?? 'ert team'} rekryterar.`,
    technology: (w, tech) => `Jag såg att ${w.company ?? 'ert team'} arbetar med ${tech}.`,
  },
  benefitPhrase: (w, phrase) => `Med ${w.offering} får ni ${phrase}.`,
  benefitClause: (w, clause) => `Med ${w.offering}: ${clause}.`,
  offeringFrom: (offering, sender) => `${offering} från ${sender}`,
  offeringOnly: (w) => `Jag tror att ${w.offering}${w.sender && !w.offering!.toLowerCase().includes(w.sender.toLowerCase()) ? ` från ${w.sender}` : ''} kan vara användbart för ${w.company ?? 'ert team'}.`,
  noOffering: (w) => (w.sender ? `Jag arbetar på ${w.sender} och har en idé som kan hjälpa ${w.company ?? 'ert team'}.` : `Jag har en snabb idé som kan hjälpa ${w.company ?? 'ert team'}.`),
  defaultCta: 'Har du 15 minuter för ett kort samtal nästa vecka?',
  follow: {
    caseStudy: (w, title, k) => [`Ett exempel som kan vara intressant för ${w.company ?? 'er'}: ${title}.`, `Ett annat resultat som kan intressera dig: ${title}.`, `Ett tredje exempel: ${title}.`][k % 3]!,
    painQuestion: (w, pain) => `Låter det bekant${w.company ? ` på ${w.company}` : ''}? ${pain}.`,
    anotherBenefit: (sentence) => `En detalj till: ${sentence}`,
    resource: (w, url) => `Om det hjälper finns en kort översikt${w.offering ? ` av ${w.offering}` : ''} här: ${url}`,
    topic: (w, topic) => `I det här skedet dyker det ofta upp frågor om ${topic}: jag går gärna igenom det för ${w.company ?? 'ert team'} på några minuter.`,
    referral: (w) => `Om du inte är rätt person, vem på ${w.company ?? 'företaget'} skulle vara det?`,
    timing: (w) => `Passar det att titta på detta nu, eller vore nästa kvartal bättre för ${w.company ?? 'er'}?`,
    currentWay: (w) => `Hur löser ${w.company ?? 'ert team'} det här i dag, och fungerar det så bra som du vill?`,
    lighterAsk: () => 'Om ett samtal är för mycket skickar jag gärna en kort skriftlig översikt i stället.',
    priority: (w) => `Är det här en prioritet för ${w.company ?? 'ert team'} detta kvartal?`,
    goal: (w) => `Vad skulle ${w.company ?? 'ert team'} helst vilja förbättra i år?`,
    obstacle: (w) => `Vad är det största hindret för ${w.company ?? 'ert team'} detta kvartal?`,
    fit: () => 'Om det inte passar går det alldeles utmärkt med ett kort nej.',
    bump: () => 'Jag lyfter upp det här meddelandet igen ifall det försvann i inkorgen.',
    shortAnswer: () => 'Ett ord räcker: ja, senare eller nej.',
    breakup: (w) => [
      'Eftersom jag inte har hört något antar jag att tidpunkten inte passar, så jag hör inte av mig mer.',
      `Om ${w.offering ?? 'det här'} blir aktuellt för ${w.company ?? 'er'} längre fram räcker det att svara på det här mejlet.`,
    ],
    asks: [
      (w) => `Skulle något liknande fungera för ${w.company ?? 'er'}?`,
      () => 'Värt ett kort samtal?',
      () => 'Ska jag skicka lite mer information?',
      (w) => `Skulle det vara användbart för ${w.company ?? 'er'}?`,
    ],
    linkAgain: (url) => `Om det är enklare kan du välja en tid här: ${url}`,
  },
  linkedin: { connect: (w) => `Jag skulle gärna vilja knyta kontakt med dig${w.company ? ` på ${w.company}` : ''}.`, thanks: 'Tack för att du accepterade.' },
  call: {
    opening: (first, caller, w) => `"Hej${first ? ` ${first}` : ''}, det här är ${caller ?? 'ett kort samtal'}${w.sender ? ` från ${w.sender}` : ''}. Passar det just nu?"`,
    labels: ['Inledning', 'Anledning till samtalet', 'Värde', 'Fråga'],
  },
  reply: { thanks: 'Tack för ditt svar.', price: (price) => `Priset är ${price}.` },
  social: { opener: () => 'Alla team vi pratar med ställer samma fråga: hur gör vi mer med de personer vi har?' },
  itWords: /^(?:vår (?:produkt|tjänst|plattform|lösning))\s+/i,
  titleWithArticle: (t) => t,
  priceLocale: 'sv-SE',
  pricePer: { one_time: '', month: ' per månad', year: ' per år', user_month: ' per användare och månad', user_year: ' per användare och år' },
  priceRange: (a, b) => `${a} till ${b}`,
  priceFrom: (a) => `från ${a}`,
  priceUpTo: (b) => `upp till ${b}`,
};

const PACKS: Record<string, Wording> = { en, de, fr, es, it, nl, pt, sv };

/** The pack for a language tag ("de", "de-AT", "German" all give German); unknown languages get English, reported. */
export function composerLanguage(language: string | null | undefined): { language: string; wording: Wording; fallbackFrom: string | null } {
  const raw = (language ?? '').trim().toLowerCase();
  const names: Record<string, string> = { english: 'en', german: 'de', deutsch: 'de', french: 'fr', français: 'fr', francais: 'fr', spanish: 'es', español: 'es', espanol: 'es', italian: 'it', italiano: 'it', dutch: 'nl', nederlands: 'nl', portuguese: 'pt', português: 'pt', swedish: 'sv', svenska: 'sv' };
  const tag = names[raw] ?? raw.split(/[-_]/)[0] ?? '';
  if (!tag || tag === 'en') return { language: 'en', wording: en, fallbackFrom: null };
  const pack = PACKS[tag];
  return pack ? { language: tag, wording: pack, fallbackFrom: null } : { language: 'en', wording: en, fallbackFrom: tag };
}

export const COMPOSER_LANGUAGES = Object.keys(PACKS);