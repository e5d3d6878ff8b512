import { describe, expect, it, vi } from 'vitest';
import { PAGE_RELOAD_GUARD_MS } from '@shared/constants';
import { isChunkLoadError, reloadForChunkError } from '../chunk-reload';

describe('chunk load failures', () => {
  it('recognises dynamic import failures', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Something else'))).toBe(false);
    expect(isChunkLoadError('nope')).toBe(false);
  });

  it('reloads the target route at most once per PAGE_RELOAD_GUARD_MS', () => {
    const storage = window.sessionStorage;
    const reload = vi.fn();
    expect(reloadForChunkError('/cabinet/inbox', { now: 100_000, storage, reload })).toBe(true);
    expect(reload).toHaveBeenCalledWith('/cabinet/inbox');
    expect(reloadForChunkError('/cabinet/inbox', { now: 100_000 + PAGE_RELOAD_GUARD_MS - 1, storage, reload })).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadForChunkError('/cabinet/inbox', { now: 100_000 + PAGE_RELOAD_GUARD_MS, storage, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
