import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Api } from '@shared/api';
import { getBrand } from '@shared/brands';
import { LinkedInTasksPanel } from './linkedin-tasks-panel';

// The first paint only (no effects run on the server renderer): whether the section exists at all.
const render = (holderId: number) => renderToStaticMarkup(createElement(LinkedInTasksPanel, { api: {} as Api, onUnreachable: () => undefined, brand: getBrand(holderId) }));

describe('the popup\'s Today on LinkedIn section', () => {
  it('is there, loading, where the brand offers LinkedIn', () => {
    const html = render(0);
    expect(html).toContain('Today on LinkedIn');
    expect(html).toContain('Loading today’s LinkedIn tasks…');
  });

  it('does not exist where the brand\'s LinkedIn flag is off', () => {
    for (const id of [4, 7, 9]) expect(render(id)).toBe('');
  });
});
