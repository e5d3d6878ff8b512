import { describe, expect, it } from 'vitest';
import { isWebRoute, WEB_ROUTE_PATTERNS } from '@shared/web-routes';
import { routeDefs } from '../routes';

type Def = { path?: string; index?: boolean; children?: Def[] };

/** Every full page path of the router's table (index routes are their parent's path; '*' is the 404 page). */
function pagePaths(defs: readonly Def[], parent = ''): string[] {
  return defs.flatMap((def) => {
    if (def.path === '*') return [];
    const full = def.index ? parent || '/' : def.path?.startsWith('/') ? def.path : `${parent}/${def.path ?? ''}`;
    return [full, ...(def.children ? pagePaths(def.children, full) : [])];
  });
}

describe('the shared list of web pages', () => {
  it('is exactly the router table (the server answers 404 for anything else)', () => {
    expect([...new Set(pagePaths(routeDefs as Def[]))].sort()).toEqual([...WEB_ROUTE_PATTERNS].sort());
  });

  it('matches pages with their params and nothing else', () => {
    expect(isWebRoute('/cabinet')).toBe(true);
    expect(isWebRoute('/cabinet/')).toBe(true);
    expect(isWebRoute('/business-information/personas/12')).toBe(true);
    expect(isWebRoute('/cabinet/chat/abc')).toBe(true);
    expect(isWebRoute('/cabinet/onboarding/price')).toBe(true);
    expect(isWebRoute('/cabinet/onboarding/no-such-step')).toBe(false);
    expect(isWebRoute('/no-such-page')).toBe(false);
    expect(isWebRoute('/cabinet/chat/1/more')).toBe(false);
  });
});
