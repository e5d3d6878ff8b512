import type { Config } from '../../config';
import { composerProvider } from './composer';
import { openAiCompatibleProvider } from './openai';
import type { TextProvider } from './provider';

export * from './provider';
export { composeMessage, composeThread, composerProvider, onboardingDraftSource } from './composer';
export { composerLanguage, COMPOSER_LANGUAGES } from './composer-wording';
export { openAiCompatibleProvider } from './openai';
export { composeSocialPost, SOCIAL_POST_COMPOSER_LIMITS } from './compose-social-post';
export { SOCIAL_POST_SYSTEM, SOCIAL_POST_MAX_TOKENS, socialPostPrompt, cleanSocialPost } from './prompts';

const cache = new WeakMap<Config, TextProvider>();

/** The configured text provider: chat completions when AI_BASE_URL is set, else the built-in composer. */
export function textProviderFor(config: Config): TextProvider {
  let provider = cache.get(config);
  if (!provider) {
    provider = config.ai.baseUrl ? openAiCompatibleProvider({ baseUrl: config.ai.baseUrl, apiKey: config.ai.apiKey, model: config.ai.model }) : composerProvider;
    cache.set(config, provider);
  }
  return provider;
}
