/**
 * One interface for generating text. Two implementations: the OpenAI-compatible chat-completions
 * client (openai.ts, when AI_BASE_URL is set; local model servers too) and the built-in deterministic
 * composer (composer.ts, the embedded default) that writes from the user's own data in `context`.
 */

/** Everything a message is written from; the composer reads it, prompts.ts turns it into a prompt. */
export type CompositionContext = {
  kind: 'example_message';
  /** Message category (message instructions by categories); cold_email when absent. */
  category?: string | null;
  company: { name: string | null; senderName: string | null };
  offering: { name: string; description: string; priceMin: number | null; priceMax: number | null; currency: string; pricePeriod: string; url: string | null } | null;
  persona: { name: string; description: string | null } | null;
  prospect: {
    fullName: string | null;
    firstName: string | null;
    title: string | null;
    company: string | null;
    location: string | null;
    headline: string | null;
    industry?: string | null;
    /** One fact worth opening with, when the data has one. */
    signal?: ProspectSignal | null;
  };
  setting: {
    toneVoice: string;
    language: string;
    callToAction: string;
    caseStudies: Array<{ title: string; summary: string; url: string | null }>;
    /** Plain text of the rich-text fields. */
    messageGuidelines: string;
    instructionsScript: string;
    signatureText: string;
  };
  /** Plain text of the category's instruction, when generating for one. */
  instructions?: string | null;
  /**
   * The step of the sequence (1 = the first message, 2… = the follow-ups of the follow-up settings,
   * which answer in the same thread: the engine sets "Re:" and the threading headers). Absent: 1, or 2
   * for the follow_up category.
   */
  step?: number;
  /** Steps in the whole sequence (1 + number_of_followups): the last follow-up closes the loop. */
  steps?: number;
  /** The bodies already written for the earlier steps of this thread (for the HTTP provider: not to repeat them). */
  earlier?: string[];
  /**
   * Topics the prospect's company has been reading about on the account's website (page titles, issue 28), for a
   * follow-up to address. The message may speak to the topic; it never says or implies that anyone saw a visit.
   */
  interest?: { topics: string[] } | null;
};

export type ProspectSignal = { kind: 'funding'; round: string } | { kind: 'hiring' } | { kind: 'technology'; name: string };

/** Everything the onboarding draft (generate_onboarding_info) is written from: the user's answers. */
export type OnboardingInfoContext = {
  kind: 'onboarding_info';
  company: { name: string | null; domain: string | null; description: string | null };
  user: { name: string | null; jobTitle: string | null; position: string | null };
  offeringName: string | null;
  problem: string | null;
  solution: string | null;
  different: string | null;
  customers: { personaName: string | null; jobTitles: string[]; industries: string[]; companySizes: string[]; locations: string[] };
  price: { min: number | null; max: number | null; currency: string; period: string } | null;
  expectations: { meetingsPerMonth: number; markets: string[] } | null;
};

/** Everything a virtual employee's social post is written from (modules/brand-awareness). */
export type SocialPostContext = {
  kind: 'social_post';
  network: 'linkedin';
  topic: string;
  tone: 'professional' | 'friendly' | 'thoughtful' | 'bold' | 'witty';
  language: string;
  author: { name: string; title: string | null };
  company: { name: string | null };
  offering: { name: string; description: string } | null;
  /** Who the posts speak to (the personas the employee works), by name. */
  audience: string | null;
  /** The customers' problems in the user's own words (personas, business information). */
  problems: string[];
  caseStudies: Array<{ title: string; summary: string }>;
  /** Picks the wording variant: posts of one week differ; the same seed writes the same post. */
  seed: number;
  /** The employee's recent posts (not to repeat them). */
  earlier: string[];
};

export type GenerateRequest = {
  system: string;
  prompt: string;
  maxTokens: number;
  timeoutMs: number;
  /** Sampling temperature for providers that have one (0 for classification); the client's default otherwise. */
  temperature?: number;
  /** The structured data behind the prompt (the composer writes from it). */
  context?: CompositionContext | OnboardingInfoContext | SocialPostContext;
  signal?: AbortSignal;
};

export interface TextProvider {
  readonly name: string;
  generate(request: GenerateRequest): Promise<string>;
}

/** A provider failure with the HTTP status the API answers: 502 (bad answer) or 504 (timeout). */
export class TextProviderError extends Error {
  constructor(
    message: string,
    readonly status: 502 | 504,
  ) {
    super(message);
    this.name = 'TextProviderError';
  }
}
