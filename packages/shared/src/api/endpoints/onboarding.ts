import type { ApiClient } from '../client';
import type { User } from '../../schemas/auth';

export function onboardingEndpoints(http: ApiClient) {
  return {
    /** Marks onboarding done; the cabinet opens from now on. */
    finish: () => http.post<{ data: User }>('/finish_onboarding').then((r) => r.data.data),
  };
}
