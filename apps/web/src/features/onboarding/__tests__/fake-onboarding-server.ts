import type { InternalAxiosRequestConfig } from 'axios';
import { nextOnboardingStep, onboardingStepSchemas, type OnboardingState, type OnboardingStepSlug } from '@shared/schemas/onboarding';
import type { FakeReply } from '@web/testing/fake-adapter';

/**
 * The onboarding API faked at the axios adapter: it keeps answers, validates each step with the
 * shared schema as the server does, and lets a test script the other routes' answers.
 */
export function fakeOnboardingServer(initial: Partial<OnboardingState> = {}) {
  const state: OnboardingState = {
    current_step: 'index',
    answers: {},
    draft: null,
    prefill: { name: null, photo_url: null, job_title: null, phone: null, phone_verified: false, domain: null },
    finished: false,
    ...initial,
  };
  const overrides = new Map<string, (config: InternalAxiosRequestConfig) => FakeReply>();
  const handle = (config: InternalAxiosRequestConfig): FakeReply => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const override = overrides.get(`${method} ${url}`);
    if (override) return override(config);
    const body = typeof config.data === 'string' ? (JSON.parse(config.data) as Record<string, unknown>) : {};
    if (method === 'GET' && url === '/onboarding') return { status: 200, data: { data: state } };
    const step = /^\/onboarding\/steps\/([a-z-]+)$/.exec(url);
    if (method === 'PUT' && step) {
      const slug = step[1] as OnboardingStepSlug;
      const parsed = onboardingStepSchemas[slug].safeParse(body);
      if (!parsed.success) return { status: 422, data: { errors: parsed.error.issues.map((i) => i.message) } };
      (state.answers as Record<string, unknown>)[slug] = parsed.data;
      state.current_step = nextOnboardingStep(slug);
      return { status: 200, data: { data: state } };
    }
    if (method === 'POST' && url === '/finish_onboarding') {
      state.finished = true;
      return { status: 200, data: { data: { id: 1, email: 'ada@example.com', name: 'Ada', onboarding_finished: true } } };
    }
    return { status: 404, data: { errors: [`No fake for ${method} ${url}`] } };
  };
  return { state, handle, on: (key: string, reply: (config: InternalAxiosRequestConfig) => FakeReply) => overrides.set(key, reply) };
}
