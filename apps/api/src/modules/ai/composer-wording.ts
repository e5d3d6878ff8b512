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
  greeting: (tone: Tone, first: string | null, full: string | null) => string;
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
  greeting: (tone, first, full) => {
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
  itWords: /^(?:es|unser (?:produkt|service|tool)|unsere (?:plattform|lösung|software))\s+/i,
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
  itWords: /^(?:il|elle|notre (?:produit|service|outil|plateforme|solution))\s+/i,
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

const PACKS: Record<string, Wording> = { en, de, fr, es };

/** The pack for a language tag ("de", "de-AT", "German" all give German); unknown languages get English, reported. */
export function composerLanguage(language: string | null | undefined): { language: string; wording: Wording; fallbackFrom: string | null } {
  const raw = (language ?? '').trim().toLowerCase();
  const names: Record<string, string> = { english: 'en', german: 'de', deutsch: 'de', french: 'fr', français: 'fr', francais: 'fr', spanish: 'es', español: 'es', espanol: 'es' };
  const tag = names[raw] ?? raw.split(/[-_]/)[0] ?? '';
  if (!tag || tag === 'en') return { language: 'en', wording: en, fallbackFrom: null };
  const pack = PACKS[tag];
  return pack ? { language: tag, wording: pack, fallbackFrom: null } : { language: 'en', wording: en, fallbackFrom: tag };
}

export const COMPOSER_LANGUAGES = Object.keys(PACKS);