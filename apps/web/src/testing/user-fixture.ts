import type { User } from '@shared/schemas/auth';

/** The signed-in user as GET user_info answers it (Ada, onboarding done, on the trial). */
export function userFixture(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    account_id: 1,
    email: 'ada@example.com',
    uid: 'ada@example.com',
    provider: 'email',
    name: 'Ada',
    phone: null,
    image: null,
    confirmed: true,
    onboarding_finished: true,
    tariff_plan: 'Trial',
    holder_id: 0,
    created_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}
