import { apiErrorMessages, createApi, createApiClient } from '@shared/api';
import { isSignedIn, readServer, storageHeaderStore, type LocalStore } from '../popup/settings';
import type { SearchApi } from './search-capture';

/**
 * The saved-search calls with the popup's server and auth headers (storage.local), read afresh on every
 * use: the worker may have slept through a sign-in or a sign-out. Null when signed out.
 */
export async function searchApiFrom(local: LocalStore): Promise<SearchApi | null> {
  if (!(await isSignedIn(local))) return null;
  // A 401 clears the stored headers (the client does): the popup then shows the sign-in view.
  const api = createApi(createApiClient({ baseUrl: await readServer(local), headerStore: storageHeaderStore(local), onUnauthorized: () => undefined }));
  return { list: () => api.linkedInSearches.list(), addResults: (id, body) => api.linkedInSearches.addResults(id, body) };
}

/** The server's own words when it gave some, else why the call failed. */
export function searchErrorText(error: unknown): string {
  const messages = apiErrorMessages(error);
  return messages.length > 0 ? messages.join(' ') : 'Could not reach the server to save these results';
}
