import { isAxiosError } from 'axios';
import type { User } from '@shared/schemas/auth';
import { hasCompleteAuthCookie } from '@web/lib/auth-cookie';
import { queryClient } from '@web/lib/query-client';
import { userInfoQueryOptions } from '@web/lib/user';
import { useAuthStore } from '@web/stores/auth';

/**
 * The signed-in user for the route guard, from user_info cached in the query client; null when the
 * session turned out to be gone (a 401: the API client has already cleared the cookie). Loaded by
 * the guard only when an auth cookie is there, so signed-out pages paint without the data layer.
 */
export async function loadSessionUser(): Promise<User | null> {
  try {
    return await queryClient.ensureQueryData(userInfoQueryOptions());
  } catch (error) {
    // A 401 clears the cookie in the API client (and the cache, which cancels this query).
    if ((isAxiosError(error) && error.response?.status === 401) || !hasCompleteAuthCookie()) {
      useAuthStore.getState().clear();
      return null;
    }
    throw error;
  }
}
