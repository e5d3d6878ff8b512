import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { SocialNetwork, SocialPostTone } from '@shared/schemas/brand-awareness';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { accounts, messagingSettings, offerings, onboardingAnswers, personas, virtualEmployeePersonas, type VirtualEmployeeRow } from '../../db/schema';
import { cleanSocialPost, composerProvider, SOCIAL_POST_MAX_TOKENS, SOCIAL_POST_SYSTEM, socialPostPrompt, textProviderFor, type SocialPostContext } from '../ai';
import { richTextToPlain } from '../messaging/generate';

/**
 * What a virtual employee's posts are written from: the account's business information (the default
 * messaging setting's offering, case studies and language, the offerings, the personas the employee works
 * and their problems, the onboarding answers), and the topic suggestions drawn from the same.
 */

export type Material = Omit<SocialPostContext, 'kind' | 'network' | 'topic' | 'tone' | 'seed' | 'earlier'> & { suggestions: string[] };

const sentences = (s: string) =>
  s
    .split(/(?<=[.!?])\s+|\n+/)
    .map((x) => x.trim().replace(/^[-*•]\s*/, ''))
    .filter((x) => x.length >= 8);
const stripEnd = (s: string) => s.trim().replace(/[.!?:;,]+$/, '');

export async function materialFor(db: Db, accountId: number, employee: VirtualEmployeeRow): Promise<Material> {
  const [account] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId));
  const [setting] = await db
    .select()
    .from(messagingSettings)
    .where(and(eq(messagingSettings.accountId, accountId), isNull(messagingSettings.personaId)))
    .limit(1);
  const offeringRows = await db.select().from(offerings).where(eq(offerings.accountId, accountId)).orderBy(asc(offerings.id)).limit(10);
  const offering = offeringRows.find((o) => o.id === setting?.offeringId) ?? offeringRows[0] ?? null;
  const worked = await db
    .select({ personaId: virtualEmployeePersonas.personaId })
    .from(virtualEmployeePersonas)
    .where(and(eq(virtualEmployeePersonas.accountId, accountId), eq(virtualEmployeePersonas.virtualEmployeeId, employee.id)));
  const personaRows = await db
    .select()
    .from(personas)
    .where(and(eq(personas.accountId, accountId), worked.length ? inArray(personas.id, worked.map((w) => w.personaId)) : undefined))
    .orderBy(asc(personas.id))
    .limit(10);
  const answers = await db.select({ answers: onboardingAnswers.answers }).from(onboardingAnswers).where(eq(onboardingAnswers.accountId, accountId)).limit(5);
  const onboardingProblems = answers.map((a) => (a.answers['problem-solving'] as { problem?: unknown } | undefined)?.problem).filter((p): p is string => typeof p === 'string');
  const companyName = answers.map((a) => (a.answers['your-website'] as { company_name?: unknown } | undefined)?.company_name).find((n): n is string => typeof n === 'string' && !!n.trim());

  const problems = [...new Set([...onboardingProblems.flatMap(sentences), ...personaRows.flatMap((p) => sentences(p.description ?? ''))].map(stripEnd))].slice(0, 8);
  const caseStudies = (setting?.caseStudies ?? []).map((c) => ({ title: c.title, summary: c.summary }));
  const company = companyName?.trim() || account?.name || null;

  const suggestions = [
    ...problems.filter((p) => p.length <= 140),
    ...offeringRows.map((o) => `What we learned building ${o.name}`),
    ...caseStudies.filter((c) => c.title.trim()).map((c) => `Customer story: ${stripEnd(c.title)}`),
    ...personaRows.map((p) => `What ${p.name} ask us most`),
    ...(company ? [`Behind the scenes at ${company}`] : []),
  ];
  return {
    language: setting?.language || 'en',
    author: { name: employee.name, title: employee.title },
    company: { name: company },
    offering: offering ? { name: offering.name, description: richTextToPlain(offering.description).slice(0, 2000) } : null,
    audience: personaRows.length ? personaRows.slice(0, 2).map((p) => p.name).join(' and ') : null,
    problems,
    caseStudies,
    suggestions: [...new Set(suggestions.map((s) => s.trim()).filter(Boolean))].slice(0, 12),
  };
}

export type WrittenPost = { content: string; writtenBy: string };

/**
 * One post, written by the configured text provider. When a model is configured but fails (down, timed
 * out, an empty answer) the built-in composer writes it, so a planned slot is never left without a post;
 * `writtenBy` says which did.
 */
export async function writePost(
  config: Config,
  material: Material,
  input: { network: SocialNetwork; topic: string; tone: SocialPostTone; seed: number; earlier: string[] },
  signal?: AbortSignal,
): Promise<WrittenPost> {
  const { suggestions: _unused, ...rest } = material;
  void _unused;
  const context: SocialPostContext = { kind: 'social_post', ...rest, ...input };
  const provider = textProviderFor(config);
  const request = { system: SOCIAL_POST_SYSTEM, prompt: socialPostPrompt(context), maxTokens: SOCIAL_POST_MAX_TOKENS, timeoutMs: config.ai.timeoutMs, context, signal };
  if (provider !== composerProvider) {
    try {
      const text = cleanSocialPost(await provider.generate(request));
      if (text.length >= 40) return { content: text, writtenBy: provider.name };
    } catch {
      // The composer below writes it; the post says so (written_by).
    }
  }
  return { content: await composerProvider.generate(request), writtenBy: composerProvider.name };
}
