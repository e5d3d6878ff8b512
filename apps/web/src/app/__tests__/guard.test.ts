import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@shared/errors';
import { resolveGuard } from '../guard';

const out = { signedIn: false };
const inn = { signedIn: true };
const fresh = { onboarding_finished: false };
const done = { onboarding_finished: true };

describe('resolveGuard: signed out', () => {
  it.each([
    ['/', ['public']],
    ['/auth/signin', []],
    ['/auth/signup', []],
    ['/auth/verify', []],
    ['/auth/recover', []],
    ['/auth/reset-password', []],
    ['/auth/omniauth', []],
    ['/auth', []],
    ['/extension', []],
  ])('leaves open page %s open', (pathname, middleware) => {
    expect(resolveGuard({ pathname, middleware }, out, null)).toBeNull();
  });

  it.each([
    ['/cabinet', ['cabinet']],
    ['/cabinet/inbox', ['cabinet']],
    ['/cabinet/profile-edit/password', ['cabinet']],
    ['/cabinet/onboarding', ['onboarding']],
    ['/cabinet/onboarding/price', ['onboarding']],
    // Routes for which the spec shows no middleware still need a signed-in user.
    ['/cabinet/agents', []],
    ['/cabinet/chat/12', []],
    ['/cabinet/insights', []],
    ['/cabinet/notifications', []],
    ['/cabinet/pipeline', []],
    ['/business-information/personas', []],
    ['/business-information/messaging/tone-voice', []],
    ['/tracking', []],
  ])('sends %s to /auth/signin', (pathname, middleware) => {
    expect(resolveGuard({ pathname, middleware }, out, null)).toBe('/auth/signin');
  });

  it('treats a trailing slash like the path without it', () => {
    expect(resolveGuard({ pathname: '/cabinet/', middleware: ['cabinet'] }, out, null)).toBe('/auth/signin');
    expect(resolveGuard({ pathname: '/auth/signin/', middleware: [] }, out, null)).toBeNull();
  });
});

describe('resolveGuard: signed in, onboarding not finished', () => {
  it.each([
    ['/cabinet', ['cabinet']],
    ['/cabinet/inbox', ['cabinet']],
    ['/cabinet/agents', []],
    ['/tracking', []],
    ['/business-information/followup', []],
  ])('sends %s to /cabinet/onboarding', (pathname, middleware) => {
    expect(resolveGuard({ pathname, middleware }, inn, fresh)).toBe('/cabinet/onboarding');
  });

  it('lets the user through the onboarding pages', () => {
    expect(resolveGuard({ pathname: '/cabinet/onboarding', middleware: ['onboarding'] }, inn, fresh)).toBeNull();
    expect(resolveGuard({ pathname: '/cabinet/onboarding/price', middleware: ['onboarding'] }, inn, fresh)).toBeNull();
  });

  it('sends the user from the landing page and sign-in pages to onboarding', () => {
    expect(resolveGuard({ pathname: '/', middleware: ['public'] }, inn, fresh)).toBe('/cabinet/onboarding');
    expect(resolveGuard({ pathname: '/auth/signin', middleware: [] }, inn, fresh)).toBe('/cabinet/onboarding');
    expect(resolveGuard({ pathname: '/auth/signup', middleware: [] }, inn, fresh)).toBe('/cabinet/onboarding');
  });

  it('keeps omniauth, reset-password and the extension page reachable', () => {
    for (const pathname of ['/auth/omniauth', '/auth/reset-password', '/extension']) {
      expect(resolveGuard({ pathname, middleware: [] }, inn, fresh)).toBeNull();
    }
  });
});

describe('resolveGuard: signed in, onboarding finished', () => {
  it.each([
    ['/cabinet', ['cabinet']],
    ['/cabinet/inbox', ['cabinet']],
    ['/cabinet/chat/3', []],
    ['/tracking', []],
    ['/business-information/messaging', []],
    ['/extension', []],
    ['/auth/omniauth', []],
    ['/auth/reset-password', []],
  ])('lets the user stay on %s', (pathname, middleware) => {
    expect(resolveGuard({ pathname, middleware }, inn, done)).toBeNull();
  });

  it.each([
    ['/cabinet/onboarding', ['onboarding']],
    ['/cabinet/onboarding/your-website', ['onboarding']],
    ['/auth/signin', []],
    ['/auth/signup', []],
    ['/auth/verify', []],
    ['/auth/recover', []],
    ['/', ['public']],
  ])('sends the user from %s to /cabinet', (pathname, middleware) => {
    expect(resolveGuard({ pathname, middleware }, inn, done)).toBe('/cabinet');
  });
});

describe('resolveGuard: middleware names', () => {
  it('throws for an unknown middleware name', () => {
    expect(() => resolveGuard({ pathname: '/cabinet', middleware: ['admin'] }, inn, done)).toThrow(
      ERROR_MESSAGES.unknownMiddleware('admin'),
    );
    expect(() => resolveGuard({ pathname: '/', middleware: ['nope'] }, out, null)).toThrow(ERROR_MESSAGES.unknownMiddleware('nope'));
  });

  it('never redirects to the page it is on', () => {
    expect(resolveGuard({ pathname: '/cabinet', middleware: ['cabinet'] }, inn, done)).toBeNull();
    expect(resolveGuard({ pathname: '/auth/signin', middleware: [] }, out, null)).toBeNull();
  });
});
