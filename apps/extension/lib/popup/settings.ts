import { completeAuthHeaders, type HeaderStore } from '@shared/api';
import type { AuthHeaders } from '@shared/schemas/auth';

/**
 * The popup's settings in storage.local: the API server's origin (chosen on the sign-in view) and the
 * auth headers (the web app keeps them in a cookie; the popup has no cookie of the API's origin).
 */
export type LocalStore = {
  get(keys: string | string[]): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: string | string[]): Promise<void>;
};

export const SERVER_KEY = 'api_origin';
export const HEADERS_KEY = 'auth_headers';
export const DEFAULT_SERVER: string = (import.meta.env.WXT_API_ORIGIN as string | undefined) || 'http://localhost:3000';

/** An http(s) origin without a trailing slash or path, or null when the text is not one. */
export function normalizeServer(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(text) ? text : `http://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.origin;
}

export async function readServer(store: LocalStore): Promise<string> {
  const v = (await store.get(SERVER_KEY))[SERVER_KEY];
  return (typeof v === 'string' && normalizeServer(v)) || DEFAULT_SERVER;
}

export async function writeServer(store: LocalStore, origin: string): Promise<void> {
  await store.set({ [SERVER_KEY]: origin });
}

export function storageHeaderStore(store: LocalStore): HeaderStore {
  return {
    async get() {
      const v = (await store.get(HEADERS_KEY))[HEADERS_KEY];
      return v && typeof v === 'object' ? (v as Partial<AuthHeaders>) : null;
    },
    async set(headers) {
      await store.set({ [HEADERS_KEY]: headers });
    },
    async clear() {
      await store.remove(HEADERS_KEY);
    },
  };
}

export async function isSignedIn(store: LocalStore): Promise<boolean> {
  return completeAuthHeaders(await storageHeaderStore(store).get()) !== null;
}
