import { api } from '@web/lib/api';
import { queryClient } from '@web/lib/query-client';
import { useAuthStore } from '@web/stores/auth';

/** DELETE auth/sign_out (revokes this client's token), then forget the session locally either way. */
export async function signOut(): Promise<void> {
  try {
    await api.auth.signOut();
  } catch (error) {
    console.warn('Sign-out request failed; clearing the local session anyway', error);
  } finally {
    useAuthStore.getState().clear();
    queryClient.clear();
  }
}
