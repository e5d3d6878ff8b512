import type { FeatureFlag } from '@shared/brands';

/** What a route declares in its `handle`: title, layout, middleware and colour mode. */
export const LAYOUT_NAMES = ['cabinet', 'landing', 'onboarding', 'public', 'topnav', 'empty'] as const;
export type LayoutName = (typeof LAYOUT_NAMES)[number];

export type ColorMode = 'light' | 'dark' | 'system';

export type RouteMeta = {
  title?: string;
  /** Layout by name; the default layout when absent. */
  layout?: LayoutName;
  /** Middleware names (cabinet, onboarding, public); an unknown name throws. */
  middleware?: readonly string[];
  /** The page's own colour mode: a class on the page container, never on <html>. */
  colorMode?: ColorMode;
  /** The brand feature the page belongs to: on a brand that switches it off, the page is a 404. */
  feature?: FeatureFlag;
  /**
   * The page paints without the data layer (the query cache, the API client, the notification
   * poller), which loads with the first page that needs it: the auth pages (docs/decisions.md,
   * "The sign-in page paints light").
   */
  light?: boolean;
};

export function isRouteMeta(value: unknown): value is RouteMeta {
  return typeof value === 'object' && value !== null;
}

/** The deepest route's meta wins, field by field (a child inherits its parent's layout). */
export function mergeMeta(handles: readonly unknown[]): RouteMeta {
  const merged: RouteMeta = {};
  for (const h of handles) {
    if (!isRouteMeta(h)) continue;
    if (h.title !== undefined) merged.title = h.title;
    if (h.layout !== undefined) merged.layout = h.layout;
    if (h.middleware !== undefined) merged.middleware = h.middleware;
    if (h.colorMode !== undefined) merged.colorMode = h.colorMode;
    if (h.feature !== undefined) merged.feature = h.feature;
    if (h.light !== undefined) merged.light = h.light;
  }
  return merged;
}
