import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * A nav that scrolls sideways on narrow screens keeps its current link in view: after every
 * navigation the link marked aria-current="page" is scrolled into the strip (never the page).
 */
export function useActiveLinkInView<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const nav = ref.current;
    const active = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !active || nav.scrollWidth <= nav.clientWidth) return;
    const left = active.offsetLeft - nav.offsetLeft;
    const right = left + active.offsetWidth;
    if (left < nav.scrollLeft) nav.scrollLeft = left - 16;
    else if (right > nav.scrollLeft + nav.clientWidth) nav.scrollLeft = right - nav.clientWidth + 16;
  }, [pathname]);
  return ref;
}

/** Fades a sideways-scrolling strip's edges on small screens, a hint that there is more to scroll to. */
export const SCROLL_STRIP_FADE =
  'max-md:[mask-image:linear-gradient(to_right,transparent,black_12px,black_calc(100%-24px),transparent)] max-md:px-3';
