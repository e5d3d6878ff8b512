import { z } from 'zod';
import type { GeneratedText } from '@shared/schemas/messaging';
import { canDraftOnboardingSection, type OnboardingDraft } from '@shared/schemas/onboarding';
import { unprocessable } from '../../lib/http-error';
import type { AuthContext, Deps } from '../../lib/route';
import { onboardingDraftSource, textProviderFor, TextProviderError, type OnboardingInfoContext } from '../ai';
import { defineGeneration, runGeneration, type GenerationAnswer } from '../ai/jobs';
import { ONBOARDING_INFO_MAX_TOKENS, ONBOARDING_INFO_SECTIONS, ONBOARDING_INFO_SYSTEM, onboardingInfoPrompt, parseOnboardingInfo } from '../ai/prompts';
import { recordActivity } from '../activities/service';
import { onboardingInfoContext, savedDraft, saveDraft } from './service';

export const MESSAGES = {
  nothingToDraft: 'There is nothing to draft from yet. First tell us what your company does (step “Your website”), then ask AI again.',
} as const;

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The durable part: the provider writes the draft, which is kept (the user edits it before accepting). */
const onboardingGeneration = defineGeneration(
  'onboarding_info',
  z.object({ context: z.custom<OnboardingInfoContext>((v) => typeof v === 'object' && v !== null) }),
  async (deps, who, { context }): Promise<GeneratedText> => {
    const provider = textProviderFor(deps.config);
    const raw = await provider.generate({
      system: ONBOARDING_INFO_SYSTEM,
      prompt: onboardingInfoPrompt(context),
      maxTokens: ONBOARDING_INFO_MAX_TOKENS,
      timeoutMs: deps.config.ai.timeoutMs,
      context,
    });
    const parsed = parseOnboardingInfo(raw);
    if (!Object.values(parsed).some(Boolean)) throw new TextProviderError('The AI text provider did not write the draft in the expected sections', 502);
    await saveDraft(deps.db, who, parsed);
    await recordActivity(deps.db, {
      accountId: who.account.id,
      actorType: 'user',
      actorId: who.user.id,
      verb: 'message_generated',
      payload: { kind: 'onboarding_info', provider: provider.name },
    });
    const text = ONBOARDING_INFO_SECTIONS.map(([key, label]) => `${label}: ${parsed[key]}`).join('\n\n');
    const html = ONBOARDING_INFO_SECTIONS.map(([key, label]) => `<p><strong>${label}</strong><br>${escapeHtml(parsed[key]).replace(/\n/g, '<br>')}</p>`).join('');
    return { text, html, subject: null, prospect_id: null, persona_id: null, messaging_setting_id: null, provider: provider.name };
  },
);

/**
 * generate_onboarding_info: drafts the value proposition, problem, solution, differentiators and
 * ideal customer from the saved answers through the configured text provider, and keeps the draft in
 * onboarding_answers.draft (the user edits it before accepting). The generation contract is the one of
 * every generating route: 200 with the result when ready, else 202 and a job to poll; after a 202 the
 * draft is read from GET onboarding once the job has succeeded.
 */
export async function generateOnboardingInfo(deps: Deps, auth: AuthContext): Promise<GenerationAnswer & { draft: OnboardingDraft | null }> {
  const context = await onboardingInfoContext(deps, auth);
  // Nothing to write any section from: say what to answer first rather than draft an empty shell.
  const source = onboardingDraftSource(context);
  if (!ONBOARDING_INFO_SECTIONS.some(([section]) => canDraftOnboardingSection(section, source))) throw unprocessable(MESSAGES.nothingToDraft);
  const answer = await runGeneration(deps, auth, onboardingGeneration, { context });
  return { ...answer, draft: answer.status === 200 ? await savedDraft(deps.db, auth) : null };
}
