import { createApi, createApiClient, type ApiClient, type HeaderStore } from '@shared/api';
import { paths, isOpenPath } from '@web/config/paths';
import { readAuthCookie } from '@web/lib/auth-cookie';
import { queryClient } from '@web/lib/query-client';
import { useAuthStore } from '@web/stores/auth';

/** The web app's header store: the auth cookie, mirrored into the auth store for the UI. */
export const cookieHeaderStore: HeaderStore = {
  get: () => readAuthCookie(),
  set: (headers) => useAuthStore.getState().setHeaders(headers),
  clear: () => useAuthStore.getState().clear(),
};

/**
 * Spec §2/§8: a 401 clears the headers (done by the client) and sends the user to /auth/signin.
 * A wrong password on the sign-in form is a 401 too: the user is already where they should be, so
 * we stay and let the form show the server's message.
 */
export function handleUnauthorized(): void {
  queryClient.clear();
  const { pathname } = window.location;
  if (isOpenPath(pathname)) return;
  window.location.assign(paths.auth.signin.getHref());
}

export function createWebApiClient(onUnauthorized: () => void = handleUnauthorized): ApiClient {
  return createApiClient({ baseUrl: '', headerStore: cookieHeaderStore, onUnauthorized });
}

/** The one API client of the web app. */
export const api = createApi(createWebApiClient());
export type WebApi = typeof api;
