import { PAGE_RELOAD_GUARD_MS } from '@shared/constants';

const STORAGE_KEY = 'page-chunk-reload-at';

/** A page chunk that failed to download (usually a deploy replaced the hashed files). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
      error.message,
    )
  );
}

type Deps = { now?: number; storage?: Pick<Storage, 'getItem' | 'setItem'>; reload?: (url: string) => void };

/**
 * Spec §8/§9: a failed page chunk reloads the target route fully, at most once per
 * PAGE_RELOAD_GUARD_MS (remembered in sessionStorage, so the guard survives the reload).
 * Returns true when a reload was started.
 */
export function reloadForChunkError(url: string, deps: Deps = {}): boolean {
  const now = deps.now ?? Date.now();
  const storage = deps.storage ?? window.sessionStorage;
  const reload = deps.reload ?? ((u: string) => window.location.assign(u));
  let last: number;
  try {
    last = Number(storage.getItem(STORAGE_KEY) ?? 0) || 0;
  } catch {
    last = 0;
  }
  if (now - last < PAGE_RELOAD_GUARD_MS) return false;
  try {
    storage.setItem(STORAGE_KEY, String(now));
  } catch {
    // Without storage we cannot guard against a loop, so do not reload.
    return false;
  }
  reload(url);
  return true;
}
