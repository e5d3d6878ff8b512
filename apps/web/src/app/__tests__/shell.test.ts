import { describe, expect, it } from 'vitest';
import { getBrand } from '@shared/brands';
import { cabinetNavItems, CABINET_NAV } from '../layouts/cabinet-nav';
import { mergeMeta } from '../route-meta';
import { colorModeClass } from '../root-shell';

describe('page colour mode (never on <html>)', () => {
  it('maps light, dark and system to a class on the page container', () => {
    expect(colorModeClass(undefined, false)).toBe('dark');
    expect(colorModeClass('dark', false)).toBe('dark');
    expect(colorModeClass('light', true)).toBe('light');
    expect(colorModeClass('system', true)).toBe('dark');
    expect(colorModeClass('system', false)).toBe('light');
  });
});

describe('route meta', () => {
  it('lets the deepest route win field by field', () => {
    expect(mergeMeta([{ layout: 'onboarding', middleware: ['onboarding'] }, { title: 'Welcome', layout: 'empty' }, undefined])).toEqual({
      layout: 'empty',
      middleware: ['onboarding'],
      title: 'Welcome',
    });
  });
});

describe('cabinet navigation', () => {
  it('shows every cabinet page for a brand with everything on', () => {
    expect(cabinetNavItems(getBrand(0)).map((i) => i.label)).toEqual(CABINET_NAV.map((i) => i.label));
  });

  it('hides the pages a brand switches off', () => {
    const labels = (id: number) => cabinetNavItems(getBrand(id)).map((i) => i.label);
    expect(labels(3)).not.toContain('Brand awareness');
    expect(labels(3)).toContain('Integrations');
    expect(labels(2)).not.toContain('Integrations');
    expect(labels(2)).toContain('Brand awareness');
  });
});
