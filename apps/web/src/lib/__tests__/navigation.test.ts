import { describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES } from '@shared/errors';
import { resolveNavigation, safeNavigate } from '../navigation';

const origin = 'https://app.example.com';

describe('resolveNavigation', () => {
  it('keeps same-origin paths internal', () => {
    expect(resolveNavigation('/cabinet/inbox?x=1#top', {}, origin)).toEqual({ kind: 'internal', path: '/cabinet/inbox?x=1#top' });
    expect(resolveNavigation('https://app.example.com/auth/signin', {}, origin)).toEqual({ kind: 'internal', path: '/auth/signin' });
  });

  it('refuses external URLs unless asked for with external: true', () => {
    expect(resolveNavigation('https://evil.example.org/x', {}, origin)).toEqual({
      kind: 'refused',
      reason: ERROR_MESSAGES.externalNavigationRefused('https://evil.example.org/x'),
    });
    expect(resolveNavigation('//evil.example.org/x', {}, origin).kind).toBe('refused');
    expect(resolveNavigation('https://calendly.com/x', { external: true }, origin)).toEqual({ kind: 'external', url: 'https://calendly.com/x' });
    expect(resolveNavigation('mailto:a@b.c', { external: true }, origin).kind).toBe('external');
  });

  it.each(['javascript:alert(1)', 'JavaScript:alert(1)', '  javascript:alert(1)', 'java\tscript:alert(1)', '\u0001javascript:void(0)'])(
    'always refuses the script URL %j, even with external: true',
    (url) => {
      const target = resolveNavigation(url, { external: true }, origin);
      expect(target).toEqual({ kind: 'refused', reason: ERROR_MESSAGES.scriptNavigationRefused(url) });
    },
  );
});

describe('safeNavigate', () => {
  it('navigates in the router for internal paths', () => {
    const navigate = vi.fn();
    expect(safeNavigate(navigate, '/cabinet', { replace: true })).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/cabinet', { replace: true });
  });

  it('logs and refuses external and javascript: URLs', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const navigate = vi.fn();
    const assign = vi.fn();
    expect(safeNavigate(navigate, 'https://other.example/', {}, assign)).toBe(false);
    expect(safeNavigate(navigate, 'javascript:alert(1)', { external: true }, assign)).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledWith(ERROR_MESSAGES.scriptNavigationRefused('javascript:alert(1)'));
    error.mockRestore();
  });

  it('leaves the app for an external URL only when asked', () => {
    const navigate = vi.fn();
    const assign = vi.fn();
    expect(safeNavigate(navigate, 'https://other.example/', { external: true }, assign)).toBe(true);
    expect(assign).toHaveBeenCalledWith('https://other.example/');
    expect(navigate).not.toHaveBeenCalled();
  });
});
