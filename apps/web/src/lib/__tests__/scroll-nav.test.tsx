import { render } from '@testing-library/react';
import { MemoryRouter, NavLink } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useActiveLinkInView } from '../scroll-nav';

function Strip() {
  const ref = useActiveLinkInView<HTMLElement>();
  return (
    <nav ref={ref} aria-label="Sections">
      {['a', 'b', 'c', 'd'].map((s) => (
        <NavLink key={s} to={`/${s}`}>
          {s}
        </NavLink>
      ))}
    </nav>
  );
}

/** jsdom has no layout: each link is 100 px wide, the strip shows 150 px of its 400. */
function fakeLayout() {
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.tagName === 'NAV' ? 400 : 100;
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.tagName === 'NAV' ? 150 : 100;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(100);
  vi.spyOn(HTMLElement.prototype, 'offsetLeft', 'get').mockImplementation(function (this: HTMLElement) {
    return this.tagName === 'NAV' ? 0 : [...this.parentElement!.children].indexOf(this) * 100;
  });
}

afterEach(() => vi.restoreAllMocks());

describe('useActiveLinkInView', () => {
  it('scrolls the strip so the current link is in view, and leaves it when it already is', () => {
    fakeLayout();
    const { getByRole, unmount } = render(
      <MemoryRouter initialEntries={['/d']}>
        <Strip />
      </MemoryRouter>,
    );
    // Link d spans 300–400: the strip scrolls to show its right edge plus a margin.
    expect(getByRole('navigation').scrollLeft).toBe(400 - 150 + 16);
    unmount();
    const first = render(
      <MemoryRouter initialEntries={['/a']}>
        <Strip />
      </MemoryRouter>,
    );
    expect(first.getByRole('navigation').scrollLeft).toBe(0);
  });
});
